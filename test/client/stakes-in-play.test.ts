/**
 * While a coup's call waits, its stakes are in its settlement and none lie on
 * the layout: the stakes list says so, on the payeur's page and in
 * surveillance's replay. An outsider stepping a replay read "No stakes yet" at
 * a coup's "to confirm", as if it had been played without stakes (outside
 * floor pass 45). Seed 7, cards from the seeded shoe.
 */
import { expect } from 'chai';
import { screenshot, scriptErrors } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { textOf, waitText } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const COUP_1 = seededDeal(7, 1).coups[0]!;

describe('dashboard: the stakes list while a call waits (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('stakes-in-play');

  it('says the stakes of the coup whose call waits are in its settlement, on the payeur page and in the replay, and no longer once confirmed', async () => {
    const t = await tables.open(7);
    await t.ready();
    await (await t.table.as('payeur')).post('/api/bets', { player: 's1', chance: 'rouge', amount: 10_000 });
    await t.tailleur.post('/api/bets/close');
    await dealCards(t.tailleur, cardsIn(COUP_1));
    const payeur = await t.page('payeur');
    const surveillance = await t.page('surveillance');
    const said = 'The stakes of coup 1 are in its settlement while its call waits; none yet for the next coup.';
    await waitText(payeur.locator('tq-payeur tq-stakes [data-stakes-in-play]'), said);
    await waitText(surveillance.locator('tq-replay tq-stakes [data-stakes-in-play]'), said);
    await screenshot(surveillance, 'replay-stakes-in-play');
    expect(await payeur.locator('tq-payeur tq-settlement tr[data-row^="s1:"]').count(), 'the stake is in the settlement').to.be.above(0);

    await t.tailleur.post('/api/coups/1/confirm');
    await payeur.locator('tq-payeur tq-stakes [data-stakes-in-play]').waitFor({ state: 'detached' });
    expect(await textOf(payeur.locator('tq-payeur tq-stakes p.muted'))).to.equal('No stakes yet.');
    expect(scriptErrors(payeur)).to.deep.equal([]);
    expect(scriptErrors(surveillance)).to.deep.equal([]);
  });
});
