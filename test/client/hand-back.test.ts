/**
 * Stakes returned by a coup cut short are on the payeur's and the chef's
 * screens from the moment the shoe stops and into the next shoe, until handed back ("returns
 * of a coup cut by a suspension stay visible"; client/hand-back.ts). The list
 * is the table's (docs/shoe-log.md#handed-back): a browser opened after the new
 * shoe began shows it, and the payeur's "handed back" drops it from the chef's
 * screen too. Before, it was kept per browser: a fresh one showed nothing and
 * the chef's list stayed after the payeur had handed the chips back.
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
    // listed the moment the shoe stops (an outsider's payeur had to wait for the next shoe, pass 8); the mark waits for it
    const entry = payeurPage.locator('tq-hand-back [data-hand-back]');
    await entry.waitFor();
    await waitText(entry.locator('[data-hand-back-total]'), /125/);
    const press = entry.locator('button[data-handed-back]');
    expect(await press.isDisabled(), 'no mark while the shoe is over and the next not begun').to.equal(true);
    expect(await textOf(entry.locator('[data-mark-later]'))).to.contain('once the next shoe has begun');
    await screenshot(payeurPage, 'payeur-hand-back-at-suspension');

    const { view } = await t.tailleur.post('/api/shoe/start');
    await payeurPage.locator('tq-table-status [data-phase=burning]').waitFor();
    await waitCount(entry.locator('[data-mark-later]'), 0);
    expect(await press.isDisabled()).to.equal(false);
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

    // A browser opened only now (its own context: no storage, no earlier view) shows the same list.
    const freshPage = await t.page('payeur', 'tablet');
    await freshPage.locator('tq-hand-back [data-hand-back] [data-hand-back-row="s1:rouge"]').waitFor();
    await waitText(freshPage.locator('tq-hand-back [data-hand-back-total]'), /125/);
    // The payeur's "handed back" on that screen is recorded by the table: every screen drops the entry.
    await freshPage.locator('tq-hand-back button[data-handed-back]').click();
    // it asks first, naming the total, its yes focused: Enter answers (outsider pass 11)
    await waitText(freshPage.locator('tq-hand-back [data-handed-back-ask]'), /Handed back 125\.00 to the players\?/);
    await freshPage.keyboard.press('Escape');
    await freshPage.locator('tq-hand-back [data-handed-back-ask]').waitFor({ state: 'detached' });
    expect(await freshPage.locator('tq-hand-back [data-hand-back]').count(), 'Esc keeps the list').to.equal(1);
    await freshPage.locator('tq-hand-back button[data-handed-back]').click();
    await freshPage.locator('tq-hand-back [data-handed-back-yes]').waitFor();
    await freshPage.keyboard.press('Enter');
    await waitCount(freshPage.locator('tq-hand-back [data-hand-back]'), 0);
    await waitCount(chefPage.locator('tq-hand-back [data-hand-back]'), 0);
    await waitCount(payeurPage.locator('tq-hand-back [data-hand-back]'), 0);
    await chefPage.reload();
    await chefPage.locator('tq-table-status').waitFor();
    expect(await chefPage.locator('tq-hand-back [data-hand-back]').count()).to.equal(0);
    for (const p of [payeurPage, chefPage, freshPage]) expect(scriptErrors(p)).to.deep.equal([]);
  });
  it('takes a double click on "handed back" as one press: the entry goes, no refusal is shown (Italian screen)', async () => {
    const t = await freshTable(browser, 7);
    await t.ready();
    const payeurPage = await t.page('payeur', 'tablet');
    await payeurPage.locator('tq-app button[data-lang=it]').click();
    const payeur = await t.table.as('payeur');
    await payeur.post('/api/bets', { player: 's1', chance: 'rouge', amount: 10000 });
    await dealCards(t.tailleur, 1);
    const chef = await t.table.as('chef');
    await chef.post('/api/shoe/suspend', { reason: 'porta aperta' });
    await payeurPage.locator('tq-table-status [data-phase=ended]').waitFor();
    await t.tailleur.post('/api/shoe/start');
    const button = payeurPage.locator('tq-hand-back button[data-handed-back]');
    await button.waitFor();
    // the table's answer takes a moment, as on the floor's network: the second click lands while the first is on its way
    await payeurPage.route('**/api/shoe/handed-back', async (route) => {
      await new Promise((r) => setTimeout(r, 300));
      await route.continue();
    });
    // the double click on "handed back" asks once; the double click on the yes is one press
    await button.dblclick();
    const yes = payeurPage.locator('tq-hand-back button[data-handed-back-yes]');
    await yes.waitFor();
    await yes.dblclick();
    await waitCount(payeurPage.locator('tq-hand-back [data-hand-back]'), 0);
    // the second click's answer, had it been sent, is back by now
    await payeurPage.waitForTimeout(500);
    expect(await payeurPage.locator('tq-hand-back .error').count(), await textOf(payeurPage.locator('tq-hand-back'))).to.equal(0);
    expect(scriptErrors(payeurPage)).to.deep.equal([]);
  });
});
