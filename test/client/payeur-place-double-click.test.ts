/**
 * A double click on the stake entry's Place is one stake: its second click, arriving while the
 * stake is on its way, left "Not recorded yet: 100.00 more for s1" waiting beside it (outsider pass
 * 13). A second Enter once the stake is placed is a new request: it asks the addition, as before.
 */
import { expect } from 'chai';
import { scriptErrors } from './support/chromium.ts';
import { freshTables } from './support/fresh-table.ts';
import { payeurAtOpenBets } from './support/payeur-page.ts';
import { typeStake } from './support/stake-keys.ts';
import { until } from '../support/until.ts';

describe('dashboard: a double click on the payeur’s Place (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('payeur-place-double-click');

  it('places one stake and leaves no addition waiting; a later Enter on the same entry asks the addition', async () => {
    const { t, page } = await payeurAtOpenBets(tables, 7);
    const entry = page.locator('tq-stake-entry');
    // the table's answer takes a moment, as on the floor's network: the second click lands while the first is on its way
    await page.route('**/api/bets', async (route) => {
      await new Promise((r) => setTimeout(r, 300));
      await route.continue();
    });
    await typeStake(page, 's1', 'r', '100');
    await entry.locator('button[type=submit]').dblclick();
    await until(async () => (await t.tailleur.get('/api/table')).view.stakes.length === 1, 's1 placed', 5000);
    await entry.locator('[data-placed]').waitFor();
    await page.waitForTimeout(800);
    expect((await t.tailleur.get('/api/table')).view.stakes[0]).to.include({ player: 's1', amount: 10_000 });
    expect(await entry.locator('[data-add-pending]').count(), 'no addition left waiting').to.equal(0);
    // typed again and sent: an addition, asked
    await typeStake(page, 's1', 'r', '100');
    await page.keyboard.press('Enter');
    await entry.locator('[data-add-confirm]').waitFor();
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
