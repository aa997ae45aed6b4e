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
import { enterStake, enterStakeInsured, placeAndSee, typeStake } from './support/stake-keys.ts';
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
    // …which never comes: the payeur places s6 Rouge instead, is told to answer the addition first (outside crew
    // pass 47), lets it go with Esc and places s6
    await stake('s6', 'r', '100', false);
    await entry.locator('.error[role=alert]').waitFor();
    await page.keyboard.press('Escape');
    await entry.locator('[data-add-pending]').waitFor({ state: 'detached' });
    await entry.locator('button[type=submit]').click();
    await until(async () => (await t.tailleur.get('/api/table')).view.stakes.length === 2, 's6 placed', 5000);
    const { view } = await t.tailleur.get('/api/table');
    const s6 = (view.stakes as Stake[]).find((s) => s.player === 's6');
    expect(s6, 's6 Rouge placed').to.not.equal(undefined);
    expect(s6!.insured ?? false, 's6 insured').to.equal(false);
    expect((view.stakes as Stake[]).find((s) => s.player === 's2')!.amount, 'the addition left unconfirmed').to.equal(10_000);
    expect(scriptErrors(page)).to.deep.equal([]);
  });

  it('drops the tick of an addition let go with Esc, so the next seat typed is not insured unasked', async () => {
    const { t, page } = await payeurAtOpenBets(tables, 7);
    const entry = page.locator('tq-stake-entry');
    await placeAndSee(page, 's9', 'i', '500');
    // the same stake again, insured (Tab to the box, Space): an addition, asked…
    await enterStakeInsured(page, 's9', 'i', '500');
    await entry.locator('[data-add-confirm]').waitFor();
    // …and let go with Esc; the next player's stake is typed at once
    await page.keyboard.press('Escape');
    await entry.locator('[data-add-confirm]').waitFor({ state: 'detached' });
    expect(await entry.locator('input[name=insured]').isChecked(), 'the tick went with the addition').to.equal(false);
    await enterStake(page, 's4', 'c', '75');
    await until(async () => (await t.tailleur.get('/api/table')).view.stakes.length === 2, 's4 placed', 5000);
    const { view } = await t.tailleur.get('/api/table');
    const s4 = (view.stakes as Stake[]).find((s) => s.player === 's4');
    expect(s4?.insured ?? false, 's4 insured').to.equal(false);
    expect((view.stakes as Stake[]).find((s) => s.player === 's9')!.amount, 'the addition let go').to.equal(50_000);
    expect(scriptErrors(page)).to.deep.equal([]);
  });

  it('drops the tick of a refused stake once another seat is typed', async () => {
    const { t, page } = await payeurAtOpenBets(tables, 7);
    const entry = page.locator('tq-stake-entry');
    await typeStake(page, 's3', 'r', '1'); // under the minimum: refused
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await entry.locator('.error, [role=alert]').first().waitFor();
    await enterStake(page, 's5', 'r', '100');
    await until(async () => (await t.tailleur.get('/api/table')).view.stakes.length === 1, 's5 placed', 5000);
    const { view } = await t.tailleur.get('/api/table');
    expect((view.stakes as Stake[])[0]).to.include({ player: 's5', amount: 10_000 });
    expect((view.stakes as Stake[])[0]!.insured ?? false, 's5 insured').to.equal(false);
  });
});
