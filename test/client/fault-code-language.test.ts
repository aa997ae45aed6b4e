/**
 * Every fault the table stores reads in the crew's language, both as the
 * alert of the shoe's state and in who did what: a refused shuffler shoe
 * read "Guasto mescolatrice: SHOE_REFUSED: shoe SIM-11-2 refused: the
 * shuffler's shoe …" in an Italian screen. The codes are taken from the
 * server's own sources, so a new code without a text fails here.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { alertText } from '../../client/server-text.ts';
import { describeEvent } from '../../client/event-text.ts';
import { faultParams } from '../../shoe/fault-params.ts';
import type { StoredEvent } from '../../server/store/stored-event.ts';
import { inLanguage } from './support/in-language.ts';

const source = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** The fault codes the system writes: `fault` commands and the link's stored alerts (server/table/table-service.ts STORED_ALERTS). */
function systemFaultCodes(): string[] {
  const files = [
    'shoe/decide.ts',
    'server/table/table-service.ts',
    'server/store/recover-shoe.ts',
    'server/serial/link-session.ts',
    'server/serial/card-intake.ts',
  ];
  const codes = new Set(['SILENT', 'GAP']);
  for (const f of files) {
    for (const m of source(f).matchAll(/type: 'fault', code: '([A-Z_]+)'/g)) codes.add(m[1]!);
    for (const m of source(f).matchAll(/kind: 'shuffler-error',\s*code: '([A-Z_]+)'/g)) codes.add(m[1]!);
  }
  return [...codes].sort();
}

/** The text each code's fault is written with, as its producer writes it. */
const TEXTS: Record<string, string> = {
  EMPTY_MISMATCH: 'EMPTY after card 300, but 302 cards are stored',
  GAP: 'gap in the cards: card 9 after 7; asking RESEND from 8',
  NO_SHOE_FRAME: 'cards arrived with no SHOE frame: shoe started for them',
  RECOVERED: 'shoe T1-2026-11-20-001 recovered by tq recover',
  RELOAD: 'the shuffler announced a new shoe (SHOE-0042) at card 40 of this one: suspended',
  RESTART: 'the table server started again with this shoe in play: it resumes after card 7',
  SHOE_REFUSED:
    "shoe SIM-11-2 refused: the shuffler's shoe SIM-11-2 was dealt into table shoe T1-2026-11-26-003: it feeds no other shoe; load a freshly shuffled shoe",
  SILENT: 'no frame from the shuffler for 15 s',
};

const fault = (code: string, text: string) =>
  ({ type: 'fault', code, text, i: 9, at: '2026-11-26T20:00:00.000Z', by: 'shuffler', prev: '', hash: '' }) as unknown as StoredEvent;
/** A fault's alert as shoe/evolve.ts raises it. */
const alertOf = (code: string, text: string) => ({
  kind: 'fault',
  code,
  message: text.includes(code) ? text : `${code}: ${text}`,
  params: faultParams(code, text),
});

describe('every fault the system stores, in both languages', () => {
  it('finds the codes the server writes', () => {
    expect(systemFaultCodes()).to.include.members(['RELOAD', 'SHOE_REFUSED', 'EMPTY_MISMATCH', 'NO_SHOE_FRAME']);
  });

  for (const code of systemFaultCodes()) {
    it(`says ${code} by its own text, never the server's sentence`, () => {
      const text = TEXTS[code];
      expect(text, `a sample text of ${code} in this test`).to.be.a('string');
      for (const l of ['it', 'en'] as const) {
        const shown = [inLanguage(l, () => alertText(alertOf(code, text!))), inLanguage(l, () => describeEvent(fault(code, text!)))];
        for (const s of shown) {
          expect(s, `${l}: ${s}`).not.to.include(text);
          expect(s, `${l}: ${s}`).not.to.match(new RegExp(`${code}:`));
        }
      }
    });
  }

  it('names the refused shuffler shoe and the table shoe it was dealt into', () => {
    const text = TEXTS.SHOE_REFUSED!;
    expect(inLanguage('it', () => alertText(alertOf('SHOE_REFUSED', text)))).to.equal(
      'Guasto registrato: il sabot SIM-11-2 della mescolatrice è stato rifiutato, era già stato distribuito nel sabot T1-2026-11-26-003: caricare un sabot appena mescolato',
    );
    expect(inLanguage('en', () => describeEvent(fault('SHOE_REFUSED', text)))).to.equal(
      'Fault recorded: the shuffler’s shoe SIM-11-2 was refused, it was already dealt into table shoe T1-2026-11-26-003: load a freshly shuffled shoe',
    );
    // refused for another reason: the serial, without the reason's English
    expect(inLanguage('it', () => alertText(alertOf('SHOE_REFUSED', 'shoe SIM-12 refused: table closed')))).to.equal(
      'Guasto registrato: il nuovo sabot SIM-12 annunciato dalla mescolatrice è stato rifiutato',
    );
  });
});
