import { expect } from 'chai';
import { chainBatch, chainEvents } from '../../../server/store/hash-chain.ts';
import { parseShoeLogText } from '../../../server/store/shoe-log-file.ts';
import { GENESIS_PREV, type StampedEvent, type StoredEvent } from '../../../server/store/stored-event.ts';
import { scanShoeBytes, verifyShoe, type ReplayFn, type VerifyProblem } from '../../../server/store/verify.ts';
import { card, META, shoeStart } from './helpers.ts';

const chainOnly = { replay: false } as const;

/** The lines of a stored shoe of eight events, as the store wrote them. */
function shoeLines(): string[] {
  const events = [shoeStart('s'), ...Array.from({ length: 7 }, (_, k) => card(k + 1, ['QH', 'TS', '2C', 'AD'][k % 4]))];
  return chainBatch(
    GENESIS_PREV,
    0,
    events.map((e) => ({ ...e, ...META })),
  )
    .text.trimEnd()
    .split('\n');
}

/** Verifies the lines both ways a file is read (text, and bytes hashed in place) and checks they agree. */
function verifyLines(lines: string[], replay: ReplayFn | false = false) {
  const text = `${lines.join('\n')}\n`;
  const fromText = verifyShoe(parseShoeLogText(text), { replay });
  const fromBytes = verifyShoe(scanShoeBytes(Buffer.from(text)), { replay });
  expect(fromBytes, 'bytes and text disagree').to.deep.equal(fromText);
  return fromText;
}

const where = (problems: VerifyProblem[]) => problems.map((p) => [p.index, p.kind]);

describe('verifyShoe: tampering shows where it happened', () => {
  it('finds nothing wrong with a shoe as written', () => {
    expect(verifyLines(shoeLines())).to.deep.include({ shoe: 's', ok: true, events: 8, problems: [] });
  });

  it('catches one byte flipped inside an event as a hash mismatch at that event', () => {
    const lines = shoeLines();
    lines[3] = lines[3]!.replace('"card":"2C"', '"card":"2D"');
    expect(where(verifyLines(lines).problems)).to.deep.equal([[3, 'hash-mismatch']]);
  });

  it('catches a byte flip that breaks the JSON as an unreadable line at that event', () => {
    const lines = shoeLines();
    lines[3] = lines[3]!.replace('{', '[');
    expect(verifyLines(lines).problems).to.deep.equal([{ index: 3, kind: 'unreadable', line: 4, message: verifyLines(lines).problems[0]!.message }]);
  });

  it('catches a deleted event at the place it was taken from', () => {
    const lines = shoeLines();
    lines.splice(4, 1);
    expect(where(verifyLines(lines).problems)).to.deep.equal([
      [4, 'index-mismatch'],
      [4, 'prev-mismatch'],
    ]);
  });

  it('catches two swapped events where they were swapped', () => {
    const lines = shoeLines();
    [lines[3], lines[4]] = [lines[4]!, lines[3]!];
    const problems = verifyLines(lines).problems;
    expect(problems[0]).to.include({ index: 3, kind: 'index-mismatch' });
    expect(problems.every((p) => p.index! >= 3 && p.index! <= 5 && p.kind !== 'hash-mismatch')).to.equal(true);
    expect(where(problems)).to.deep.include([4, 'prev-mismatch']);
  });

  it('catches a forged event inserted with a made-up hash at the forgery', () => {
    const lines = shoeLines();
    const forged = { ...(JSON.parse(lines[4]!) as StoredEvent), card: 'KS' };
    lines.splice(4, 0, JSON.stringify(forged));
    expect(where(verifyLines(lines).problems)).to.deep.equal([
      [4, 'hash-mismatch'],
      [5, 'index-mismatch'],
      [5, 'prev-mismatch'],
    ]);
  });

  it('catches a forged event inserted with its own hash made right, where it breaks the link to the next', () => {
    const lines = shoeLines();
    const before = JSON.parse(lines[3]!) as StoredEvent;
    const [forged] = chainBatch(before.hash, 4, [{ ...card(4, 'KS'), ...META }]).text.split('\n');
    lines.splice(4, 0, forged!);
    expect(where(verifyLines(lines).problems)).to.deep.equal([
      [5, 'index-mismatch'],
      [5, 'prev-mismatch'],
    ]);
  });

  it("catches an edited field whose event's own hash was recomputed: the next event's link breaks", () => {
    const lines = shoeLines();
    const edited = JSON.parse(lines[2]!) as StoredEvent & StampedEvent;
    lines[2] = chainBatch(edited.prev, 2, [{ ...edited, card: 'KH' } as StampedEvent]).text.trimEnd();
    const problems = verifyLines(lines).problems;
    expect(where(problems)).to.deep.equal([[3, 'prev-mismatch']]);
    expect(problems[0]!.message).to.match(/event 2 was changed/);
  });

  it('still verifies a line another tool re-spaced and re-ordered, since the content is unchanged', () => {
    const lines = shoeLines();
    const e = JSON.parse(lines[5]!) as Record<string, unknown>;
    lines[5] = JSON.stringify(Object.fromEntries(Object.entries(e).reverse())).replace(/,/g, ', ');
    expect(verifyLines(lines).ok).to.equal(true);
  });

  it('checks lines holding any Unicode, as their UTF-8 bytes were hashed', () => {
    const lines = shoeLines();
    const last = JSON.parse(lines.at(-1)!) as StoredEvent;
    lines.push(chainBatch(last.hash, 8, [{ type: 'dispute', coup: 1, announced: 'Deux après — 😀', ...META }]).text.trimEnd());
    expect(verifyLines(lines).ok).to.equal(true);
    lines[8] = lines[8]!.replace('après', 'apres');
    expect(where(verifyLines(lines).problems)).to.deep.equal([[8, 'hash-mismatch']]);
  });

  it('reports a last line without its newline as a torn tail', () => {
    const lines = shoeLines();
    const verdict = verifyShoe(parseShoeLogText(`${lines.join('\n')}\n{"type":"ca`), chainOnly);
    expect(where(verdict.problems)).to.deep.equal([[8, 'torn-tail']]);
  });
});

describe('verifyShoe: the rules replay', () => {
  const events = chainEvents(
    GENESIS_PREV,
    0,
    [shoeStart('s'), card(1), card(2), { type: 'open' as const }].map((e) => ({ ...e, ...META })),
  );

  it("turns each rule-violation of the replay into a 'rule' problem at its event, ignoring other alerts", () => {
    const replay: ReplayFn = () => ({
      alerts: [
        { kind: 'exposed-card', index: 1, message: 'seen face up' },
        { kind: 'rule-violation', index: 2, message: 'event 2 (card) refused: SEQ_GAP' },
      ],
    });
    const verdict = verifyShoe(events, { replay });
    expect(verdict.ok).to.equal(false);
    expect(verdict.problems).to.deep.equal([{ index: 2, kind: 'rule', message: 'event 2 (card) refused: SEQ_GAP' }]);
  });

  it('gives the replay the readable events, and maps its indexes back past unreadable lines', () => {
    const lines = events.map((e) => chainBatch(e.prev, e.i, [e]).text.trimEnd());
    lines[1] = 'not json';
    let seen: string[] = [];
    const replay: ReplayFn = (given) => {
      seen = given.map((e) => e.type);
      return { alerts: [{ kind: 'rule-violation', index: 2, message: 'open refused' }] };
    };
    const problems = verifyLines(lines, replay).problems;
    expect(seen).to.deep.equal(['shoe', 'card', 'open']);
    expect(where(problems)).to.deep.include([3, 'rule']);
  });

  it('reports a replay that throws instead of failing the verification', () => {
    const verdict = verifyShoe(events, {
      replay: () => {
        throw new Error('boom');
      },
    });
    expect(where(verdict.problems)).to.deep.equal([[null, 'replay-failed']]);
  });
});
