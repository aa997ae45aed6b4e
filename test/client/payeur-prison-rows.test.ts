/**
 * The payeur's prison board with two of one seat's stakes on one chance
 * (docs/rules.md#prison-stake-id), in Chromium against the demo table on
 * seed 831, whose coups 4 and 5 are both 31 après (read from the seeded shoe):
 * s1 bets 100000 on Rouge before coup 4 and 30000 before coup 5, so it holds
 * 100000 at level 2 and 30000 at level 1. Each row has its own buttons, and
 * partager on the 30000 row splits that stake only. The board's Coup column
 * says where each went to prison, its deepening beside: a stake imprisoned at
 * coup 4 and deepened at coup 5 read "5", which a payeur reads as where it went
 * in (outsider pass 23).
 */
import { expect } from 'chai';
import { screenshot } from './support/chromium.ts';
import { freshTables } from './support/fresh-table.ts';
import { playCoups } from './support/play-coups.ts';
import { waitCount, waitText } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const SEED = 831;
const COUPS = seededDeal(SEED, 5).coups;
const lastSeq = (k: number) => COUPS[k]!.firstSeq + cardsIn(COUPS[k]!) - 1;

describe('dashboard: payeur, two prison stakes on one chance (Chromium, simulator seed 831)', function () {
  this.timeout(180_000);
  const tables = freshTables('payeur-prison-rows');
  const deep = `${lastSeq(3)}-s1-rouge`;
  const fresh = `${lastSeq(4)}-s1-rouge`;

  /** s1's two stakes on Rouge in prison, on the payeur's board. */
  async function twoStakes() {
    expect(COUPS.slice(3, 5).map((c) => c.call)).to.deep.equal(['Un après', 'Un après']);
    const t = await tables.open(SEED);
    const payeur = await t.table.as('payeur');
    await t.ready();
    await playCoups(t, payeur, COUPS, { 3: [['s1', 'rouge', 100_000]], 4: [['s1', 'rouge', 30_000]] });
    const page = await t.page('payeur');
    await waitCount(page.locator('tq-prison tr[data-stake]'), 2);
    return { t, page };
  }

  it('gives each stake its own row and buttons, and partager on one splits that one only', async () => {
    const { t, page } = await twoStakes();
    expect(await page.locator(`tq-prison tr[data-stake="${deep}"] [data-level]`).getAttribute('data-level')).to.equal('2');
    expect(await page.locator(`tq-prison tr[data-stake="${fresh}"] [data-level]`).getAttribute('data-level')).to.equal('1');
    expect(await page.locator('tq-prison button[data-choice=partager]').count()).to.equal(2);
    // told apart by where each came from, not only by amount and level (outsider pass 11): the card of the 31 après that sent it
    expect(await page.locator(`tq-prison [data-stake-origin="${deep}"]`).textContent()).to.equal(`sent at card ${lastSeq(3)}`);
    expect(await page.locator(`tq-prison [data-stake-origin="${fresh}"]`).textContent()).to.equal(`sent at card ${lastSeq(4)}`);
    await page.locator(`tq-prison tr[data-stake="${fresh}"] button[data-choice=partager]`).click();
    await page.locator('tq-prison [data-choice-yes]').click(); // a prison choice asks first
    await waitCount(page.locator('tq-prison tr[data-stake]'), 1);
    const { view } = await t.tailleur.get('/api/table');
    expect(view.prison.map((p: { id: string; amount: number; level: number }) => [p.id, p.amount, p.level])).to.deep.equal([[deep, 100_000, 2]]);
    // the coup's settlement says which of the two was split: "to prison (level 2)" and "partager" side by side did not (outside crew pass 47, F2)
    await waitText(page.locator(`tq-settlement tr[data-stake="${fresh}"] [data-stake-origin]`), `sent at card ${lastSeq(4)}`);
    expect(await page.locator(`tq-settlement tr[data-stake="${fresh}"] [data-outcome]`).getAttribute('data-outcome')).to.equal('partager');
    expect(await page.locator(`tq-settlement tr[data-stake="${deep}"] [data-stake-origin]`).textContent()).to.equal(`sent at card ${lastSeq(3)}`);
  });

  it('shows the coup each went to prison at, and the coup that deepened it beside', async () => {
    const { t, page } = await twoStakes();
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
    await screenshot(page, 'payeur-prison-first-coup');
  });
});
