/**
 * Surveillance's game-math panels in Chromium against a real HTTP server:
 * eight shoes recorded, each riffled only twice from the previous shoe's
 * dealt order, so the shuffler audit must flag carry-over and rising
 * sequences; the house edge of the table's rules beside it.
 */
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { recordRiffledShoes } from '../server/http/support/riffled-shoes.ts';
import { startServer, type TestServer } from '../server/http/support/server.ts';
import { launchChromium, openPage, screenshot, scriptErrors } from './support/chromium.ts';
import { loginAs } from './support/login.ts';

describe('dashboard: surveillance game math (Chromium, real HTTP server)', function () {
  this.timeout(120_000);
  let browser: Browser;
  let server: TestServer;
  let page: Page;

  before(async () => {
    server = await startServer({ clientDir: fileURLToPath(new URL('../../client/dist/', import.meta.url)) });
    await recordRiffledShoes(server, 8, 8);
    browser = await launchChromium();
    page = await openPage(browser);
    await loginAs(page, server.url, 'surveillance');
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && page)
      await screenshot(page, `failed-math-${(this.currentTest.title ?? '').slice(0, 30).replace(/\W+/g, '-')}`, true);
  });

  it('shows the shuffler audit flagging carry-over and rising sequences, with p-values', async () => {
    await page.locator('tq-shuffle-audit [data-audit-verdict=flagged]').waitFor();
    for (const name of ['carry-over', 'riffle']) expect(await page.locator(`tq-shuffle-audit tr[data-test=${name}] .badge`).textContent()).to.equal('flagged');
    expect(await page.locator('tq-shuffle-audit tr[data-test]').count()).to.equal(4);
    // what it covers, counted right, and when it was read (an outsider read an old audit as current, and "1 completi")
    expect(await page.locator('tq-shuffle-audit [data-audit-summary]').textContent()).to.match(
      /^\d+ shoes \(\d+ complete, (1 consecutive pair|\d+ consecutive pairs)\), α = [\d.]+ with Holm's correction · read at \d\d:\d\d:\d\d/,
    );
    await page.locator('tq-shuffle-audit').scrollIntoViewIfNeeded();
    await screenshot(page, 'math-shuffle-audit', true);
  });

  it('draws the card × position heat map and the carry-over shoe after shoe as SVG', async () => {
    await page.locator('tq-shuffle-audit [data-audit-verdict]').waitFor();
    expect(await page.locator('tq-position-heatmap [data-heatmap] rect').count()).to.equal(52 * 12);
    expect(await page.locator('tq-carry-over-chart [data-carry-chart] polyline').count()).to.equal(2);
    await page.locator('tq-shuffle-audit').screenshot({ path: fileURLToPath(new URL('../../test-output/screenshots/math-audit-panel.png', import.meta.url)) });
  });

  it("shows the house edge of the table's rules for each policy and chance", async () => {
    await page.locator('tq-house-edge [data-edge]').waitFor();
    expect(await page.locator('tq-house-edge tr[data-policy]').count()).to.equal(3);
    expect(await page.locator('tq-house-edge tr[data-policy=insured] td.num').first().textContent()).to.match(/^1\.000 %± 0\.000 %$/);
    await page.locator('tq-house-edge').screenshot({ path: fileURLToPath(new URL('../../test-output/screenshots/math-house-edge.png', import.meta.url)) });
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
