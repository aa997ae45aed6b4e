/**
 * "Addition not recorded" is said until acknowledged while its shoe lasts: at a new shoe it is old news, and it
 * stayed on the stake entry into the next shoe until "Got it" (outsider pass 23). Simulator seed 7.
 */
import { expect } from 'chai';
import { screenshot, scriptErrors } from './support/chromium.ts';
import { freshTables } from './support/fresh-table.ts';
import { payeurAtOpenBets } from './support/payeur-page.ts';
import { enterStake } from './support/stake-keys.ts';
import { waitCount, waitText } from './support/wait.ts';

describe('dashboard: payeur, an addition not recorded and a new shoe (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('payeur-addition-lost-new-shoe');

  it('drops the "not recorded" notice of the shoe before once the next shoe has begun', async () => {
    const { t, page } = await payeurAtOpenBets(tables, 7);
    await (await t.table.as('payeur')).post('/api/bets', { player: 's1', chance: 'rouge', amount: 10_000 });
    await page.locator('tq-stakes tr[data-stake="s1:rouge"]').waitFor();
    await enterStake(page, 's1', 'r', '50');
    await page.locator('tq-stake-entry [data-add-confirm]').waitFor();
    await t.tailleur.post('/api/bets/close');
    const lost = page.locator('tq-stake-entry [data-add-lost="s1:rouge"]');
    await waitText(lost, 'Addition not recorded: 50.00 more for s1 on Rouge');
    await (await t.table.as('chef')).post('/api/shoe/suspend', { reason: 'shuffler door opened' });
    await page.locator('tq-table-status [data-phase=ended]').waitFor();
    await waitCount(lost, 1); // still this shoe's news while it has ended and no other has begun
    const { view } = await t.tailleur.post('/api/shoe/start');
    await t.ready();
    await page.locator('tq-table-status [data-phase=open]').waitFor();
    expect(view.shoe).to.be.a('string');
    await waitCount(lost, 0);
    await screenshot(page, 'payeur-addition-lost-new-shoe');
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
