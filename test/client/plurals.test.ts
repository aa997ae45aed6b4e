/**
 * Counts read right in both languages ("1 scelte",
 * "1 allarmi", "1 shuffler alerts"): every text that counts something with
 * `{n}` has its singular, and `t` picks the form Intl.PluralRules names.
 */
import { expect } from 'chai';
import { plural, t, type Key } from '../../client/i18n.ts';
import { EN } from '../../client/lang-en.ts';
import { IT } from '../../client/lang-it.ts';
import { inLanguage } from './support/in-language.ts';

/** A text that counts: `{n}` followed by a noun ("{n} scelte"), in either language. */
const counts = (text: string) => /(^|: |di |behind )\{n\} \p{Ll}/u.test(text);
const COUNT_KEYS = (Object.keys(EN) as Key[]).filter((k) => !k.includes('#') && (counts(EN[k]) || counts(IT[k])));

describe('plurals of the interface', () => {
  it('finds the counting texts', () => {
    expect(COUNT_KEYS).to.include.members(['payeur.prisonWaiting', 'floor.linkAlerts', 'alerts.count', 'tailleur.pendingCount']);
  });

  it('has a singular for every text that counts, in English and Italian', () => {
    const missing = COUNT_KEYS.filter((k) => !Object.hasOwn(EN, `${k}#one`) || !Object.hasOwn(IT, `${k}#one`));
    expect(missing).to.deep.equal([]);
  });

  it('takes the form the language’s plural rule names for 0, 1, 2 and 21', () => {
    for (const l of ['it', 'en'] as const) {
      const dict = l === 'it' ? IT : EN;
      for (const k of COUNT_KEYS) {
        for (const n of [0, 1, 2, 21]) {
          const form = plural(l, n) === 'one' ? (`${k}#one` as Key) : k;
          expect(
            inLanguage(l, () => t(k, { n })),
            `${l} ${k} ${n}`,
          ).to.equal(dict[form].replace('{n}', String(n)));
        }
        expect(
          inLanguage(l, () => t(k, { n: 1 })),
          `${l} ${k}`,
        ).to.include('1');
      }
    }
  });

  it('says "1 scelta", "1 allarme", "1 alert", and "2 scelte"', () => {
    expect(inLanguage('it', () => t('payeur.prisonWaiting', { n: 1 }))).to.contain('1 scelta di prigione attende');
    expect(inLanguage('it', () => t('payeur.prisonWaiting', { n: 2 }))).to.contain('2 scelte di prigione attendono');
    expect(inLanguage('it', () => t('floor.linkAlerts', { n: 1 }))).to.equal('Linea della mescolatrice: 1 allarme ora');
    expect(inLanguage('it', () => t('alerts.count', { n: 1 }))).to.equal('1 avviso');
    expect(inLanguage('en', () => t('floor.linkAlerts', { n: 1 }))).to.equal('Shuffler line: 1 alert now');
    expect(inLanguage('en', () => t('floor.linkAlerts', { n: 3 }))).to.equal('Shuffler line: 3 alerts now');
    // the house edge's fates: "vincita/e" and "win(s)" no more
    expect(inLanguage('it', () => t('math.fate.released', { n: 1 }))).to.equal('liberata dopo 1 vincita');
    expect(inLanguage('it', () => t('math.fate.released', { n: 2 }))).to.equal('liberata dopo 2 vincite');
    expect(inLanguage('en', () => t('math.fate.released', { n: 1 }))).to.equal('released after 1 win');
  });
});
