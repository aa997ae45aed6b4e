/**
 * C pressed before the bets are open answers the tailleur in the tailleur's
 * words. The server's refusal (BETS_CLOSED) reads, for the payeur, "bets are
 * closed: nothing may be placed, withdrawn or moved"; an outsider playing
 * tailleur got that sentence for a close with nothing to close.
 */
import { expect } from 'chai';
import { scriptErrors } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { textOf } from './support/wait.ts';

describe('dashboard: the tailleur closes bets that are not open (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('tailleur-close-before-open');

  for (const [lang, words, payeurs] of [
    ['en', 'Bets are not open', 'nothing may be placed'],
    ['it', 'Le puntate non sono aperte', 'nulla può essere puntato'],
  ] as const) {
    it(`says “${words}” (${lang})`, async () => {
      const t = await tables.open(7);
      await dealCards(t.tailleur, 5); // the burn; the bets are not open
      const page = await t.page('tailleur');
      await page.locator(`tq-app button[data-lang=${lang}]`).click();
      await page.locator('tq-table-status [data-phase=waiting]').waitFor();
      await page.keyboard.press('c');
      const error = page.locator('tq-tailleur [data-error]');
      await error.waitFor();
      const text = await textOf(error);
      expect(text).to.equal(words);
      expect(text).to.not.contain(payeurs);
      expect(await error.getAttribute('data-code')).to.equal('BETS_CLOSED');
      expect(scriptErrors(page)).to.deep.equal([]);
    });
  }
});
