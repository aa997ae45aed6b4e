/**
 * Italian elides with one apostrophe throughout: the typographic ’. The crew saw
 * "dell'esito" beside "l’annuncio" on one screen (outsider pass 33). Every
 * Italian text of the screens, the server's messages and the printable report.
 */
import { expect } from 'chai';
import { IT } from '../../client/lang-it.ts';
import { SERVER_IT } from '../../client/server-text-it.ts';
import { REPORT_TERMS } from '../../server/http/report-terms.ts';
import { reportLocale } from '../../server/http/report-words.ts';

/** Every string in a value, however nested. */
const strings = (v: unknown): string[] =>
  typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(strings) : v !== null && typeof v === 'object' ? Object.values(v).flatMap(strings) : [];

describe('Italian apostrophes', () => {
  it('are typographic in every Italian text: screens, server messages and the printable report', () => {
    const texts = [...strings(IT), ...strings(SERVER_IT), ...strings(REPORT_TERMS.it), ...strings(reportLocale('it', 'UTC').words)];
    expect(texts.length).to.be.above(500);
    expect(texts.filter((s) => /\p{L}'\p{L}/u.test(s))).to.deep.equal([]);
  });
});
