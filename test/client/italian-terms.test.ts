/**
 * The Italian screens and report name the crew one way: "capo tavolo" (an
 * outsider found "capo tavola" in one sentence, pass 9).
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { EN } from '../../client/lang-en.ts';
import { IT } from '../../client/lang-it.ts';

const REPORT_WORDS = readFileSync(new URL('../../server/http/report-words.ts', import.meta.url), 'utf8');

describe('the Italian names of the crew', () => {
  it('says "capo tavolo", never "capo tavola", on the screens and in the report', () => {
    const texts = [...Object.values(IT), REPORT_WORDS];
    expect(texts.filter((text) => /capo tavola/i.test(text))).to.deep.equal([]);
    expect(texts.some((text) => /capo tavolo/.test(text))).to.equal(true);
  });
});

describe('the floor’s words for an annulled coup', () => {
  it('tells a chef’s annulment from a coup the shoe’s end cut short, in Italian as in English (outsider pass 30)', () => {
    for (const words of [EN, IT]) expect(words['floor.ruledAnnul']).to.not.equal(words['alertKind.annulled']);
    expect(IT['floor.ruledAnnul']).to.equal('Annullato dallo chef');
  });
});
