/**
 * A card drawn out of turn while the last coup's call still waits (the shuffler's own
 * button: the tailleur's pull says "confirm first" instead) starts the next coup on the
 * stakes left on the layout: the tailleur and the payeur see it as an amber band, not
 * only the chef (outsider pass 10, D8; docs/rules.md#dispute-no-pull).
 */
import { expect } from 'chai';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { screenshot } from './support/chromium.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const COUP_1 = seededDeal(7, 1).coups[0]!;

describe('dashboards: a card out of turn while a call waits, on the tailleur’s and the payeur’s screens (Chromium, real server)', function () {
  this.timeout(120_000);
  const tables = freshTables('out-of-turn-crew');

  it('shows the tailleur and the payeur an amber out-of-turn band naming the card and the coup', async () => {
    const t = await tables.open(7);
    const tailleur = await t.page('tailleur');
    const payeur = await t.page('payeur');
    await t.ready();
    await (await t.table.as('payeur')).post('/api/bets', { player: 's1', chance: 'rouge', amount: 1000 });
    await dealCards(t.tailleur, cardsIn(COUP_1)); // coup 1 dealt: its call waits for the tailleur
    await dealCards(t.tailleur, 1, { outOfTurn: true });
    for (const [role, page] of [
      ['tailleur', tailleur],
      ['payeur', payeur],
    ] as const) {
      const band = page.locator('tq-alert-banner .band[data-alert=out-of-turn]');
      await band.waitFor({ timeout: 10_000 });
      expect(await band.getAttribute('data-severity'), role).to.equal('warning');
      expect(await band.locator('.msg').textContent(), role).to.match(/card \d+.*coup 2/i);
    }
    await screenshot(tailleur, 'out-of-turn-tailleur-call-waits');
    await screenshot(payeur, 'out-of-turn-payeur-call-waits');
  });
});
