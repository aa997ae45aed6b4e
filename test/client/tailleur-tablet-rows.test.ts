/**
 * On a landscape tablet (1024×768) a row of five cards stays on one line and
 * the call stays in sight. Seen by an outsider playing a whole shoe: the
 * large cards took three a line, each row of five wrapped in two, and the
 * call's status fell below the screen. Seed 15's coup 1 has five cards in
 * each row.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { screenshot } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { waitText } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const COUP_1 = seededDeal(15, 1).coups[0]!;

/** The distinct tops of a row's cards: one line of cards has one top. */
async function lineTops(page: Page, row: 'noir' | 'rouge'): Promise<number[]> {
  const boxes = await page
    .locator(`tq-tailleur tq-rows .row.${row} tq-card`)
    .evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().top)));
  return [...new Set(boxes)];
}

describe('dashboard: the tailleur’s rows on a landscape tablet (Chromium, real server, seed 15)', function () {
  this.timeout(120_000);
  const tables = freshTables('tailleur-tablet-rows');

  it('keeps a row of five cards on one line and the call inside the screen', async () => {
    expect([COUP_1.noir.length, COUP_1.rouge.length]).to.deep.equal([5, 5]);
    const t = await tables.open(15);
    const page = await t.page('tailleur', 'tablet');
    await t.ready();
    await dealCards(t.tailleur, cardsIn(COUP_1));
    await waitText(page.locator('#live-call [data-call]'), COUP_1.call);
    expect(await lineTops(page, 'noir'), 'noir row lines').to.have.length(1);
    expect(await lineTops(page, 'rouge'), 'rouge row lines').to.have.length(1);
    const call = (await page.locator('#live-call [data-call]').boundingBox())!;
    expect(call.y + call.height, 'the call ends inside the 768 px screen').to.be.at.most(768);
    await screenshot(page, 'tailleur-tablet-rows');
  });
});
