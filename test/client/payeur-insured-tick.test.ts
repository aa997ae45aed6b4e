/**
 * The insured tick belongs to the stake it was ticked for. An addition to a
 * stake already on the table waits for a second Enter; a payeur who leaves it
 * and types another seat's stake must not find that stake insured (and its
 * player charged a premium) by the tick left from the entry abandoned.
 */
import { expect } from 'chai';
import { scriptErrors } from './support/chromium.ts';
import { freshTables } from './support/fresh-table.ts';
import { payeurAtOpenBets } from './support/payeur-page.ts';
import { typeStake } from './support/stake-keys.ts';
import { until } from '../support/until.ts';

type Stake = { player: string; chance: string; amount: number; insured?: boolean };

describe('dashboard: the payeur’s insured tick (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('payeur-insured-tick');

  it('drops the tick of an addition left waiting for its second Enter, so the next seat is not insured unasked', async () => {
    const { t, page } = await payeurAtOpenBets(tables, 7);
    const entry = page.locator('tq-stake-entry');
    const stake = async (player: string, chanceKey: string, amount: string, insured: boolean) => {
      await typeStake(page, player, chanceKey, amount);
      if (insured) await entry.locator('input[name=insured]').check();
      await entry.locator('button[type=submit]').click();
    };
    await stake('s2', 'n', '100', false);
    await until(async () => (await t.tailleur.get('/api/table')).view.stakes.length === 1, 's2 placed', 5000);
    // an addition to s2 Noir, insured: it waits for a second Enter…
    await stake('s2', 'n', '50', true);
    await entry.locator('[data-add-confirm]').waitFor();
    // …which never comes: the payeur places s6 Rouge instead
    await stake('s6', 'r', '100', false);
    await until(async () => (await t.tailleur.get('/api/table')).view.stakes.length === 2, 's6 placed', 5000);
    const { view } = await t.tailleur.get('/api/table');
    const s6 = (view.stakes as Stake[]).find((s) => s.player === 's6');
    expect(s6, 's6 Rouge placed').to.not.equal(undefined);
    expect(s6!.insured ?? false, 's6 insured').to.equal(false);
    expect((view.stakes as Stake[]).find((s) => s.player === 's2')!.amount, 'the addition left unconfirmed').to.equal(10_000);
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
