/**
 * The payeur's Enter is never dropped ("no dropped key"):
 * a stake typed and entered while the one before is still on its way to the
 * server is placed after it. The first request is held back 400 ms by the
 * browser's network layer so the second Enter surely comes while it is in flight.
 */
import { expect } from 'chai';
import { scriptErrors } from './support/chromium.ts';
import { freshTables } from './support/fresh-table.ts';
import { payeurAtOpenBets } from './support/payeur-page.ts';
import { enterStake } from './support/stake-keys.ts';
import { until } from '../support/until.ts';

describe('dashboard: the payeur’s keys (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('payeur-keys');

  it('places a stake entered while the one before is still on its way', async () => {
    const { t, page } = await payeurAtOpenBets(tables, 7);
    let held = false;
    await page.route('**/api/bets', async (route) => {
      if (!held) {
        held = true;
        await new Promise((r) => setTimeout(r, 400));
      }
      await route.continue();
    });
    await enterStake(page, 's1', 'r', '100');
    await enterStake(page, 's2', 'n', '50');
    await until(async () => (await t.tailleur.get('/api/table')).view.stakes.length === 2, 'both stakes placed', 5000);
    const { view } = await t.tailleur.get('/api/table');
    expect(view.stakes.map((s: { player: string; chance: string; amount: number }) => [s.player, s.chance, s.amount])).to.deep.equal([
      ['s1', 'rouge', 10000],
      ['s2', 'noir', 5000],
    ]);
    await page.locator('tq-stakes tr[data-stake^="s2:"]').waitFor();
    expect(await page.locator('tq-stake-entry [data-error]').count()).to.equal(0);
    expect(scriptErrors(page)).to.deep.equal([]);
  });

  it('says at the form that the bets closed, in place of a refusal from while they were open', async () => {
    const { t, page } = await payeurAtOpenBets(tables, 7);
    await enterStake(page, 's7', 'r', '1'); // under the minimum: refused
    await page.locator('tq-stake-entry [data-error]').waitFor();
    await t.tailleur.post('/api/bets/close');
    await page.locator('tq-stake-entry [data-entry-closed]').waitFor();
    expect(await page.locator('tq-stake-entry [data-error]').count(), 'the old refusal is gone').to.equal(0);
    expect(await page.locator('tq-stake-entry [data-entry-closed]').textContent()).to.equal('Bets are closed: the cards of this coup come next.');
  });
});
