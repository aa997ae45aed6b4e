/**
 * The payeur's seat field takes the seat however a fast payeur types it:
 * "S4" (Shift or Caps Lock), "s 5" or a bare "3". Each was refused as "There
 * is no such seat at this table" (outsider pass 12), and a stake typed "S4"
 * for a seat that had one must still be asked as an addition to it.
 */
import { expect } from 'chai';
import { freshTables } from './support/fresh-table.ts';
import type { FreshTable } from './support/fresh-table.ts';
import { payeurAtOpenBets } from './support/payeur-page.ts';
import { enterStake } from './support/stake-keys.ts';
import { waitText } from './support/wait.ts';
import { until } from '../support/until.ts';

type Stake = { player: string; chance: string; amount: number };

const stakesOf = async (t: FreshTable) =>
  ((await t.tailleur.get('/api/table')).view.stakes as Stake[]).map((s) => `${s.player}:${s.chance}:${s.amount}`).sort();

describe('dashboard: the payeur’s seat typed as a fast payeur types it (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('payeur-seat-typed');

  it('places "S4", "s 5" and "3" on the seats s4, s5 and s3, and asks "S4" again as an addition', async () => {
    const { t, page } = await payeurAtOpenBets(tables, 7);
    await enterStake(page, 'S4', 'r', '100');
    await page.locator('tq-stakes tr[data-stake="s4:rouge"]').waitFor();
    await enterStake(page, 's 5', 'n', '50');
    await page.locator('tq-stakes tr[data-stake="s5:noir"]').waitFor();
    await enterStake(page, '3', 'c', '20');
    await page.locator('tq-stakes tr[data-stake="s3:couleur"]').waitFor();
    expect(await stakesOf(t)).to.deep.equal(['s3:couleur:2000', 's4:rouge:10000', 's5:noir:5000']);
    await enterStake(page, 'S4', 'r', '50');
    await waitText(page.locator('tq-stake-entry [data-add-confirm]'), 's4');
    await page.keyboard.press('Enter');
    await until(async () => (await stakesOf(t)).includes('s4:rouge:15000'), 's4 added to', 5000);
  });
});
