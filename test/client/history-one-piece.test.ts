/**
 * The shoe's history reads each coup's state and each seat's result as one
 * piece. Seen on the payeur's and the chef's tablets (1024×768) in Italian:
 * coup 1's "da confermare" broke in two inside its pill, and in the line of
 * the eight seats' results "s5" ended a line with its "+120,00" on the next.
 */
import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const COUP_1 = seededDeal(7, 1).coups[0]!;
const CHANCES = ['rouge', 'noir', 'couleur', 'inverse'] as const;

/** How many lines the element's words take. */
const lines = (el: Locator) =>
  el.evaluate((box) => {
    const words = document.createRange();
    words.selectNodeContents(box);
    return new Set([...words.getClientRects()].map((r) => Math.round(r.top))).size;
  });

/** The seats (« s5 ») whose result does not start on the line where their name ends. */
const seatsSplit = (row: Locator) =>
  row.evaluate((td) => {
    const split: string[] = [];
    const walk = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      const name = node.textContent?.trim() ?? '';
      const result = (node as Text).nextElementSibling;
      if (!/^s\d+$/.test(name) || !result) continue;
      const at = node.textContent!.indexOf(name);
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + name.length);
      const nameTop = [...range.getClientRects()].at(-1)!.top;
      if (Math.abs(result.getClientRects()[0]!.top - nameTop) > 4) split.push(name);
    }
    return split;
  });

describe('dashboard: the shoe’s history in one piece on a tablet (Chromium, real server, seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('history-one-piece');

  it('keeps « da confermare » in one pill and each seat with its result, on the Italian payeur’s and chef’s pages at 1024×768', async () => {
    const t = await tables.open(7);
    await t.ready();
    const crew = await t.table.as('payeur');
    for (let i = 0; i < 8; i++) await crew.post('/api/bets', { player: `s${i + 1}`, chance: CHANCES[i % 4], amount: 10_000 + 500 * i, insured: i % 3 === 0 });
    await t.tailleur.post('/api/bets/close');
    await dealCards(t.tailleur, cardsIn(COUP_1));
    const pages: [string, Page][] = [
      ['payeur', await t.page('payeur', 'tablet')],
      ['chef', await t.page('chef', 'tablet')],
    ];
    for (const [role, page] of pages) {
      await page.locator('tq-app button[data-lang=it]').click();
      const state = page.locator('tq-history tr[data-coup="1"] .badge');
      await state.waitFor();
      expect((await state.textContent())?.trim()).to.equal('da confermare');
      await state.scrollIntoViewIfNeeded();
      await screenshot(page, `history-one-piece-${role}`);
      expect(await lines(state), `${role}: coup 1's state`).to.equal(1);
    }
    const seats = pages[0]![1].locator('tq-history tr.seats td[colspan]');
    expect(await seats.textContent()).to.contain('s8');
    expect(await seatsSplit(seats), 'seats whose result starts on the next line').to.deep.equal([]);
  });
});
