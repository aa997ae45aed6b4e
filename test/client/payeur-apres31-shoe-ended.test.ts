/**
 * A 31 après whose call a suspension waits for (docs/rules.md#held-end): the confirmation opens the
 * prison choices and the shoe ends at the last one; the stakes left go on to the next shoe. The
 * confirmation ended the shoe at once and took the players' choice (outside crew pass 45); before
 * that, the payeur's band said "the prison choices are open" beside a board that refused every
 * choice (outsider pass 11, D12). Seed 831: coup 4 is a 31 après.
 */
import { expect } from 'chai';
import { screenshot } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { playCoups } from './support/play-coups.ts';
import { waitText } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const SEED = 831;
const COUPS = seededDeal(SEED, 4).coups;

describe('dashboard: payeur, a 31 après that ends a suspended shoe (Chromium, simulator seed 831)', function () {
  this.timeout(180_000);
  const tables = freshTables('payeur-apres31-shoe-ended');

  it('opens the choice at the confirmation, says the shoe ends once it is made, and ends it at the choice', async () => {
    expect(COUPS[3]!.call).to.equal('Un après');
    const t = await tables.open(SEED);
    const payeur = await t.table.as('payeur');
    await t.ready();
    await playCoups(t, payeur, COUPS.slice(0, 3));
    await t.tailleur.post('/api/bets/open');
    await payeur.post('/api/bets', { player: 's1', chance: 'rouge', amount: 50_000 });
    await payeur.post('/api/bets', { player: 's2', chance: 'noir', amount: 20_000, insured: true }); // untouched by the 31 après
    await dealCards(t.tailleur, cardsIn(COUPS[3]!));
    await (await t.table.as('chef')).post('/api/shoe/suspend', { reason: 'marked card' }); // held for the call of coup 4
    const page = await t.page('payeur');
    await t.tailleur.post('/api/coups/4/confirm');
    const banner = page.locator('tq-payeur .prison-waiting');
    await waitText(banner, '31 après: 1 prison choice waits for the payeur (leave, move, partager); the shoe ends once it is made');
    const { view } = await t.tailleur.get('/api/table');
    expect([view.end, view.held.choices]).to.deep.equal([null, 1]);
    await screenshot(page, 'payeur-apres31-choice-before-end');
    await page.locator('tq-prison tr[data-prison="s1:rouge"] button[data-choice=leave]').click();
    const band = page.locator('tq-payeur .now tq-standing [role=status]');
    const said = await waitText(band, /the shoe has ended/);
    expect(said).to.equal('Confirmed: nothing is won; the shoe has ended: the stakes left in prison go on to the next shoe · Coup 4');
    // the insured stake the 31 après left standing goes back with the shoe: it was in no list (outsider pass 12)
    const row = page.locator('tq-payeur tq-hand-back [data-hand-back-row="s2:noir"]');
    await row.waitFor();
    expect(await row.getAttribute('data-from')).to.equal('layout');
    expect(await row.textContent())
      .to.contain('on the layout for a coup not dealt')
      .and.to.contain('200.00');
    expect(await page.locator('tq-payeur tq-hand-back [data-hand-back-row="s1:rouge"]').count(), 's1 stays in prison').to.equal(0);
    await screenshot(page, 'payeur-apres31-shoe-ended');
  });
});
