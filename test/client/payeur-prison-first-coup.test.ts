/**
 * The prison board's Coup column says where a stake went to prison, its deepening said beside: a stake imprisoned at
 * coup 3 and deepened at coup 4 read "4", which a payeur reads as where it went in (outsider pass 23). Seed 831's
 * coups 4 and 5 are both 31 après (read from the seeded shoe): s1's 100000 on Rouge goes in at coup 4, deeper at 5.
 */
import { expect } from 'chai';
import { freshTables } from './support/fresh-table.ts';
import { playCoups } from './support/play-coups.ts';
import { waitCount, waitText } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const SEED = 831;
const COUPS = seededDeal(SEED, 5).coups;
const lastSeq = (k: number) => COUPS[k]!.firstSeq + cardsIn(COUPS[k]!) - 1;

describe('dashboard: payeur, a deepened prison stake’s coup (Chromium, simulator seed 831)', function () {
  this.timeout(180_000);
  const tables = freshTables('payeur-prison-first-coup');

  it('shows the coup it went to prison at, and the coup that deepened it beside', async () => {
    expect(COUPS.slice(3, 5).map((c) => c.call)).to.deep.equal(['Un après', 'Un après']);
    const t = await tables.open(SEED);
    const payeur = await t.table.as('payeur');
    await t.ready();
    await playCoups(t, payeur, COUPS, { 3: [['s1', 'rouge', 100_000]], 4: [['s1', 'rouge', 30_000]] });
    const deep = `${lastSeq(3)}-s1-rouge`;
    const fresh = `${lastSeq(4)}-s1-rouge`;
    const page = await t.page('payeur');
    await waitCount(page.locator('tq-prison tr[data-stake]'), 2);
    const deepCell = page.locator(`tq-prison tr[data-stake="${deep}"] td[data-first-coup]`);
    await waitText(deepCell, `4sent at card ${lastSeq(3)}deepened at coup 5`);
    expect(await deepCell.getAttribute('data-first-coup')).to.equal('4');
    // the stake sent in at coup 5 has no deepening to say
    const freshCell = page.locator(`tq-prison tr[data-stake="${fresh}"] td[data-first-coup]`);
    expect(await freshCell.getAttribute('data-first-coup')).to.equal('5');
    expect(await freshCell.locator('[data-deepened]').count()).to.equal(0);
    // the domain's view says it, typed: the stake's own coup stays the deepening's
    const { view } = await t.tailleur.get('/api/table');
    const row = view.prison.find((p: { id: string }) => p.id === deep);
    expect([row.coup, row.firstCoup, row.level]).to.deep.equal([5, 4, 2]);
    await page.locator(`tq-prison tr[data-stake="${deep}"]`).scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/crew23-prison-first-coup.png' });
  });
});
