/**
 * "Quarante", the longest announcement of a row, keeps the same clearance
 * from its row's box as the other rows' words, on the payeur's and the
 * surveillance's screens at 1366: it touched the box's edge there (outsider
 * pass 18). Seed 24's coup 1: Noir 40 (Quarante), Rouge 31 (Un).
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { screenshot } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { waitText } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const COUP_1 = seededDeal(24, 1).coups[0]!;

/** How far each row's announcement's words end from the inside of its row's box (its padding edge), in CSS pixels. */
async function clearance(page: Page, screen: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const row of ['noir', 'rouge']) {
    out[row] = await page.locator(`${screen} tq-rows .row.${row}`).evaluate((box) => {
      const word = box.querySelector('[data-announced]')!;
      const range = document.createRange();
      range.selectNodeContents(word);
      const end = Math.max(...[...range.getClientRects()].map((r) => r.right));
      return box.getBoundingClientRect().right - end;
    });
  }
  return out;
}

describe('dashboard: "Quarante" keeps its clearance from the row’s box (Chromium, real server, seed 24)', function () {
  this.timeout(120_000);
  const tables = freshTables('quarante-clearance');

  it('leaves Quarante as much room as Un on the payeur’s and the surveillance’s screens at 1366, in English and Italian', async () => {
    expect([COUP_1.noirTotals.at(-1), COUP_1.rougeTotals.at(-1)]).to.deep.equal([40, 31]);
    const t = await tables.open(24);
    await t.ready();
    const pages: [string, Page][] = [
      ['tq-payeur', await t.page('payeur')],
      ['tq-surveillance', await t.page('surveillance', 'wide')],
    ];
    await dealCards(t.tailleur, cardsIn(COUP_1));
    for (const [screen, page] of pages) {
      await page.setViewportSize({ width: 1366, height: 768 });
      await waitText(page.locator(`${screen} tq-rows [data-announced=noir]`), 'Quarante');
      for (const lang of ['en', 'it']) {
        await page.locator(`tq-app button[data-lang=${lang}]`).click();
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const gap = await clearance(page, screen);
        expect(gap.noir, `Quarante's clearance on ${screen} (${lang}), Un's ${gap.rouge}`).to.be.at.least(Math.min(gap.rouge!, 12) - 0.5);
        expect(gap.noir, `Quarante's clearance on ${screen} (${lang})`).to.be.at.least(8);
      }
      await screenshot(page, `quarante-clearance-${screen}`);
    }
  });
});
