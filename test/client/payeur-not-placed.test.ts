/**
 * Stakes refused in a fast run stay listed until placed after all, let go, or the next coup's bets
 * open: a refusal was said only until the next Enter, then "Placed: …" took its place and the
 * refused seat was listed nowhere, its chips on the layout unrecorded (outsider pass 11, D3).
 */
import { expect } from 'chai';
import { scriptErrors, screenshot } from './support/chromium.ts';
import { freshTables } from './support/fresh-table.ts';
import { payeurAtOpenBets } from './support/payeur-page.ts';
import { enterStake } from './support/stake-keys.ts';
import { textOf, waitCount } from './support/wait.ts';
import { until } from '../support/until.ts';
import { dealCards } from './support/demo-table.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const COUP_1 = seededDeal(7, 1).coups[0]!;

describe('dashboard: the payeur’s stakes not placed (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('payeur-not-placed');

  it('lists every refused stake of a fast run until it is placed or let go, and keeps the list once the bets close', async () => {
    const { t, page } = await payeurAtOpenBets(tables, 7);
    const entry = page.locator('tq-stake-entry');
    const rows = entry.locator('tq-not-placed [data-not-placed-row]');
    await enterStake(page, 's3', 'r', '1.000,50'); // an Italian amount on the English screen: refused
    await enterStake(page, 's6', 'n', '1'); // under the minimum: refused by the table
    await enterStake(page, 's8', 'c', '100');
    await until(async () => (await t.tailleur.get('/api/table')).view.stakes.length === 1, 's8 placed', 5000);
    await waitCount(rows, 2);
    expect(await textOf(rows.nth(0))).to.match(/^s3 · Rouge · “1\.000,50”: Enter an amount such as 100 or 100\.50/);
    expect(await textOf(rows.nth(1))).to.match(/^s6 · Noir · “1\.00”: The stake is under the table minimum/);
    expect(await rows.nth(1).getAttribute('data-code')).to.equal('BELOW_MINIMUM');
    expect(await textOf(entry.locator('[data-placed]'))).to.equal('Placed: s8 · Couleur · 100.00');
    await screenshot(page, 'payeur-not-placed');
    // s6 placed after all: its line goes; s3 let go with OK
    await enterStake(page, 's6', 'n', '10');
    await waitCount(rows, 1);
    await rows.nth(0).locator('button[data-not-placed-ok]').click();
    await waitCount(rows, 0);
    // an addition asked next replaces the last refusal under the entry: it read as the question's answer (outsider pass 12)
    await enterStake(page, 's4', 'r', '1');
    await entry.locator('[data-error]').waitFor();
    await enterStake(page, 's8', 'c', '50');
    await entry.locator('[data-add-confirm]').waitFor();
    expect(await entry.locator('[data-error]').count()).to.equal(0);
    await page.keyboard.press('Escape');
    await rows.filter({ hasText: 's4' }).locator('button[data-not-placed-ok]').click();
    await waitCount(rows, 0);
    // a refusal left unanswered when the bets close stays listed beside "bets are closed"
    await enterStake(page, 's9', 'i', '0,5');
    await entry.locator('[data-error]').waitFor();
    await t.tailleur.post('/api/bets/close');
    await entry.locator('[data-entry-closed]').waitFor();
    await waitCount(rows, 1);
    expect(await rows.nth(0).getAttribute('data-not-placed-row')).to.equal('s9:inverse');
    expect(scriptErrors(page)).to.deep.equal([]);
  });

  it('lists an over-maximum stake asked about and left, when another stake is placed or the bets close', async () => {
    const { t, page } = await payeurAtOpenBets(tables, 7);
    const entry = page.locator('tq-stake-entry');
    const rows = entry.locator('tq-not-placed [data-not-placed-row]');
    await enterStake(page, 's5', 'r', '6000');
    await entry.locator('[data-over-max-ask]').waitFor();
    await enterStake(page, 's6', 'n', '100'); // the next player, without the second Enter for s5
    await until(async () => (await t.tailleur.get('/api/table')).view.stakes.length === 1, 's6 placed', 5000);
    await waitCount(rows, 1);
    expect(await textOf(rows.nth(0))).to.match(/^s5 · Rouge · “6,000\.00”: over the maximum: asked, and not placed/);
    // asked again and left when the bets close
    await enterStake(page, 's7', 'c', '7000');
    await entry.locator('[data-over-max-ask]').waitFor();
    await t.tailleur.post('/api/bets/close');
    await entry.locator('[data-entry-closed]').waitFor();
    await waitCount(rows, 2);
    expect(await rows.nth(1).getAttribute('data-not-placed-row')).to.equal('s7:couleur');
    expect(await entry.locator('[data-over-max-ask]').count(), 'no "Enter again" beside "bets are closed"').to.equal(0);
    expect(scriptErrors(page)).to.deep.equal([]);
  });

  it('lists a stake typed after the bets closed, and keeps the list through a reload of the page', async () => {
    const { t, page } = await payeurAtOpenBets(tables, 7);
    const entry = page.locator('tq-stake-entry');
    const rows = entry.locator('tq-not-placed [data-not-placed-row]');
    await enterStake(page, 's2', 'r', '1'); // under the minimum: refused while the bets are open
    await entry.locator('[data-error]').waitFor();
    await t.tailleur.post('/api/bets/close');
    await entry.locator('[data-entry-closed]').waitFor();
    await enterStake(page, 's5', 'n', '200'); // too late: its chips are on the layout, and nothing is recorded
    await waitCount(rows, 2);
    expect(await rows.nth(1).getAttribute('data-not-placed-row')).to.equal('s5:noir');
    expect(await textOf(rows.nth(1))).to.match(/^s5 · Noir · “200”: Bets are closed/);
    expect((await t.tailleur.get('/api/table')).view.stakes, 'nothing placed').to.deep.equal([]);
    await page.reload();
    await page.locator('tq-table-status [data-phase=closed]').waitFor();
    await waitCount(rows, 2);
    expect(await rows.nth(0).getAttribute('data-not-placed-row')).to.equal('s2:rouge');
    expect(await rows.nth(1).getAttribute('data-not-placed-row')).to.equal('s5:noir');
    // the next coup's bets: the list of the coup before is not shown again, even after a reload
    // the coup dealt to its last card and waiting for its call: the list stays (it went at the last card, outsider pass 14)
    await dealCards(t.tailleur, cardsIn(COUP_1));
    await page.locator('tq-payeur [data-phase]').first().waitFor();
    await until(async () => (await t.tailleur.get('/api/table')).view.coup?.status === 'awaiting-confirm', 'the call waits', 5000);
    await page.waitForTimeout(500);
    expect(await rows.count(), 'still listed while the call waits').to.equal(2);
    await t.tailleur.post('/api/coups/1/confirm');
    await page.waitForTimeout(500);
    expect(await rows.count(), 'still listed once the call is confirmed, before the next bets').to.equal(2);
    await t.tailleur.post('/api/bets/open');
    await page.locator('tq-table-status [data-phase=open]').waitFor();
    await page.reload();
    await page.locator('tq-table-status [data-phase=open]').waitFor();
    await page.waitForTimeout(500);
    expect(await rows.count()).to.equal(0);
    expect(scriptErrors(page)).to.deep.equal([]);
  });

  it('lists an over-maximum stake waiting for its second Enter as not placed after a reload of the page', async () => {
    const { t, page } = await payeurAtOpenBets(tables, 7);
    const entry = page.locator('tq-stake-entry');
    const rows = entry.locator('tq-not-placed [data-not-placed-row]');
    await enterStake(page, 's3', 'c', '7000');
    await entry.locator('[data-over-max-ask]').waitFor();
    // the reload lost it: not on the table, not in the list (outsider pass 14)
    await page.reload();
    await page.locator('tq-table-status [data-phase=open]').waitFor();
    await waitCount(rows, 1);
    expect(await textOf(rows.nth(0))).to.match(/^s3 · Couleur · “7,000\.00”: over the maximum: asked, and not placed/);
    expect(await entry.locator('[data-over-max-ask]').count(), 'the question is not asked again').to.equal(0);
    expect((await t.tailleur.get('/api/table')).view.stakes).to.deep.equal([]);
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
