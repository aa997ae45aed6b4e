/**
 * A stake already on the layout, insured or withdrawn from the keyboard (outsider pass 11): typed
 * again with the insured box ticked, the addition asked offers to insure the stake as it is instead
 * of doubling it; a withdrawal's question takes the focus, so Enter answers it and Esc lets it go.
 */
import { expect } from 'chai';
import { scriptErrors } from './support/chromium.ts';
import type { Crew } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { payeurAtOpenBets } from './support/payeur-page.ts';
import { enterStake, enterStakeInsured, placeAndSee, typeStake } from './support/stake-keys.ts';
import { until } from '../support/until.ts';
import { textOf, waitText } from './support/wait.ts';

type Stake = { player: string; chance: string; amount: number; insured?: boolean };

describe('dashboard: the payeur’s keys on a stake already placed (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('payeur-keys-existing-stake');
  const stakes = async (t: { tailleur: Crew }) => (await t.tailleur.get<{ view: { stakes: Stake[] } }>('/api/table')).view.stakes;

  it('insures the stake on the layout instead of adding to it, when it is typed again insured', async () => {
    const { t, page } = await payeurAtOpenBets(tables, 7);
    const entry = page.locator('tq-stake-entry');
    await placeAndSee(page, 's9', 'i', '500');
    await enterStakeInsured(page, 's9', 'i', '500');
    const insure = entry.locator('[data-add-insure]');
    await insure.waitFor();
    // the addition asked says the whole stake would then be insured (outsider pass 12)
    expect(await entry.locator('[data-add-confirm] span').first().textContent()).to.equal(
      's9 already has 500.00 on Inverse, not insured: the stake becomes 1,000.00, all of it insured. Enter again to confirm.',
    );
    expect(await insure.textContent()).to.match(/Insure the 500\.00 already there instead/);
    await insure.press('Enter');
    await until(async () => (await stakes(t))[0]?.insured === true, 's9 insured', 5000);
    expect(await stakes(t)).to.have.length(1);
    expect((await stakes(t))[0]).to.include({ player: 's9', chance: 'inverse', amount: 50_000 });
    await entry.locator('[data-add-pending]').waitFor({ state: 'detached' });
    expect(await entry.locator('input[name=insured]').isChecked(), 'the tick went with the question').to.equal(false);
    // a stake already insured is not offered insurance again: the question is only the addition's
    await enterStakeInsured(page, 's9', 'i', '100');
    await entry.locator('[data-add-confirm]').waitFor();
    expect(await entry.locator('[data-add-insure]').count()).to.equal(0);
    expect(scriptErrors(page)).to.deep.equal([]);
  });

  it('withdraws with Enter on the question its button raised, and keeps the stake on Esc', async () => {
    const { t, page } = await payeurAtOpenBets(tables, 7);
    await enterStake(page, 's2', 'r', '100');
    await enterStake(page, 's3', 'n', '200');
    await until(async () => (await stakes(t)).length === 2, 'two stakes placed', 5000);
    const list = page.locator('tq-stakes');
    await list.locator('button[data-withdraw="s3:noir"]').focus();
    await page.keyboard.press('Enter');
    await list.locator('[data-withdraw-ask]').waitFor();
    await page.keyboard.press('Escape');
    await list.locator('[data-withdraw-ask]').waitFor({ state: 'detached' });
    expect(await list.locator('button[data-withdraw="s3:noir"]').evaluate((b) => b.matches(':focus')), 'the focus back on withdraw').to.equal(true);
    expect(await stakes(t)).to.have.length(2);
    await page.keyboard.press('Enter');
    await list.locator('[data-withdraw-ask]').waitFor();
    await page.keyboard.press('Enter');
    await until(async () => (await stakes(t)).length === 1, 's3 withdrawn', 5000);
    expect((await stakes(t))[0]).to.include({ player: 's2', chance: 'rouge' });
    // said under the list: a withdrawal went without a word (outsider pass 12)
    await waitText(list.locator('[data-stake-done]'), 'Withdrawn: s3 · Noir · 200.00');
    // the line belongs to these bets: it goes when they close (outsider pass 13 found one a shoe later)
    await t.tailleur.post('/api/bets/close');
    await list.locator('[data-stake-done]').waitFor({ state: 'detached' });
    expect(scriptErrors(page)).to.deep.equal([]);
  });

  it('offers a placed stake’s actions on seat, chance and Enter with no amount: insure it, withdraw it, back to the seat field', async () => {
    const { t, page } = await payeurAtOpenBets(tables, 7);
    const entry = page.locator('tq-stake-entry');
    await placeAndSee(page, 's4', 'r', '100');
    await typeStake(page, 's4', 'r', '');
    await page.keyboard.press('Enter');
    const ask = entry.locator('tq-held-actions [data-held-ask="s4:rouge"]');
    await waitText(ask, /s4 has 100\.00 on Rouge, not insured:/);
    await page.keyboard.press('Enter'); // the first button, Insure, has the focus
    await until(async () => (await stakes(t))[0]?.insured === true, 's4 insured', 5000);
    await waitText(entry.locator('[data-placed]'), 'Insured: s4 · Rouge · 100.00');
    expect(await entry.locator('input[name=player]').evaluate((el) => el.matches(':focus')), 'back in the seat field').to.equal(true);
    // insured now: the prompt offers the withdrawal first; Esc lets it go, Enter on it withdraws
    await typeStake(page, 's4', 'r', '');
    await page.keyboard.press('Enter');
    await waitText(ask, /s4 has 100\.00 on Rouge, insured:/);
    expect(await entry.locator('tq-held-actions [data-held-insure]').count()).to.equal(0);
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'detached' });
    expect(await stakes(t)).to.have.length(1);
    await typeStake(page, 's4', 'r', '');
    await page.keyboard.press('Enter');
    await ask.waitFor();
    await page.keyboard.press('Enter');
    await until(async () => (await stakes(t)).length === 0, 's4 withdrawn', 5000);
    await waitText(entry.locator('[data-placed]'), 'Withdrawn: s4 · Rouge · 100.00');
    // a stray Enter on the fields as they stand (seat and chance of the stake withdrawn) keeps the line that says so (outsider pass 13)
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    expect(await textOf(entry.locator('[data-placed]'))).to.equal('Withdrawn: s4 · Rouge · 100.00');
    expect(await entry.locator('[data-error]').count()).to.equal(0);
    // no stake there: no amount is still asked for, and nothing is listed as not placed
    await typeStake(page, 's5', 'n', '');
    await page.keyboard.press('Enter');
    await waitText(entry.locator('[data-error]'), /Enter an amount/);
    expect(await entry.locator('tq-not-placed [data-not-placed-row]').count()).to.equal(0);
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
