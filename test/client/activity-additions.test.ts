/**
 * An outsider's evening as payeur: the payeur added 30.00 to s1's 100.00 on Rouge and the chef's "who did what" said
 * "Bet s1 on Rouge: 30.00", which read as a second stake. The addition now says what it added
 * and the stake it made; a first stake still reads as a bet.
 */
import { expect } from 'chai';
import { screenshot, scriptErrors } from './support/chromium.ts';
import { freshTables } from './support/fresh-table.ts';
import { payeurAtOpenBets } from './support/payeur-page.ts';
import { enterStake, placeAndSee } from './support/stake-keys.ts';
import { until } from '../support/until.ts';
import { textOf, waitCount } from './support/wait.ts';

describe('dashboard: an addition in who did what (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('activity-additions');

  it('says the payeur added to s1’s Rouge, with the stake it makes, and a first stake as a bet', async () => {
    const { t, page } = await payeurAtOpenBets(tables, 7);
    await placeAndSee(page, 's1', 'r', '100');
    await enterStake(page, 's1', 'r', '30');
    await page.locator('tq-stake-entry [data-add-confirm]').waitFor();
    await page.keyboard.press('Enter');
    await until(
      async () => (await t.tailleur.get<{ view: { stakes: { amount: number }[] } }>('/api/table')).view.stakes[0]?.amount === 13_000,
      's1 Rouge at 130.00',
      5000,
    );
    const chef = await t.page('chef');
    const bets = chef.locator('tq-activity li[data-event=bet]');
    await waitCount(bets, 2);
    // newest first
    expect(await textOf(bets.nth(0))).to.match(/payeur\s*Added 30\.00 to s1's Rouge \(now 130\.00\)$/);
    expect(await textOf(bets.nth(1))).to.match(/payeur\s*Bet s1 on Rouge: 100\.00$/);
    await screenshot(chef, 'chef-activity-addition', true);
    expect(scriptErrors(chef)).to.deep.equal([]);
  });
});
