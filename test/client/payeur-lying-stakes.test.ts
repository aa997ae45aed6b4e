/**
 * Between an après and the next open the payeur's "Stakes on the table" read "No stakes yet" while the après's chips
 * lay on the layout (outsider pass 33): they are listed, muted, under what they wait for (shoe/table-view.ts
 * `lyingStakes`, client/components/tq-stakes.ts), and once the bets open they are the carried stakes, listed once.
 * Seed 6, whose coup 1 is a 31 après (read from the seeded shoe): an insured stake stands.
 */
import { expect } from 'chai';
import { scriptErrors, screenshot } from './support/chromium.ts';
import { freshTables } from './support/fresh-table.ts';
import { playCoups } from './support/play-coups.ts';
import { textOf, waitText } from './support/wait.ts';
import { seededDeal } from '../support/seeded-deal.ts';

const SEED = 6;
const COUPS = seededDeal(SEED, 1).coups;

describe('dashboard: payeur, the stakes an après leaves lying (Chromium, simulator seed 6)', function () {
  this.timeout(180_000);
  const tables = freshTables('payeur-lying-stakes');

  for (const [italian, note, amount] of [
    [false, 'Left on the layout by the après: back in play when the bets open.', '100.00'],
    [true, 'Lasciate sul tavolo dall’après: di nuovo in gioco all’apertura delle puntate.', '100,00'],
  ] as const) {
    it(`lists them until the bets open, then as carried stakes only (${italian ? 'Italian' : 'English'})`, async () => {
      expect(COUPS[0]!.call).to.equal('Un après');
      const t = await tables.open(SEED);
      const payeur = await t.table.as('payeur');
      await t.ready();
      await payeur.post('/api/bets', { player: 's5', chance: 'rouge', amount: 10_000, insured: true });
      await playCoups(t, payeur, COUPS);
      const page = await t.page('payeur', 'tablet');
      if (italian) await page.locator('tq-app button[data-lang=it]').click();
      const stakes = page.locator('tq-stakes');
      await waitText(stakes.locator('[data-lying-note]'), note);
      const row = stakes.locator('tr[data-lying-stake="s5:rouge"]');
      expect(await textOf(row.locator('td.num'))).to.equal(amount);
      expect(await stakes.locator('tr[data-stake]').count()).to.equal(0);
      expect(await textOf(stakes)).not.to.include(italian ? 'Nessuna puntata' : 'No stakes yet');
      await screenshot(page, `payeur-lying-stakes-${italian ? 'it' : 'en'}`);

      await t.tailleur.post('/api/bets/open');
      await waitText(stakes.locator('tr[data-stake="s5:rouge"] td.num').first(), amount);
      expect(await stakes.locator('[data-lying]').count()).to.equal(0);
      expect(await stakes.locator('[data-lying-note]').count()).to.equal(0);
      expect(scriptErrors(page)).to.deep.equal([]);
    });
  }
});
