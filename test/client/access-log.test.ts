/**
 * The access log on the chef's and surveillance's dashboards (Chromium, real
 * demo table): their own login and a wrong PIN tried elsewhere are listed,
 * newest first, after a refresh; the CSV export downloads the log; the
 * tailleur's page has no such panel.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { openPage } from './support/chromium.ts';
import { loginAs } from './support/login.ts';
import { browserSuite } from './support/browser-suite.ts';

describe('dashboard: the access log (Chromium, real server)', function () {
  this.timeout(120_000);
  let shown: Page | undefined;
  const suite = browserSuite('access-log', 3, () => shown);

  const rows = (page: Page) => page.locator('tq-access-log tbody tr');

  it('shows surveillance its own login, then a wrong PIN tried from elsewhere once refreshed, and exports the log as CSV', async () => {
    const page = (shown = await openPage(suite.browser));
    await loginAs(page, suite.table.url, 'surveillance');
    await page.locator('tq-access-log tr[data-kind=login]').first().waitFor();
    expect(await rows(page).first().innerText()).to.contain('surveillance');

    const wrong = await fetch(`${suite.table.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'chef', pin: '0000' }),
    });
    expect(wrong.status).to.equal(401);
    await page.locator('tq-access-log [data-access-refresh]').click();
    await page.locator('tq-access-log tbody tr[data-kind=login-failed]').first().waitFor();
    expect(await rows(page).first().innerText()).to.match(/wrong PIN\s+chef/);

    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('tq-access-log [data-access-csv]').click()]);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const csv = await readFile(path, 'utf8');
    expect(csv.split('\r\n')[0]).to.equal('at,kind,user,role,address,detail');
    expect(csv).to.contain(',login-failed,chef,,');
    // the export is listed in words, not by its code ("access-log-csv", "report-html" read on the Italian screen)
    await page.locator('tq-access-log [data-access-refresh]').click();
    await page.locator('tq-access-log tbody tr[data-kind=export]', { hasText: 'access log (CSV)' }).first().waitFor();
    expect(await page.locator('tq-access-log tbody tr[data-kind=export]').first().innerText()).not.to.contain('access-log-csv');
  });

  it('shows the chef the log too, and the tailleur not at all', async () => {
    const chef = (shown = await openPage(suite.browser));
    await loginAs(chef, suite.table.url, 'chef');
    await chef.locator('tq-access-log tr[data-kind=login]').first().waitFor();
    expect(await rows(chef).first().innerText()).to.contain('chef');
    const tailleur = (shown = await openPage(suite.browser));
    await loginAs(tailleur, suite.table.url, 'tailleur');
    await tailleur.locator('tq-tailleur').waitFor();
    expect(await tailleur.locator('tq-access-log').count()).to.equal(0);
  });

  it('lists a login made elsewhere without Refresh being pressed (it is read again every 10 s)', async () => {
    const chef = (shown = await openPage(suite.browser));
    await loginAs(chef, suite.table.url, 'chef');
    await chef.locator('tq-access-log tr[data-kind=login]').first().waitFor();
    const wrong = await fetch(`${suite.table.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'payeur', pin: '0000' }),
    });
    expect(wrong.status).to.equal(401);
    await chef.locator('tq-access-log tbody tr[data-kind=login-failed]', { hasText: 'payeur' }).first().waitFor({ timeout: 15_000 });
  });
});
