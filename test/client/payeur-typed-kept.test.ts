/**
 * An outsider's evening as payeur: an amount typed in the payeur's entry and not entered was lost on a reload, without a
 * word, its chips on the layout and nothing recorded. It is put back in the fields and said, never
 * placed by itself, and only in the coup it was typed for.
 */
import { expect } from 'chai';
import { screenshot, scriptErrors } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { payeurAtOpenBets } from './support/payeur-page.ts';
import { typeStake } from './support/stake-keys.ts';
import { textOf } from './support/wait.ts';
import { until } from '../support/until.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const COUP_1 = seededDeal(7, 1).coups[0]!;

describe('dashboard: the payeur’s stake typed and not entered, through a reload (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('payeur-typed-kept');

  it('puts back what was typed and says so, and places it only on Enter', async () => {
    const { t, page } = await payeurAtOpenBets(tables, 7);
    const entry = page.locator('tq-stake-entry');
    await typeStake(page, 's3', 'r', '50');
    await page.reload();
    await page.locator('tq-table-status [data-phase=open]').waitFor();
    const line = entry.locator('[data-put-back]');
    await line.waitFor();
    expect(await textOf(line)).to.equal('Put back what you had typed: s3 Rouge 50 — press Enter to place it');
    expect(await entry.locator('input[name=player]').inputValue()).to.equal('s3');
    expect(await entry.locator('select[name=chance]').inputValue()).to.equal('rouge');
    expect(await entry.locator('input[name=amount]').inputValue()).to.equal('50');
    await screenshot(page, 'payeur-typed-put-back');
    await page.waitForTimeout(500);
    expect((await t.tailleur.get('/api/table')).view.stakes, 'not placed by itself').to.deep.equal([]);
    await page.keyboard.press('Enter');
    await until(async () => (await t.tailleur.get('/api/table')).view.stakes.length === 1, 's3 placed', 5000);
    expect((await t.tailleur.get('/api/table')).view.stakes[0]).to.include({ player: 's3', chance: 'rouge', amount: 5000 });
    await line.waitFor({ state: 'detached' });
    // entered: a reload now has nothing to put back
    await page.reload();
    await page.locator('tq-table-status [data-phase=open]').waitFor();
    await page.waitForTimeout(500);
    expect(await entry.locator('[data-put-back]').count()).to.equal(0);
    expect(await entry.locator('input[name=amount]').inputValue()).to.equal('');
    expect(scriptErrors(page)).to.deep.equal([]);
  });

  it('does not bring back what was typed for a coup once the next coup takes stakes', async () => {
    const { t, page } = await payeurAtOpenBets(tables, 7);
    const entry = page.locator('tq-stake-entry');
    await typeStake(page, 's4', 'n', '70');
    await dealCards(t.tailleur, cardsIn(COUP_1));
    await until(async () => (await t.tailleur.get('/api/table')).view.coup?.status === 'awaiting-confirm', 'the call waits', 5000);
    await t.tailleur.post('/api/coups/1/confirm');
    await t.tailleur.post('/api/bets/open');
    await page.reload();
    await page.locator('tq-table-status [data-phase=open]').waitFor();
    await page.waitForTimeout(500);
    expect(await entry.locator('[data-put-back]').count()).to.equal(0);
    expect(await entry.locator('input[name=amount]').inputValue()).to.equal('');
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
