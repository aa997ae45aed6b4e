/**
 * Between coups the server refuses a pull until the bets are open
 * (server/http/pull-outcome.ts); the tailleur's "pull a card" button says so
 * beforehand, disabled with the reason, as during a dispute. An outsider
 * pressed it seven times at the start of a shoe for seven refusals. Seed 7,
 * cards from the seeded shoe (test/support/seeded-deal.ts).
 */
import { expect } from 'chai';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { waitText } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const COUP_1 = seededDeal(7, 1).coups[0]!;

describe('dashboard: the tailleur’s pull button between coups (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('tailleur-pull-waits');

  it('is disabled with its reason until the bets are open, then enabled', async () => {
    const t = await tables.open(7);
    await t.ready();
    const page = await t.page('tailleur');
    const pull = page.locator('tq-tailleur button[data-action=pull]');
    await page.locator('tq-tailleur button[data-action=pull]:not([disabled])').waitFor();
    await dealCards(t.tailleur, cardsIn(COUP_1));
    await waitText(page.locator('tq-tailleur [data-pull-waits]'), /^confirm the call of coup 1/);
    expect(await pull.isDisabled()).to.equal(true);
    await t.tailleur.post('/api/coups/1/confirm');
    await waitText(page.locator('tq-tailleur [data-pull-waits]'), /^open the bets first/);
    expect(await pull.isDisabled()).to.equal(true);
    await t.tailleur.post('/api/bets/open');
    await page.locator('tq-tailleur button[data-action=pull]:not([disabled])').waitFor();
    expect(await page.locator('tq-tailleur [data-pull-waits]').count()).to.equal(0);
  });
});
