/**
 * A question raised by a double click keeps its yes focused: the first click
 * asks (yes focused), and the second click, which is never the answer, must
 * not take the focus away from it, or Enter then answers nothing (found with
 * the chef's "withdraw the suspension"; the payeur's withdrawal did the same).
 */
import { expect } from 'chai';
import { freshTables } from './support/fresh-table.ts';
import { payeurAtOpenBets } from './support/payeur-page.ts';
import { until } from '../support/until.ts';

describe('dashboard: a question raised by a double click (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('double-click-focus');

  it('keeps the payeur’s "yes, withdraw" focused after a double click on Withdraw, so Enter answers it', async () => {
    const { t, page } = await payeurAtOpenBets(tables, 7);
    await (await t.table.as('payeur')).post('/api/bets', { player: 's2', chance: 'noir', amount: 10_000 });
    const withdraw = page.locator('tq-stakes button[data-withdraw="s2:noir"]');
    await withdraw.waitFor();
    await withdraw.dblclick();
    const yes = page.locator('tq-stakes button[data-withdraw-yes]');
    await yes.waitFor();
    await page.waitForTimeout(200);
    expect(await yes.evaluate((b) => b.matches(':focus')), 'yes focused after the double click').to.equal(true);
    expect((await t.tailleur.get('/api/table')).view.stakes, 'the double click withdrew nothing').to.have.length(1);
    await page.keyboard.press('Enter');
    await until(async () => (await t.tailleur.get('/api/table')).view.stakes.length === 0, 's2 withdrawn', 5000);
  });

  // at 1024×768 in Italian the question moved "Assicura" under the pointer, and the second click insured the stake (outside crew pass 49)
  for (const italian of [false, true])
    it(`buys no insurance with the second click of a double click on Withdraw (${italian ? 'it' : 'en'}, 1024×768)`, async () => {
      const { t, page } = await payeurAtOpenBets(tables, 7, { italian });
      await (await t.table.as('payeur')).post('/api/bets', { player: 's3', chance: 'noir', amount: 4_000 });
      const withdraw = page.locator('tq-stakes button[data-withdraw="s3:noir"]');
      await withdraw.waitFor();
      await withdraw.dblclick();
      await page.locator('tq-stakes button[data-withdraw-yes]').waitFor();
      await page.waitForTimeout(300);
      const [stake] = (await t.tailleur.get('/api/table')).view.stakes;
      expect(stake, 'the double click withdrew nothing').to.include({ player: 's3', chance: 'noir' });
      expect(stake.insured ?? false, 'the double click bought insurance').to.equal(false);
    });

  // the second click of a double click on "Yes, withdraw" fell on the next row's Withdraw, moved up under the pointer, and asked
  // its withdrawal, Yes under the pointer (outside crew pass 50, F2)
  it('asks nothing of the next stake with the second click of a double click on "Yes, withdraw"', async () => {
    const { t, page } = await payeurAtOpenBets(tables, 7, { italian: true });
    const payeur = await t.table.as('payeur');
    await payeur.post('/api/bets', { player: 's7', chance: 'noir', amount: 4_000 });
    await payeur.post('/api/bets', { player: 's8', chance: 'noir', amount: 3_500 });
    await page.locator('tq-stakes button[data-withdraw="s7:noir"]').click();
    const yes = page.locator('tq-stakes button[data-withdraw-yes]');
    await yes.waitFor();
    await yes.click();
    await until(async () => (await t.tailleur.get('/api/table')).view.stakes.length === 1, 's7 withdrawn', 5000);
    // the second click of the double click, landed on s8's Withdraw, wherever the layout puts it
    await page.locator('tq-stakes button[data-withdraw="s8:noir"]').dispatchEvent('click', { detail: 2 });
    await page.waitForTimeout(300);
    expect(await page.locator('tq-stakes [data-withdraw-ask]').count(), 'a question raised on s8').to.equal(0);
    // a deliberate click still asks
    await page.locator('tq-stakes button[data-withdraw="s8:noir"]').dispatchEvent('click', { detail: 1 });
    await page.locator('tq-stakes [data-withdraw-ask]').waitFor();
  });
});
