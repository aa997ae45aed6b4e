/**
 * Surveillance's replay said "choice open" of a prison stake whose 31 après still waited for its call, while the
 * payeur read "choice after the call is confirmed" and the server refused the choice (outsider pass 37): the
 * replay's prison board says what the view says (`waitsForCall`, shoe/table-view.ts). Seed 6, whose coup 1 is a
 * 31 après (read from the seeded shoe).
 */
import { expect } from 'chai';
import { scriptErrors, screenshot } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { waitCount, waitText } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const COUP_1 = seededDeal(6, 1).coups[0]!;

describe('dashboard: surveillance’s replay, a prison choice that waits for the call (Chromium, simulator seed 6)', function () {
  this.timeout(180_000);
  const tables = freshTables('surveillance-prison-waits');

  it('says the choice waits for the call until it is confirmed, then that it is open', async () => {
    expect(COUP_1.call).to.equal('Un après');
    const t = await tables.open(6);
    const page = await t.page('surveillance');
    await t.ready();
    await (await t.table.as('payeur')).post('/api/bets', { player: 's2', chance: 'noir', amount: 20_000 });
    await dealCards(t.tailleur, cardsIn(COUP_1));
    const row = page.locator('tq-replay tq-prison tr[data-prison="s2:noir"]');
    await waitText(row.locator('[data-waits-for-call]'), 'choice after the call is confirmed');
    expect(await row.textContent()).not.to.include('choice open');
    await screenshot(page, 'surveillance-prison-waits');
    await t.tailleur.post('/api/coups/1/confirm');
    await waitCount(row.locator('[data-waits-for-call]'), 0);
    await waitText(row, 'choice open');
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
