/**
 * The floor's cards as a steadiness test reads and sets them: where each card
 * stands, and one table's row put on the floor's own cards in place of what
 * the central store sent, so a card's alerts or header can be set state by
 * state while the other cards stay the floor's own.
 */
import type { Page } from 'playwright-core';
import type { FloorTable } from '../../../server/http/contract.ts';

/** Every card's top (in the page) and height, to the pixel. */
export const cardPlaces = (page: Page): Promise<string[]> =>
  page.locator('tq-floor-overview').evaluate((overview) =>
    [...overview.shadowRoot!.querySelectorAll('li')].map((li) => {
      const r = li.getBoundingClientRect();
      return `${li.getAttribute('data-table')} top ${Math.round(r.top + window.scrollY)} height ${Math.round(r.height)}`;
    }),
  );

/**
 * Sets the table's row to `row` on the floor's own cards and waits for them to be drawn; again if the floor's own
 * update (its stream, a report) drew the table's row from the store meanwhile.
 */
export async function showRow(page: Page, row: FloorTable): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const kept = await page.locator('tq-floor-overview').evaluate(async (el, r) => {
      const overview = el as HTMLElement & { tables: FloorTable[]; updateComplete: Promise<unknown> };
      const tables = overview.tables.map((x) => (x.table === r.table ? r : x));
      overview.tables = tables;
      await overview.updateComplete;
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(done))));
      return overview.tables === tables;
    }, row);
    if (kept) return;
  }
  throw new Error('the floor kept drawing its own rows over the test’s');
}
