/**
 * A dialog never names its action with the word of its Cancel button (found when played as the crew:
 * the Italian void dialog said "Annulla la carta" above an
 * "Annulla" that closes it). Voiding a card is "invalidare" in Italian;
 * "annullare" stays the chef's annulment of a coup and the Cancel button.
 */
import { expect } from 'chai';
import { EN } from '../../client/lang-en.ts';
import { IT } from '../../client/lang-it.ts';
import type { Key } from '../../client/i18n.ts';

/** The texts of each dialog that has a Cancel button (tq-void-dialog, tq-dispute-dialog, tq-stakes' withdrawal, tq-suspend-form), and the button that opens it. */
const DIALOGS: Record<string, Key[]> = {
  void: ['tailleur.void', 'void.title', 'void.floor', 'void.sibilla'],
  dispute: ['tailleur.dispute', 'dispute.title', 'dispute.help'],
};

const stem = (word: string) => word.toLowerCase().slice(0, 6);

describe('the words of the dialogs', () => {
  for (const [l, dict] of [
    ['it', IT],
    ['en', EN],
  ] as const) {
    it(`names no action with the Cancel word (${l})`, () => {
      const cancel = stem(dict['common.cancel']);
      for (const [dialog, keys] of Object.entries(DIALOGS)) for (const k of keys) expect(dict[k].toLowerCase(), `${dialog}: ${k}`).not.to.include(cancel);
    });
  }

  it('answers the chef’s "annul the coup?" with a No that is not the Cancel word, "Annulla" beside "Sì, annullalo" (outside crew pass 42)', () => {
    for (const dict of [IT, EN]) {
      const no = dict['chef.annulNo'].toLowerCase();
      expect(no).not.to.include(stem(dict['common.cancel']));
      expect(no).not.to.include(stem(dict['chef.rulingAnnul'].split(' ')[0]!));
      expect(no).to.match(/^no\b/);
    }
  });

  it('voids a card with "invalida" in Italian, and keeps "Annulla" for Cancel', () => {
    expect(IT['void.title']).to.match(/^Invalida/);
    expect(IT['tailleur.void']).to.match(/^Invalida/);
    expect(IT['common.cancel']).to.equal('Annulla');
  });
});
