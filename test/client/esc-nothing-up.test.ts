/**
 * Esc with no alert up answers on the chef's and the payeur's pages as it does on the tailleur's: an outsider
 * pressed it there and saw nothing happen (outsider pass 16). A second Esc after "1 alert acknowledged" keeps that
 * line and its "Show them again": those alerts are still on offer.
 */
import { expect } from 'chai';
import { scriptErrors } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { waitText } from './support/wait.ts';

describe('dashboard: Esc with nothing to acknowledge says so on the chef’s and the payeur’s pages (Chromium, real server)', function () {
  this.timeout(120_000);
  const tables = freshTables('esc-nothing-up');

  it('says "No alert to acknowledge", and a second Esc after acknowledging keeps what it acknowledged', async () => {
    const t = await tables.open(7);
    await t.ready();
    const chef = await t.page('chef');
    const payeur = await t.page('payeur');
    for (const page of [chef, payeur]) {
      await page.locator('body').click({ position: { x: 2, y: 2 } });
      await page.keyboard.press('Escape');
      expect(await waitText(page.locator('tq-alert-banner [data-none-to-acknowledge]'), 'No alert')).to.equal('No alert to acknowledge.');
    }
    await dealCards(t.tailleur, 2);
    const { view } = await t.tailleur.get('/api/table');
    await t.tailleur.post(`/api/cards/${view.lastSeq}/void`, { reason: 'floor' });
    for (const page of [chef, payeur]) {
      await page.locator('tq-alert-banner [data-alert=void]').waitFor();
      await page.locator('body').click({ position: { x: 2, y: 2 } });
      await page.keyboard.press('Escape');
      await page.locator('tq-alert-banner [data-acknowledged]').waitFor();
      await page.keyboard.press('Escape');
      expect(await page.locator('tq-alert-banner [data-acknowledged] [data-restore-alerts]').count()).to.equal(1);
      expect(await page.locator('tq-alert-banner [data-none-to-acknowledge]').count()).to.equal(0);
      expect(scriptErrors(page)).to.deep.equal([]);
    }
  });
});
