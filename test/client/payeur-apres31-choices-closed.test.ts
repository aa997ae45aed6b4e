/**
 * A confirmed 31 après's band says its prison choices are open only while they
 * are: they close with the next coup's bets, and the band said "open" through
 * the next coup's deal (outsider pass 16). Seed 6's coup 1 is a 31 après.
 */
import { expect } from 'chai';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { textOf, waitText } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const COUP_1 = seededDeal(6, 1).coups[0];

describe('dashboard: payeur, a 31 après’s prison choices closed (Chromium, real server, seed 6)', function () {
  this.timeout(120_000);
  const tables = freshTables('payeur-apres31-choices-closed');

  it('says the choices are open once the call is confirmed, and closed once the next coup is dealt', async () => {
    expect(COUP_1!.call).to.equal('Un après'); // a 31 après
    const t = await tables.open(6);
    await t.ready();
    await (await t.table.as('payeur')).post('/api/bets', { player: 's1', chance: 'rouge', amount: 10_000 });
    await t.tailleur.post('/api/bets/close');
    await dealCards(t.tailleur, cardsIn(COUP_1!));
    await t.tailleur.post('/api/coups/1/confirm');
    const page = await t.page('payeur');
    const band = page.locator('tq-payeur tq-standing [data-standing-key]');
    await waitText(band, /the prison choices are open/);
    await t.tailleur.post('/api/bets/open');
    await dealCards(t.tailleur, 1); // coup 2's first card closes the bets, and the choices with them
    await waitText(band, /its prison choices closed with the bets · Coup 1/);
    expect(await textOf(band)).not.to.contain('are open');
  });
});
