/**
 * The chef's Alerts panel drops a dispute once he has ruled on it
 * (docs/rules.md#dispute-ruled-alert): QA saw "dispute coup 3" kept there ten
 * coups after the ruling. Seed 7, cards from the seeded shoe.
 */
import { expect } from 'chai';
import { CALLS } from '../../client/french.ts';
import { scriptErrors } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { waitCount, waitText } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const COUP_1 = seededDeal(7, 1).coups[0]!;

describe('dashboard: the chef’s alerts after a ruling (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('chef-ruled-dispute-alert');

  it('lists the dispute while it waits for him, and no longer once he has ruled', async () => {
    const t = await tables.open(7);
    await t.ready();
    await dealCards(t.tailleur, cardsIn(COUP_1));
    const chef = await t.page('chef');
    await t.tailleur.post('/api/coups/1/dispute', { announced: CALLS.find((c) => c !== COUP_1.call)! });
    const disputes = chef.locator('tq-alert-list li[data-alert=dispute]');
    await waitCount(disputes, 1);
    await (await t.table.as('chef')).post('/api/coups/1/resolve', { ruling: 'cards', reason: 'the cards stand' });
    await waitCount(disputes, 0);
    // still in the record: the coup keeps its dispute and ruling
    const { view } = await t.tailleur.get('/api/table');
    expect(view.recent.find((c: { coup: number }) => c.coup === 1)).to.have.nested.property('resolution.ruling', 'cards');
    expect(scriptErrors(chef)).to.deep.equal([]);
    // the payeur is told the chef ruled, not that the call was confirmed (outsider pass 6)
    const payeur = await t.page('payeur');
    await waitText(payeur.locator('tq-payeur tq-standing .standing'), 'Ruled by the chef de table, the cards stand: pay · Coup 1');
  });
});
