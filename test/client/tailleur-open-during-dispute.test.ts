/**
 * O pressed while a dispute waits for the chef: the tailleur is told the table
 * waits for the chef's ruling (DISPUTE_OPEN, docs/rules.md#dispute-no-pull),
 * not that the call is unconfirmed, the O button is disabled with the reason,
 * and the error box goes once the chef has ruled. Seed 7, cards from the
 * seeded shoe (test/support/seeded-deal.ts).
 */
import { expect } from 'chai';
import { CALLS } from '../../client/french.ts';
import { scriptErrors } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { textOf, waitText } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const COUP_1 = seededDeal(7, 1).coups[0]!;

describe('dashboard: the tailleur opens the bets while a dispute waits (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('tailleur-open-during-dispute');

  it('says a dispute waits for the chef, keeps O disabled, and clears the error once the chef rules', async () => {
    const t = await tables.open(7);
    await t.ready();
    await dealCards(t.tailleur, cardsIn(COUP_1));
    const page = await t.page('tailleur');
    await waitText(page.locator('#live-call [data-call]'), COUP_1.call);
    const announced = CALLS.find((c) => c !== COUP_1.call)!;
    await t.tailleur.post('/api/coups/1/dispute', { announced });
    await page.locator('#live-call [data-status=disputed]').waitFor();
    await page.locator('[data-pull-blocked="1"]').waitFor();
    expect(await page.locator('tq-tailleur [data-action=open]').isDisabled()).to.equal(true);

    await page.keyboard.press('o');
    const error = await waitText(page.locator('tq-tailleur [data-error]'), /dispute/i);
    expect(error).to.match(/chef de table/);
    expect(error).to.not.match(/not confirmed/i);

    await (await t.table.as('chef')).post('/api/coups/1/resolve', { ruling: 'cards', reason: 'the cards stand' });
    await page.locator('tq-tailleur [data-action=open]:not([disabled])').waitFor();
    await page.locator('tq-tailleur [data-error]').waitFor({ state: 'detached' });
    expect(await textOf(page.locator('tq-tailleur'))).to.not.contain('DISPUTE_OPEN');
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
