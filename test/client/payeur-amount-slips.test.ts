/**
 * A slip of the payeur's keys does not go on the layout unasked (outsider
 * pass 9): "7.125" on an English screen was placed as 7,125.00, a thousand
 * times the stake meant, and a new stake over the maximum went on at once
 * where an addition was asked first. Now an amount is read as the screen's
 * language writes money (client/format.ts) and a new stake over the maximum
 * is asked once, as an addition is.
 */
import { expect } from 'chai';
import { screenshot, scriptErrors } from './support/chromium.ts';
import { freshTables } from './support/fresh-table.ts';
import { payeurAtOpenBets } from './support/payeur-page.ts';
import { enterStake } from './support/stake-keys.ts';
import { waitText } from './support/wait.ts';
import { until } from '../support/until.ts';

describe('dashboard: the payeur’s slips of the keys (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('payeur-amount-slips');

  it("refuses '4.125' on an English screen and '4,125' on an Italian one: not amounts, nothing placed", async () => {
    const { t, page } = await payeurAtOpenBets(tables, 7);
    await enterStake(page, 's3', 'r', '4.125');
    await waitText(page.locator('tq-stake-entry [data-error]'), /Enter an amount such as 100 or 100\.50/);
    await page.locator('tq-app button[data-lang=it]').click();
    await enterStake(page, 's3', 'r', '4,125');
    await waitText(page.locator('tq-stake-entry [data-error]'), /Indicare un importo come 100 o 100,50/);
    // a decimal with the English point on an Italian screen: the refusal offers the amount meant (outside crew pass 42)
    await enterStake(page, 's3', 'r', '12.5');
    await waitText(page.locator('tq-stake-entry [data-error]'), 'In italiano i decimali seguono la virgola: 12,5? Indicare un importo come 100 o 100,50.');
    expect((await t.tailleur.get('/api/table')).view.stakes).to.deep.equal([]);
    // in Italian the point groups thousands: 4.125 is four thousand one hundred and twenty-five
    await enterStake(page, 's3', 'r', '4.125');
    await until(async () => (await t.tailleur.get('/api/table')).view.stakes.length === 1, 'the stake placed', 5000);
    expect((await t.tailleur.get('/api/table')).view.stakes[0]).to.include({ player: 's3', chance: 'rouge', amount: 412_500 });
    expect(scriptErrors(page)).to.deep.equal([]);
  });

  it('asks once before a new stake over the maximum goes on, and places it on the second Enter', async () => {
    const { t, page } = await payeurAtOpenBets(tables, 7);
    await enterStake(page, 's4', 'n', '6000');
    const ask = page.locator('tq-stake-entry [data-over-max-ask]');
    await waitText(ask, '6,000.00 for s4 on Noir is over the maximum: 5,000.00 plays, 1,000.00 is returned. Enter again to place it.');
    await screenshot(page, 'payeur-over-max-ask');
    expect((await t.tailleur.get('/api/table')).view.stakes, 'asked, not placed').to.deep.equal([]);
    await page.keyboard.press('Enter');
    await until(async () => (await t.tailleur.get('/api/table')).view.stakes.length === 1, 'the stake placed', 5000);
    expect((await t.tailleur.get('/api/table')).view.stakes[0]).to.include({ player: 's4', chance: 'noir' });
    expect(await page.locator('tq-stake-entry [data-over-max-ask]').count()).to.equal(0);
    // and in the stakes list, what plays and what goes back under its amount: "6,000.00" alone until the settlement (outside crew pass 42)
    await waitText(page.locator('tq-stakes tr[data-stake="s4:noir"] [data-over-max]'), /^plays\s5,000\.00\s+1,000\.00 back$/);
    expect(await page.locator('tq-stakes tr[data-stake="s4:noir"] [data-over-max]').getAttribute('title')).to.equal(
      '6,000.00 plays 5,000.00, 1,000.00 is returned',
    );
    // a stake within the limits goes on at the first Enter, as before
    await enterStake(page, 's5', 'r', '100');
    await until(async () => (await t.tailleur.get('/api/table')).view.stakes.length === 2, 'the second stake placed', 5000);
    await waitText(page.locator('tq-stake-entry [data-placed]'), /s5 · Rouge · 100\.00/);
    expect(await page.locator('tq-stakes tr[data-stake="s5:rouge"] [data-over-max]').count(), 'within the limits').to.equal(0);
    await screenshot(page, 'payeur-over-max-stake');
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
