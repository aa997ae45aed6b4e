import { expect } from 'chai';
import fc from 'fast-check';
import { ALL_CARDS } from '../../shoe/card.ts';
import type { ShoeEvent } from '../../shoe/events.ts';
import { replayShoe } from '../../shoe/replay.ts';
import { VENICE_RULES } from '../../shoe/rules.ts';
import { formatShoeLog, parseShoeLog, ShoeLogError } from '../../shoe/shoe-log.ts';
import { MAX_LINE_DEPTH, parseLine } from '../../shoe/shoe-log-lines.ts';

const SHOE_LINE = `{"type":"shoe","table":"T1","shoe":"S1","cards":312,"rules":${JSON.stringify(VENICE_RULES)}}`;

/** Every event kind of docs/shoe-log.md, extensions included, with their optional fields. */
const EVERY_KIND: ShoeEvent[] = [
  { type: 'shoe', table: 'T1', shoe: 'S1', cards: 312, rules: { ...VENICE_RULES }, prison: [{ player: 's3', chance: 'rouge', amount: 10000, level: 1 }] },
  { type: 'card', seq: 1, card: 'QH' },
  { type: 'card', seq: 2, card: 'TS', exposed: true },
  { type: 'void', seq: 2, reason: 'floor' },
  { type: 'open' },
  { type: 'bet', player: 's3', chance: 'rouge', amount: 10000 },
  { type: 'bet', player: 's4', chance: 'couleur', amount: 500, insured: true },
  { type: 'bet', player: 's5', chance: 'noir', amount: 700, carried: true },
  { type: 'withdraw', player: 's3', chance: 'rouge' },
  { type: 'insure', player: 's5', chance: 'noir' },
  { type: 'close' },
  { type: 'close', cause: 'card' },
  { type: 'choice', player: 's3', chance: 'rouge', action: 'partager' },
  { type: 'choice', player: 's3', chance: 'rouge', action: 'move', to: 'noir' },
  { type: 'choice', player: 's3', chance: 'rouge', action: 'leave' },
  { type: 'confirm', coup: 4 },
  { type: 'confirm', coup: 5, call: 'Rouge gagne et couleur' },
  { type: 'dispute', coup: 4, announced: 'Rouge perd et couleur' },
  { type: 'resolve', coup: 4, ruling: 'annul', reason: 'card seen by the players' },
  { type: 'fault', code: 'JAM', text: 'card jammed in the exit' },
  { type: 'end', reason: 'empty' },
  { type: 'end', reason: 'suspended', at: '2026-11-22T10:00:00.000Z', by: 'chef' },
];

/** The ShoeLogError a log is refused with. */
function refusal(text: string): ShoeLogError {
  try {
    parseShoeLog(text);
  } catch (e) {
    if (e instanceof ShoeLogError) return e;
    throw e;
  }
  throw new Error('the log was accepted');
}

/** A log whose line 7 is `line` (six good lines before it). */
const atLineSeven = (line: string) =>
  [
    SHOE_LINE,
    '{"type":"card","seq":1,"card":"2C"}',
    '{"type":"card","seq":2,"card":"3C"}',
    '{"type":"card","seq":3,"card":"4C"}',
    '{"type":"card","seq":4,"card":"5C"}',
    '{"type":"open"}',
    line,
  ].join('\n');

// docs/shoe-log.md
describe('shoe log', () => {
  describe('reading', () => {
    it('reads every event kind back exactly as it was written', () => {
      expect(parseShoeLog(formatShoeLog(EVERY_KIND))).to.deep.equal(EVERY_KIND);
    });

    it('accepts 10H and lower case in card notation and normalises them to TH', () => {
      const events = parseShoeLog('{"type":"card","seq":1,"card":"10H"}\n{"type":"card","seq":2,"card":"qs"}\n');
      expect(events.map((e) => (e.type === 'card' ? e.card : null))).to.deep.equal(['TH', 'QS']);
    });

    it('normalises any card in either notation to its canonical form', () => {
      fc.assert(
        fc.property(fc.constantFrom(...ALL_CARDS), fc.boolean(), fc.boolean(), (card, ten, lower) => {
          let written: string = ten && card[0] === 'T' ? `10${card[1]}` : card;
          if (lower) written = written.toLowerCase();
          const [event] = parseShoeLog(JSON.stringify({ type: 'card', seq: 9, card: written }));
          expect(event).to.deep.equal({ type: 'card', seq: 9, card });
        }),
      );
    });

    it('keeps fields it does not know on the event, and the rules ignore them', () => {
      const [shoe, card] = parseShoeLog(
        `${SHOE_LINE.slice(0, -1)},"hash":"ab12"}\n{"type":"card","seq":1,"card":"2C","at":"2026-11-22T10:00:00Z","by":"shuffler","prev":"ff00"}`,
      );
      expect(shoe).to.include({ hash: 'ab12' });
      expect(card).to.deep.equal({ type: 'card', seq: 1, card: '2C', at: '2026-11-22T10:00:00Z', by: 'shuffler', prev: 'ff00' });
      expect(replayShoe([shoe!, card!]).alerts).to.deep.equal([]);
    });

    it('skips blank lines and reads Windows line ends', () => {
      const events = parseShoeLog(`\n${SHOE_LINE}\r\n\r\n   \n{"type":"open"}\r\n`);
      expect(events.map((e) => e.type)).to.deep.equal(['shoe', 'open']);
    });

    it('leaves rule violations to the replay: a bet before the shoe starts still reads', () => {
      const events = parseShoeLog('{"type":"bet","player":"s1","chance":"rouge","amount":-500}');
      expect(events).to.have.length(1);
      expect(replayShoe(events).alerts.map((a) => a.kind)).to.deep.equal(['rule-violation']);
    });
  });

  describe('refusing a malformed line, with its line number', () => {
    it('names the line and the field: an amount in fractions of a cent', () => {
      const e = refusal(atLineSeven('{"type":"bet","player":"s3","chance":"rouge","amount":12.5}'));
      expect(e.code).to.equal('SHOE_LOG');
      expect(e.line).to.equal(7);
      expect(e.message).to.equal('line 7: "amount" must be a whole number of cents');
    });

    it('counts blank lines in the numbering', () => {
      expect(refusal(`${SHOE_LINE}\n\n{"type":"open"}\n{"type":"bet"}`).line).to.equal(4);
    });

    it('names an unknown event type and its line', () => {
      expect(refusal(atLineSeven('{"type":"shuffle","seq":3}')).message).to.equal('line 7: unknown event type "shuffle"');
    });

    it('refuses a line without a type', () => {
      expect(refusal('{"seq":3}').message).to.equal('line 1: "type" is missing');
    });

    it('refuses a line that is not JSON, or not an object', () => {
      expect(refusal(atLineSeven('{"type":"open"')).message).to.match(/^line 7: not valid JSON/);
      expect(refusal('[1,2]').message).to.equal('line 1: an event is a JSON object');
      expect(refusal('"open"').message).to.equal('line 1: an event is a JSON object');
    });

    // docs/rules.md#cards-and-shoe
    it('refuses a card that is not in the card notation', () => {
      expect(refusal('{"type":"card","seq":1,"card":"1H"}').message).to.equal('line 1: "card" must be a card like TH, 10H or QS, not "1H"');
      expect(refusal('{"type":"card","seq":1.5,"card":"TH"}').message).to.equal('line 1: "seq" must be a whole card number');
    });

    it('refuses a chance that is not one of the four', () => {
      expect(refusal('{"type":"withdraw","player":"s1","chance":"rosso"}').message).to.equal('line 1: "chance" must be one of rouge, noir, couleur, inverse');
    });

    it('lists every missing rule setting of the shoe line', () => {
      const e = refusal('{"type":"shoe","table":"T1","shoe":"S1","cards":312,"rules":{"burn":5,"min":500,"max":500000,"insurance":0.01}}');
      expect(e.message).to.equal('line 1: "rules.maxPrisonLevel" is missing; "rules.exposedCoupLimit" is missing; "rules.endOfShoeRelease" is missing');
    });

    it('points into a carried prison stake', () => {
      const line = `${SHOE_LINE.slice(0, -1)},"prison":[{"player":"s3","chance":"rouge","amount":10000,"level":"one"}]}`;
      expect(refusal(line).message).to.equal('line 1: "prison[0].level" must be a whole prison level');
    });

    it('refuses a move that does not say where to', () => {
      expect(refusal('{"type":"choice","player":"s3","chance":"rouge","action":"move"}').message).to.equal(
        'line 1: "to" is required: a move names the chance it goes to',
      );
    });

    it('refuses optional fields of the wrong type', () => {
      expect(refusal('{"type":"card","seq":1,"card":"TH","exposed":"yes"}').message).to.equal('line 1: "exposed" must be true or false');
      expect(refusal('{"type":"open","at":12}').message).to.equal('line 1: "at" must be an ISO time');
      expect(refusal('{"type":"end","reason":"broken"}').message).to.equal('line 1: "reason" must be "empty" or "suspended"');
    });
  });

  describe('writing', () => {
    it('writes one JSON object per line, each ending in a newline', () => {
      const text = formatShoeLog(EVERY_KIND);
      expect(text.endsWith('}\n')).to.equal(true);
      const lines = text.split('\n');
      expect(lines.pop()).to.equal('');
      expect(lines.map((l) => JSON.parse(l))).to.deep.equal(EVERY_KIND);
    });

    it('writes nothing for no events', () => {
      expect(formatShoeLog([])).to.equal('');
    });
  });

  describe('nesting of a line', () => {
    const nested = (depth: number, extra = '') => `{"a":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}${extra}}`;
    it(`reads a line nested ${MAX_LINE_DEPTH} deep, with more brackets than that beside or in its strings`, () => {
      expect(parseLine(nested(MAX_LINE_DEPTH), 1).kind).to.equal('event');
      expect(parseLine(nested(MAX_LINE_DEPTH, ',"b":[[],[],{},{}]'), 1).kind).to.equal('event');
      expect(parseLine(`{"a":"${'{['.repeat(20)}"}`, 1).kind).to.equal('event');
    });
    it(`refuses a line nested deeper than ${MAX_LINE_DEPTH}, its brackets counted or scanned`, () => {
      expect(parseLine(nested(MAX_LINE_DEPTH + 1), 1)).to.include({ kind: 'unreadable', reason: `nested more than ${MAX_LINE_DEPTH} levels deep` });
      expect(parseLine(nested(MAX_LINE_DEPTH + 1, ',"s":"{{{{"'), 1)).to.include({ kind: 'unreadable' });
    });
  });
});
