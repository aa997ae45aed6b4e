/**
 * Esc acknowledges every banner, and says so: "1 alert acknowledged · Show
 * them again". Esc also closes a dialog, and an outsider's second Esc took the
 * tailleur's banners down without a word (pass 12). The line goes once a new
 * alert comes.
 */
import { expect } from 'chai';
import { dealCards } from './support/demo-table.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';
import { freshTables } from './support/fresh-table.ts';
import { waitCount, waitText } from './support/wait.ts';

describe('dashboard: Esc says what it acknowledged and offers it back (Chromium, real server)', function () {
  this.timeout(120_000);
  const tables = freshTables('alerts-acknowledged-said');

  it('says how many alerts Esc took down, shows them again on request, and gives way to a new alert', async () => {
    const t = await tables.open(7);
    await t.ready();
    const tailleur = await t.page('tailleur');
    const payeur = await t.page('payeur');
    const chef = await t.page('chef'); // Esc was shown on the chef's banner and did nothing there (outsider pass 14)
    await tailleur.locator('tq-table-status [data-phase=open]').waitFor();
    await dealCards(t.tailleur, 2);
    const { view } = await t.tailleur.get('/api/table');
    await t.tailleur.post(`/api/cards/${view.lastSeq}/void`, { reason: 'floor' });
    for (const page of [tailleur, payeur, chef]) {
      const banner = page.locator('tq-alert-banner [data-alert=void]');
      const said = page.locator('tq-alert-banner [data-acknowledged]');
      await banner.waitFor();
      await page.locator('body').click({ position: { x: 2, y: 2 } });
      await page.keyboard.press('Escape');
      await waitCount(banner, 0);
      await waitText(said, '1 alert acknowledged');
      await page.locator('tq-alert-banner [data-restore-alerts]').click();
      await banner.waitFor();
      expect(await said.count(), 'the line goes with the banners back').to.equal(0);
      await page.keyboard.press('Escape');
      await waitText(said, '1 alert acknowledged');
    }
    await dealCards(t.tailleur, 1);
    const after = (await t.tailleur.get('/api/table')).view;
    await t.tailleur.post(`/api/cards/${after.lastSeq}/void`, { reason: 'floor' });
    for (const page of [tailleur, payeur, chef]) {
      await page.locator('tq-alert-banner [data-alert=void]').waitFor();
      await waitCount(page.locator('tq-alert-banner [data-acknowledged]'), 0);
    }
    // the tailleur's Esc with no banner up says so, rather than nothing (outsider pass 14)
    await tailleur.keyboard.press('Escape');
    await waitCount(tailleur.locator('tq-alert-banner [data-alert=void]'), 0);
    await tailleur.keyboard.press('Escape');
    await waitText(tailleur.locator('tq-tailleur [data-notice]'), 'No alert to acknowledge.');
  });

  it('says "No alert to acknowledge" on the tailleur’s Esc while a call waits for its confirmation too', async () => {
    const t = await tables.open(7);
    await t.ready();
    const tailleur = await t.page('tailleur');
    await dealCards(t.tailleur, cardsIn(seededDeal(7, 1).coups[0]!));
    await tailleur.locator('#live-call [data-status=awaiting-confirm], #live-call [data-call]').first().waitFor();
    await tailleur.locator('body').click({ position: { x: 2, y: 2 } });
    // it was said, then taken down at once because a call could be disputed (outsider pass 16)
    await tailleur.keyboard.press('Escape');
    await waitText(tailleur.locator('tq-tailleur [data-notice]'), 'No alert to acknowledge.');
    await tailleur.waitForTimeout(500);
    expect(await tailleur.locator('tq-tailleur [data-notice]').count()).to.equal(1);
  });
});
