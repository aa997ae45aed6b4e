/**
 * An annulled coup collects no insurance premium (docs/rules.md#insurance):
 * its rows show `premium` 0. The screens said "stakes and premiums returned"
 * beside an empty premium column, and an outsider's payeur could not tell
 * whether to hand back 150,00 or 151,50 (pass 9). They now say no premium is
 * due, in both languages, and the server's alert text too.
 */
import { expect } from 'chai';
import { t } from '../../client/i18n.ts';
import { alertText } from '../../client/server-text.ts';
import { inLanguage } from './support/in-language.ts';

const CUT = { kind: 'annulled', code: 'CUT_SHORT', message: '', params: { coup: 3 }, coup: 3 };

describe('the words of an annulled coup', () => {
  for (const [lang, due] of [
    ['en', /no insurance premium due/],
    ['it', /nessun premio d’assicurazione dovuto/],
  ] as const)
    it(`says no insurance premium is due, never "premiums returned" (${lang})`, () =>
      inLanguage(lang, () => {
        for (const text of [t('standing.annulled'), alertText(CUT)]) {
          expect(text).to.match(due);
          expect(text).to.not.match(/premiums returned|premi restituiti/);
        }
      }));

  it('says how the shoe ended when it cut the coup short, where the record says it', () =>
    inLanguage('en', () => {
      expect(alertText({ ...CUT, params: { coup: 3, how: 'empty' } })).to.match(/^Coup 3 cut short: the shuffler ran out of cards\./);
      expect(alertText({ ...CUT, params: { coup: 3, how: 'suspended' } })).to.match(/^Coup 3 cut short: the shoe was suspended\./);
      expect(alertText(CUT), 'an older record without it').to.match(/cards run out or suspended/);
    }));
});
