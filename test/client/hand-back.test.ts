/**
 * Stakes returned by a coup cut short stay on the payeur's and the chef's
 * screens into the next shoe, until handed back ("returns
 * of a coup cut by a suspension stay visible"; client/hand-back.ts). Before,
 * the new shoe's view replaced the suspended one and the returns left every
 * screen while the payeur was still counting out the chips.
 */
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { launchChromium, screenshot, scriptErrors } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { closeAll, freshTable } from './support/fresh-table.ts';
import { textOf, waitCount, waitText } from './support/wait.ts';

describe('dashboard: stakes to hand back after a suspension (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  let browser: Browser;
  before(async () => {
    browser = await launchChromium();
  });
  afterEach(async function () {
    await closeAll(this.currentTest?.state === 'failed' ? `hand-back-${this.currentTest.title}` : null);
  });
  after(async () => {
    await browser?.close();
  });

  it("keeps the cut coup's returned stakes listed into the new shoe until the payeur has handed them back", async () => {
    const t = await freshTable(browser, 7);
    await t.ready();
    const payeurPage = await t.page('payeur', 'tablet');
    const chefPage = await t.page('chef', 'table');
    const payeur = await t.table.as('payeur');
    await payeur.post('/api/bets', { player: 's1', chance: 'rouge', amount: 10000 });
    await payeur.post('/api/bets', { player: 's3', chance: 'noir', amount: 2500, insured: true });
    await dealCards(t.tailleur, 1); // coup 1 is being dealt
    const chef = await t.table.as('chef');
    await chef.post('/api/shoe/suspend', { reason: 'shuffler door opened' });
    await payeurPage.locator('tq-table-status [data-phase=ended]').waitFor();
    expect(await payeurPage.locator('tq-hand-back [data-hand-back]').count(), 'nothing listed while the shoe is still on the screens').to.equal(0);

    const { view } = await t.tailleur.post('/api/shoe/start');
    await payeurPage.locator('tq-table-status [data-phase=burning]').waitFor();
    const entry = payeurPage.locator('tq-hand-back [data-hand-back]');
    await entry.waitFor();
    expect(view.shoe).to.not.equal(await entry.getAttribute('data-hand-back'));
    expect(await textOf(entry))
      .to.contain('suspended')
      .and.to.contain('shuffler door opened')
      .and.to.contain('coup 1 cut short');
    expect(await textOf(entry.locator('[data-hand-back-row="s1:rouge"]'))).to.contain('100');
    expect(await textOf(entry.locator('[data-hand-back-row="s3:noir"]')))
      .to.contain('25')
      .and.to.contain('insured');
    await waitText(entry.locator('[data-hand-back-total]'), /125/);
    await chefPage.locator('tq-hand-back [data-hand-back] [data-hand-back-row="s1:rouge"]').waitFor();
    await screenshot(payeurPage, 'payeur-hand-back');

    // A reload of the page keeps the list; the payeur's "handed back" clears it, on that screen only.
    await payeurPage.reload();
    await payeurPage.locator('tq-hand-back [data-hand-back] [data-hand-back-row="s1:rouge"]').waitFor();
    await payeurPage.locator('tq-hand-back button[data-handed-back]').click();
    await waitCount(payeurPage.locator('tq-hand-back [data-hand-back]'), 0);
    expect(await chefPage.locator('tq-hand-back [data-hand-back]').count()).to.equal(1);
    expect(scriptErrors(payeurPage)).to.deep.equal([]);
    expect(scriptErrors(chefPage)).to.deep.equal([]);
  });
});
