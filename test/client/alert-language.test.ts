/**
 * Every alert reads in the crew's language: the faults the
 * table stores (a shuffler reloaded mid-shoe, a silent line) and the line's
 * alerts carry a code and their values, and the client says them from those,
 * never the server's English sentence. The alerts are raised by the real
 * rules (shoe/decide.ts, shoe/evolve.ts) and the real line producers' shapes.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { SERVER_EN } from '../../client/server-text-en.ts';
import { SERVER_IT } from '../../client/server-text-it.ts';
import { alertText, shufflerStateText, type AlertLike } from '../../client/server-text.ts';
import { decide } from '../../shoe/decide.ts';
import { replayShoe } from '../../shoe/replay.ts';
import { parseShoeLog } from '../../shoe/shoe-log.ts';
import { evolve } from '../../shoe/evolve.ts';
import { actorName, describeEvent } from '../../client/event-text.ts';
import type { StoredEvent } from '../../server/store/stored-event.ts';
import { inLanguage } from './support/in-language.ts';

const inItalian = <T>(fn: () => T): T => inLanguage('it', fn);

const alertWords = (dict: Record<string, string>) =>
  Object.entries(dict)
    .filter(([k]) => k.startsWith('alert.'))
    .flatMap(
      ([, v]) =>
        v
          .replace(/\{\w+\}|\b[A-Z][A-Z_]+\b/g, ' ')
          .toLowerCase()
          .match(/\p{L}+/gu) ?? [],
    );
/** English words of the alerts' own English texts, less those the Italian texts use too (a, no, sabot, chef de table, tq recover). */
const ITALIAN = new Set(alertWords(SERVER_IT));
const ENGLISH = new Set(alertWords(SERVER_EN).filter((w) => !ITALIAN.has(w)));
const englishIn = (text: string) =>
  (
    text
      .replace(/\b[A-Z][A-Z_]+\b/g, ' ')
      .toLowerCase()
      .match(/\p{L}+/gu) ?? []
  ).filter((w) => ENGLISH.has(w));

describe('alerts in the crew’s language', () => {
  it('says a reload of the shuffler and a silent line, stored as faults, in Italian with their values', () => {
    const events = parseShoeLog(readFileSync(new URL('../../fixtures/ordinary.jsonl', import.meta.url), 'utf8')).slice(0, 12);
    let { state } = replayShoe(events);
    const silent = { type: 'fault', code: 'SILENT', text: 'no frame from the shuffler for 15 s' } as const;
    for (const e of [silent, ...decide(state, { type: 'reload', serial: 'SHOE-0042' })]) state = evolve(state, e);
    const [silence, reload] = state.alerts.toArray().filter((a) => a.kind === 'fault');
    expect(reload!.code).to.equal('RELOAD');
    const texts = inItalian(() => [alertText(silence!), alertText(reload!)]);
    expect(texts[0]).to.equal('Guasto registrato: nessun segnale dalla mescolatrice da 15 s');
    expect(texts[1]).to.equal(`La mescolatrice ha annunciato un nuovo sabot (SHOE-0042) alla carta ${state.lastSeq} di questo: il sabot è sospeso`);
  });

  it('says the shuffler’s reported state in Italian, an unknown one as sent', () => {
    expect(inItalian(() => ['READY', 'DEALING', 'WAITING', 'EMPTY', 'SERVICE'].map(shufflerStateText))).to.deep.equal([
      'pronta',
      'in distribuzione',
      'in attesa di conferme',
      'vuota',
      'SERVICE',
    ]);
  });

  it('says every alert of the table and of the line with its code and values, with no English word left', () => {
    const alerts: AlertLike[] = [
      { kind: 'foreign-card', seq: 7, message: 'm', params: { seq: 7, card: 'QH' } },
      { kind: 'exposed-card', seq: 6, coup: 1, message: 'm', params: { seq: 6, card: 'TS', coup: 1 } },
      { kind: 'suspended', coup: 4, message: 'm', params: { coup: 4, n: 3 } },
      { kind: 'void', seq: 9, message: 'm', params: { seq: 9, card: '2C', reason: 'sibilla' } },
      { kind: 'rule-violation', code: 'BETS_CLOSED', message: 'm', params: { n: 12, type: 'bet', code: 'BETS_CLOSED' } },
      { kind: 'out-of-turn', code: 'BETS_NOT_OPEN', seq: 11, coup: 2, message: 'm', params: { seq: 11, coup: 2 } },
      { kind: 'out-of-turn', code: 'DISPUTED', seq: 11, coup: 3, message: 'm', params: { seq: 11, coup: 3, disputed: 2 } },
      { kind: 'fault', code: 'GAP', message: 'm', params: { code: 'GAP', text: 't', from: 8 } },
      { kind: 'fault', code: 'JAM', message: 'm', params: { code: 'JAM', text: 'Card jam' } },
      { kind: 'fault', code: 'NO_SHOE_FRAME', message: 'm', params: { code: 'NO_SHOE_FRAME', text: 't' } },
      { kind: 'annulled', code: 'RULING', coup: 5, message: 'm', params: { coup: 5, reason: 'carta caduta' } },
      { kind: 'annulled', code: 'CUT_SHORT', coup: 6, message: 'm', params: { coup: 6 } },
      { kind: 'annulled', code: 'CUT_SHORT', coup: 7, message: 'm', params: { coup: 7, how: 'empty' } },
      { kind: 'annulled', code: 'CUT_SHORT', coup: 8, message: 'm', params: { coup: 8, how: 'suspended' } },
      { kind: 'dispute', coup: 4, message: 'm', params: { coup: 4, announced: 'Rouge gagne et couleur' } },
      { kind: 'silent', message: 'm', params: { s: 15 } },
      { kind: 'gap', message: 'm', params: { from: 8 } },
      { kind: 'port-lost', message: 'm', params: { why: 'EIO' } },
      { kind: 'port-reopened', message: 'm', params: { from: 8 } },
      { kind: 'bad-frame', code: 'CHECKSUM', message: 'm' },
      { kind: 'shuffler-error', code: 'JAM', message: 'm', params: { code: 'JAM', text: 'Card jam' } },
      { kind: 'shuffler-error', code: 'EMPTY_MISMATCH', message: 'm', params: { seq: 300, stored: 302 } },
      { kind: 'shuffler-error', code: 'SHOE_REFUSED', message: 'm', params: { serial: 'S-9', why: 'x' } },
      { kind: 'card-refused', code: 'SEQ_MISMATCH', message: 'm', params: { seq: 3, card: 'QH', stored: '2C' } },
      { kind: 'card-refused', code: 'BURN_NOT_DONE', message: 'm', params: { seq: 3, card: 'QH' } },
    ];
    for (const a of alerts) {
      const text = inItalian(() => alertText(a));
      expect(text, `${a.kind} ${a.code ?? ''}`).not.to.equal(a.message);
      expect(englishIn(text), text).to.deep.equal([]);
      // the Italian names every value the English names
      const english = inLanguage('en', () => alertText(a));
      expect(english, `${a.kind} ${a.code ?? ''} in English`).not.to.equal(a.message);
      for (const [k, v] of Object.entries(a.params ?? {}))
        if (typeof v === 'number' && english.includes(String(v))) expect(text, `${a.kind} ${a.code ?? ''} names its ${k}`).to.include(String(v));
    }
  });
});

describe('cards in alerts', () => {
  it('writes a card as on its face, not in the log’s code', () => {
    const voided = { kind: 'void', seq: 6, message: 'm', params: { seq: 6, card: '2S', reason: 'floor' } } as AlertLike;
    const refused = { kind: 'card-refused', code: 'SEQ_MISMATCH', message: 'm', params: { seq: 3, card: 'TH', stored: '2C' } } as AlertLike;
    expect(inItalian(() => alertText(voided)))
      .to.include('(2 ♠)')
      .and.not.include('2S');
    expect(inLanguage('en', () => alertText(refused)))
      .to.include('10 ♥')
      .and.include('2 ♣')
      .and.not.match(/\bTH\b|\b2C\b/);
  });
});

describe('who did it, in the crew’s language', () => {
  it('names the shuffler and tq recover in Italian, a person by their user name', () => {
    expect(inItalian(() => [actorName('shuffler'), actorName('tq recover'), actorName('system'), actorName('p1')])).to.deep.equal([
      'mescolatrice',
      'recupero (tq recover)',
      'sistema',
      'p1',
    ]);
  });
});

describe('a stored fault in who did what', () => {
  it('says a reload and a silent line by their code in Italian, another code with the shuffler’s text', () => {
    const at = '2026-11-20T20:00:00.000Z';
    const fault = (code: string, text: string) => ({ type: 'fault', code, text, i: 9, at, by: 'shuffler', prev: '', hash: '' }) as unknown as StoredEvent;
    const [state] = [replayShoe(parseShoeLog(readFileSync(new URL('../../fixtures/ordinary.jsonl', import.meta.url), 'utf8')).slice(0, 12)).state];
    const reload = decide(state, { type: 'reload', serial: 'SHOE-0042' })[0] as { code: string; text: string };
    expect(inItalian(() => describeEvent(fault(reload.code, reload.text)))).to.equal(
      `La mescolatrice ha annunciato un nuovo sabot (SHOE-0042) alla carta ${state.lastSeq} di questo: il sabot è sospeso`,
    );
    expect(inItalian(() => describeEvent(fault('SILENT', 'no frame from the shuffler for 15 s')))).to.equal(
      'Guasto registrato: nessun segnale dalla mescolatrice da 15 s',
    );
    expect(inItalian(() => describeEvent(fault('TILT', 'Tilt sensor')))).to.equal('Guasto mescolatrice TILT: Tilt sensor');
  });
});
