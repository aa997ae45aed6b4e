/**
 * A stake an après left on the layout, then bet on: its row says both parts (shoe/table-view.ts `carriedAmount`,
 * client/components/tq-stakes.ts). An outsider topped up a carried 100 with 300 and read "carried (après) · 400.00",
 * the 300 just added called carried too. Seed 6, whose coup 1 is a 31 après (read from the seeded shoe): an insured
 * stake stands, and the next bets carry it.
 */
import { expect } from 'chai';
import { scriptErrors, screenshot } from './support/chromium.ts';
import { freshTables } from './support/fresh-table.ts';
import { playCoups } from './support/play-coups.ts';
import { enterStake } from './support/stake-keys.ts';
import { textOf, waitText } from './support/wait.ts';
import { seededDeal } from '../support/seeded-deal.ts';

const SEED = 6;
const COUPS = seededDeal(SEED, 1).coups;

describe('dashboard: payeur, a carried stake topped up (Chromium, simulator seed 6)', function () {
  this.timeout(180_000);
  const tables = freshTables('payeur-carried-topped-up');

  for (const [italian, carried, parts] of [
    [false, 'carried (après)', '100.00 carried + 300.00 new'],
    [true, 'riportata (après)', '100,00 riportata + 300,00 nuova'],
  ] as const) {
    it(`says the carried part and the part added (${italian ? 'Italian' : 'English'})`, async () => {
      expect(COUPS[0]!.call).to.equal('Un après');
      const t = await tables.open(SEED);
      const payeur = await t.table.as('payeur');
      await t.ready();
      await payeur.post('/api/bets', { player: 's5', chance: 'rouge', amount: 10_000, insured: true });
      await playCoups(t, payeur, COUPS);
      await t.tailleur.post('/api/bets/open');
      const page = await t.page('payeur', 'tablet');
      if (italian) await page.locator('tq-app button[data-lang=it]').click();
      const row = page.locator('tq-stakes tr[data-stake="s5:rouge"]');
      await waitText(row.locator('[data-carried]'), carried);
      await enterStake(page, 's5', 'r', '300');
      await page.locator('tq-stake-entry [data-add-confirm] button[data-add-yes]').click();
      await waitText(row.locator('td.num').first(), italian ? '400,00' : '400.00');
      await waitText(row.locator('[data-carried]'), parts);
      expect(await textOf(row.locator('[data-carried]'))).to.equal(parts);
      await screenshot(page, `payeur-carried-topped-up-${italian ? 'it' : 'en'}`);
      expect(scriptErrors(page)).to.deep.equal([]);
    });
  }
});
