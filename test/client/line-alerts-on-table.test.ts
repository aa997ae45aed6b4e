/**
 * The shuffler line's current alerts on every table screen's status bar, as on the floor
 * (server/table/link-summary.ts): a frame the line garbled is said once as the tailleur's banner,
 * and then stays counted, with its words, on the tailleur's, the payeur's and the chef's bars
 * for as long as it is current. Outsider pass 10 (D5): refused cards were told only on the
 * floor, and nobody at the table knew to reload the shuffler.
 */
import { expect } from 'chai';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { screenshot } from './support/chromium.ts';
import { waitText } from './support/wait.ts';

describe('dashboards: the line alerts now, on every table screen (Chromium, real server)', function () {
  this.timeout(120_000);
  const tables = freshTables('line-alerts-on-table');

  it('counts a garbled frame on the tailleur’s, the payeur’s and the chef’s status bars, with what it was', async () => {
    const t = await tables.open(7, { faults: 'badChecksum@2' });
    const pages = { tailleur: await t.page('tailleur'), payeur: await t.page('payeur'), chef: await t.page('chef') };
    for (const page of Object.values(pages)) expect(await page.locator('tq-table-status [data-line-alerts]').count(), 'no alert yet').to.equal(0);
    await dealCards(t.tailleur, 3); // card 2 first comes with a bad checksum; the resend stores it
    for (const [role, page] of Object.entries(pages)) {
      const now = page.locator('tq-table-status [data-line-alerts]');
      await waitText(now, /1 line alert now/);
      expect(await now.getAttribute('data-line-alerts'), role).to.equal('1');
      expect(await now.locator('.said').textContent(), role).to.match(/\(\d{2}:\d{2}/);
    }
    await screenshot(pages.payeur, 'line-alerts-on-payeur');
  });
});
