/**
 * The tailleur's screen in Chromium against the real table server and its
 * simulated shuffler (seed 7). Seed 7 deals: burn 9D KC 4S 2C 5D; coup 1 Noir
 * 8C AD 9H 5H 3D 7D (33 "Trois"), Rouge 6D 5D 2H 9C JD (32 "Deux"): Rouge
 * wins, the first Noir card is black, so "Rouge gagne, la couleur perd".
 * Coup 2 starts with 5C, which the test voids (fell to the floor).
 */
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { openPage, screenshot, scriptErrors } from './support/chromium.ts';
import { until, type DemoTable } from './support/demo-table.ts';
import { loginAs } from './support/login.ts';
import { textOf, waitCount, waitText } from './support/wait.ts';
import { browserSuite } from './support/browser-suite.ts';

const NOIR = ['8C', 'AD', '9H', '5H', '3D', '7D'];
const NOIR_TOTALS = [8, 9, 18, 23, 26, 33];
const ROUGE = ['6D', '5D', '2H', '9C', 'JD'];
const ROUGE_TOTALS = [6, 11, 13, 22, 32];

describe('dashboard: tailleur (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  let browser: Browser;
  let table: DemoTable;
  let page: Page;

  const suite = browserSuite('tailleur', 7, () => page, { fullPage: false });
  before(async () => {
    ({ browser, table } = suite);
    page = await openPage(browser);
    await loginAs(page, table.url, 'tailleur');
  });

  const cardsLeft = (n: number) => page.locator(`tq-table-status [data-cards-left="${n}"]`).waitFor();
  const row = (name: 'noir' | 'rouge') => page.locator(`#live-rows [data-row=${name}]`);

  it('burns five cards with N, opens the bets with O, and sees each card of the coup arrive with the running total', async () => {
    for (let k = 1; k <= 5; k++) {
      await page.keyboard.press('n');
      await cardsLeft(312 - k);
    }
    await page.keyboard.press('o');
    await page.locator('tq-table-status [data-phase=open]').waitFor();
    await screenshot(page, 'tailleur-bets-open');

    for (const [name, cards, totals] of [
      ['noir', NOIR, NOIR_TOTALS],
      ['rouge', ROUGE, ROUGE_TOTALS],
    ] as const) {
      for (let k = 0; k < cards.length; k++) {
        await page.keyboard.press('n');
        await waitCount(row(name).locator('tq-card'), k + 1);
        expect(await row(name).locator('tq-card').nth(k).getAttribute('card')).to.equal(cards[k]);
        await waitText(row(name).locator(`[data-total=${name}]`), String(totals[k]));
        // the first card closed the bets
        if (name === 'noir' && k === 0) await page.locator('tq-table-status [data-phase=closed]').waitFor();
      }
    }
    // the units of each row are announced in French
    expect(await textOf(row('noir').locator('[data-announced]'))).to.equal('Trois');
    expect(await textOf(row('rouge').locator('[data-announced]'))).to.equal('Deux');
    // a card face: rank and suit symbol, red for diamonds
    const ace = row('noir').locator('tq-card').nth(1);
    expect(await textOf(ace.locator('.corner'))).to.equal('A♦');
    expect(await ace.locator('.card').getAttribute('class')).to.contain('red');
  });

  it('shows the French call in large type and confirms it with Enter', async () => {
    const call = page.locator('#live-call [data-call]');
    await waitText(call, 'Rouge gagne, la couleur perd');
    expect(await textOf(page.locator('#live-call [data-status]'))).to.equal('to confirm');
    await screenshot(page, 'tailleur-call-to-confirm');
    await page.keyboard.press('Enter');
    await page.locator('#live-call [data-status=confirmed]').waitFor();
    await waitText(page.locator('#live-call .meta'), 'by tailleur at');
  });

  it('voids the card just drawn with V and a reason, and the alert stays until acknowledged', async () => {
    await page.keyboard.press('n');
    await waitCount(row('noir').locator('tq-card'), 1);
    expect(await row('noir').locator('tq-card').getAttribute('card')).to.equal('5C');
    await page.keyboard.press('v');
    await page.locator('tq-void-dialog dialog[open]').waitFor();
    await page.keyboard.press('f');
    // 5C no longer counts: coup 2 has no card, the table shows coup 1 again
    await waitCount(page.locator('#live-rows tq-card[card="5C"]'), 0);
    await waitText(page.locator('#live-call .meta'), 'Coup 1');
    await page.locator('tq-alert-banner [data-alert=void]').waitFor();
    await screenshot(page, 'tailleur-void-alert');
    await page.keyboard.press('Escape');
    await waitCount(page.locator('tq-alert-banner [data-alert=void]'), 0);
    expect(await textOf(page.locator('tq-table-status [data-exposed]'))).to.contain('0 / 3');
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});

describe('dashboard: tailleur alerts (Chromium, real server, seed 7 with an exposed card and a jam)', function () {
  this.timeout(120_000);
  let browser: Browser;
  let table: DemoTable;
  let page: Page;

  const suite = browserSuite('tailleur-alerts', 7, () => page, { fullPage: false, demo: { faults: 'exposed@7,jam@9' } });
  before(async () => {
    ({ browser, table } = suite);
    page = await openPage(browser);
    await loginAs(page, table.url, 'tailleur');
  });

  it('flags the exposed card, raises the shuffler fault, and counts the exposed coup against the limit', async () => {
    for (let k = 1; k <= 5; k++) {
      await page.keyboard.press('n');
      await page.locator(`tq-table-status [data-cards-left="${312 - k}"]`).waitFor();
    }
    await page.keyboard.press('n');
    await page.locator('tq-table-status [data-cards-left="306"]').waitFor();
    await page.keyboard.press('n'); // card 7, AD, seen face up inside the shuffler
    await page.locator('#live-rows tq-card[card="AD"][exposed]').waitFor();
    await page.locator('tq-alert-banner [data-alert=exposed-card]').waitFor();
    await page.keyboard.press('n');
    await page.locator('tq-table-status [data-cards-left="304"]').waitFor();
    await page.keyboard.press('n'); // card 9: the shuffler reports a jam and goes on
    await page.locator('tq-alert-banner [data-alert=fault]').waitFor();
    expect(await textOf(page.locator('tq-alert-banner [data-alert=fault]'))).to.contain('JAM');
    // the jam is shown once: as the fault the table recorded, not again as the line's alert
    expect(await page.locator('tq-alert-banner [data-alert]', { hasText: 'Card jam' }).count()).to.equal(1);
    await screenshot(page, 'tailleur-exposed-and-jam');
    // deal on until the coup is complete (the jammed machine may need a pull more)
    for (let k = 0; k < 12 && (await page.locator('#live-call [data-call]').count()) === 0; k++) {
      const left = await page.locator('tq-table-status [data-cards-left]').getAttribute('data-cards-left');
      await page.keyboard.press('n');
      await until(async () => (await page.locator('tq-table-status [data-cards-left]').getAttribute('data-cards-left')) !== left, 'a card', 3000).catch(
        () => undefined,
      );
    }
    await waitText(page.locator('#live-call [data-call]'), 'Rouge gagne, la couleur perd');
    await page.locator('tq-table-status [data-exposed="1"]').waitFor();
    expect(await textOf(page.locator('tq-table-status [data-exposed]'))).to.contain('1 / 3');
    await page.keyboard.press('Escape');
    await waitCount(page.locator('tq-alert-banner [data-alert]'), 0);
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
