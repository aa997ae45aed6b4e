/**
 * Surveillance's replay says what a held suspension does to the stakes a 31 après just sent to prison: the choices
 * open at the confirmation, the shoe is suspended once they are made (docs/rules.md#held-end), and the stakes left go
 * on to the next shoe, even at a table with the end-of-shoe release (Venice's default), which only an empty shoe
 * triggers (docs/rules.md#end-of-shoe). "They go on as they stand" said nothing of it (outside crew pass 43). Seed 6,
 * whose coup 1 is a 31 après (read from the seeded shoe).
 */
import { expect } from 'chai';
import { scriptErrors, screenshot } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { waitText } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const COUP_1 = seededDeal(6, 1).coups[0]!;

describe('dashboard: surveillance’s replay, prison stakes before a held suspension (Chromium, simulator seed 6)', function () {
  this.timeout(180_000);
  const tables = freshTables('surveillance-prison-held-end');

  it('says the stakes go on to the next shoe, a suspension returning none, under the end-of-shoe release', async () => {
    expect(COUP_1.call).to.equal('Un après');
    const t = await tables.open(6);
    const page = await t.page('surveillance');
    await t.ready();
    expect((await t.tailleur.get('/api/table')).view.rules.endOfShoeRelease).to.equal(true);
    const payeur = await t.table.as('payeur');
    await payeur.post('/api/bets', { player: 's2', chance: 'noir', amount: 20_000 });
    await payeur.post('/api/bets', { player: 's3', chance: 'rouge', amount: 10_000 });
    await dealCards(t.tailleur, cardsIn(COUP_1));
    const banner = page.locator('tq-replay [data-prison-waiting]');
    await waitText(banner, '2 prison choices wait for the call to be confirmed');
    await (await t.table.as('chef')).post('/api/shoe/suspend', { reason: 'marked cards' });
    await waitText(
      banner,
      '2 prison choices open once the call is confirmed (or ruled by the chef de table); the shoe is suspended once they are made (a suspension waits for them), and the stakes left in prison go on to the next shoe',
    );
    expect(await banner.textContent()).not.to.include('returned in full');
    await screenshot(page, 'surveillance-prison-held-end');
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
