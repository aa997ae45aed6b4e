/**
 * An alert not yet acknowledged is still there after the page is reloaded
 * (client/live-store.ts keeps the tab's unacknowledged alerts in its
 * sessionStorage). An outsider reloaded the tailleur's page after a restart
 * and an annulment: both banners were gone, and the tailleur has no alert list
 * to find them in. An acknowledged alert stays acknowledged after a reload.
 */
import { expect } from 'chai';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { waitCount } from './support/wait.ts';

describe('dashboard: unacknowledged alerts survive a reload (Chromium, real server)', function () {
  this.timeout(120_000);
  const tables = freshTables('alerts-survive-reload');

  it('shows the void’s banner again after a reload until it is acknowledged, and not after', async () => {
    const t = await tables.open(7);
    await t.ready();
    const page = await t.page('tailleur');
    await page.locator('tq-table-status [data-phase=open]').waitFor();
    await dealCards(t.tailleur, 1);
    const { view } = await t.tailleur.get('/api/table');
    await t.tailleur.post(`/api/cards/${view.lastSeq}/void`, { reason: 'floor' });
    const banner = page.locator('tq-alert-banner [data-alert=void]');
    await banner.waitFor();
    await page.reload();
    await page.locator('tq-table-status [data-phase]').waitFor();
    await banner.waitFor({ timeout: 5_000 });
    expect(await banner.count()).to.equal(1);
    await page.keyboard.press('Escape');
    await waitCount(banner, 0);
    await page.reload();
    await page.locator('tq-table-status [data-phase]').waitFor();
    await page.waitForTimeout(1_000);
    expect(await banner.count(), 'an acknowledged alert stays acknowledged').to.equal(0);
  });
});
