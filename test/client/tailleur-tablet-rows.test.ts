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
/** Seed 28's coup 1: six cards for Noir, eight for Rouge. */
const LONG = seededDeal(28, 1).coups[0]!;

/** What a row's line of cards leaves free of its box, and the cards' width: five cards that fill it exactly wrap on a rounding. */
async function slack(page: Page, row: 'noir' | 'rouge'): Promise<{ free: number; card: number }> {
  return page.locator(`tq-tailleur tq-rows .row.${row} .cards`).evaluate((box) => {
    const cards = [...box.querySelectorAll('tq-card')].map((c) => c.getBoundingClientRect());
    const inner = box.getBoundingClientRect();
    return { free: inner.width - (cards.at(-1)!.right - cards[0]!.left), card: cards[0]!.width };
  });
}

/** How far each card of a row starts after the one before it, as a share of a card's width: its corner stays in sight. */
async function steps(page: Page, row: 'noir' | 'rouge'): Promise<number[]> {
  return page.locator(`tq-tailleur tq-rows .row.${row} tq-card`).evaluateAll((cards) => {
    const boxes = cards.map((c) => c.getBoundingClientRect());
    return boxes.slice(1).map((b, k) => (b.left - boxes[k]!.left) / b.width);
  });
}

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
    await page.locator('tq-app button[data-lang=it]').click(); // the Italian labels make the side column wider
    expect(await lineTops(page, 'noir'), 'noir row lines').to.have.length(1);
    expect(await lineTops(page, 'rouge'), 'rouge row lines').to.have.length(1);
    // Whatever the width left to the cards: at some widths five cards that fit exactly wrapped 4 + 1 on a rounding (seen by an outsider at 1024×768 in Italian).
    for (let width = 960; width <= 1120; width += 3) {
      await page.setViewportSize({ width, height: 768 });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await lineTops(page, 'noir'), `noir row lines at ${width} px`).to.have.length(1);
      expect(await lineTops(page, 'rouge'), `rouge row lines at ${width} px`).to.have.length(1);
      const { free, card } = await slack(page, 'noir');
      if (card < 108) expect(free, `free width beside five ${card} px cards at ${width} px`).to.be.at.least(2);
    }
    await page.setViewportSize({ width: 1024, height: 768 });
    const call = (await page.locator('#live-call [data-call]').boundingBox())!;
    expect(call.y + call.height, 'the call ends inside the 768 px screen').to.be.at.most(768);
    await screenshot(page, 'tailleur-tablet-rows');
  });

  it('keeps a row of eight cards on one line, each card’s corner in sight, and the call inside the screen', async () => {
    expect([LONG.noir.length, LONG.rouge.length]).to.deep.equal([6, 8]);
    const t = await tables.open(28);
    const page = await t.page('tailleur', 'tablet');
    await t.ready();
    await dealCards(t.tailleur, cardsIn(LONG));
    await waitText(page.locator('#live-call [data-call]'), LONG.call);
    for (const lang of ['en', 'it']) {
      await page.locator(`tq-app button[data-lang=${lang}]`).click();
      for (const width of [960, 1024, 1120]) {
        await page.setViewportSize({ width, height: 768 });
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        for (const row of ['noir', 'rouge'] as const) {
          expect(await lineTops(page, row), `${row} row lines at ${width} px (${lang})`).to.have.length(1);
          for (const step of await steps(page, row)) expect(step, `${row}: a card's shown share at ${width} px (${lang})`).to.be.at.least(0.4);
          const { free } = await slack(page, row);
          expect(free, `${row}: the last card inside its box (to a rounding) at ${width} px (${lang})`).to.be.at.least(-0.5);
        }
        const call = (await page.locator('#live-call [data-call]').boundingBox())!;
        expect(call.y + call.height, `the call ends inside the 768 px screen at ${width} px (${lang})`).to.be.at.most(768);
      }
    }
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'tailleur-tablet-long-rows');
  });
});
