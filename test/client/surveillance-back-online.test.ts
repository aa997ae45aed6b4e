/**
 * Surveillance across a restart of the table server: what failed while it was
 * down is read again once the live stream is back. An outsider restarted the
 * server (kill -9, then TERM) and "The server cannot be reached: nothing was
 * sent" stayed on the surveillance screen 25–90 s, up to three copies, under a
 * header saying the shuffler was connected (outside crew pass 43, F1).
 */
import { expect } from 'chai';
import { launchChromium, openPage, screenshot } from './support/chromium.ts';
import { dealCards, startDemo, type DemoTable } from './support/demo-table.ts';
import { loginAs } from './support/login.ts';
import { waitCount } from './support/wait.ts';
import type { Browser } from 'playwright-core';

describe('dashboard: surveillance back after the table server restarted (Chromium, real server)', function () {
  this.timeout(120_000);
  let browser: Browser;
  let table: DemoTable | undefined;

  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await table?.close();
    await browser?.close();
  });

  it('takes down the "cannot be reached" errors of the shoe list, the replay and the panels once the stream is back, without a click', async () => {
    table = await startDemo(7);
    const tailleur = await table.as('tailleur');
    await dealCards(tailleur, 5);
    const page = await openPage(browser, 'tablet');
    await loginAs(page, table.url, 'surveillance');
    await page.locator('tq-surveillance tq-replay tq-timeline').waitFor();
    // the shoe list's, the replay's, and the panels' under it (the shuffle audit, the house edge)
    const errors = page.locator('tq-surveillance .error[role=alert]');

    const { port, data } = table;
    await table.stop();
    // while it is down, the list and the replay are asked again, as "Refresh" does
    await page.locator('tq-surveillance button.refresh').click();
    await errors.first().waitFor({ timeout: 10_000 });
    expect(await errors.first().textContent()).to.match(/The server cannot be reached/);

    table = await startDemo(7, { port, data });
    await page
      .locator('tq-offline-banner[offline]')
      .waitFor({ state: 'detached', timeout: 30_000 })
      .catch(() => undefined);
    await waitCount(errors, 0, 15_000);
    await screenshot(page, 'surveillance-back-online');
    expect(await page.locator('tq-surveillance tq-shoe-list li').count()).to.be.at.least(1);
  });
});
