/**
 * The floor's cards lay out in rows of even length where the last row would
 * be short, in Chromium against a real central store (outsider pass 29): four
 * tables on the floor's 1920 px screen lay out as three cards and one, with
 * ~700 px of the screen empty. Screenshots: floor-rows-even-<n>-<width>.png.
 */
import { expect } from 'chai';
import type { Locator } from 'playwright-core';
import { insertLines, registerTable, reportStatus } from '../support/central-store.ts';
import { readFixture } from '../support/fixture.ts';
import { floorRig } from './support/floor-rig.ts';
import { openPage, screenshot } from './support/chromium.ts';
import { loginAs } from './support/login.ts';
import { recordShoe } from './support/recorded-shoe.ts';

const ORDINARY = readFixture('ordinary');
const EARLY = ORDINARY.slice(
  0,
  ORDINARY.findIndex((e) => e.type === 'confirm'),
);

describe('the floor’s cards in rows of even length (Chromium, real central store)', function () {
  this.timeout(90_000);
  const shoes = new Map<string, string>();

  const addTable = async (table: string) => {
    await registerTable(rig.admin, table);
    const { shoe, lines } = await recordShoe(table, EARLY, rig.dirs, 'floor-rows-even');
    await insertLines(rig.admin, table, shoe, lines);
    shoes.set(table, shoe);
    await reportStatus(rig.admin, table, { link: { connected: true, state: 'DEALING', alerts: 0 }, central: { state: 'in-sync', behind: 0 }, shoe });
  };
  const rig = floorRig();

  /** How many cards each row of the floor holds, top to bottom, at `width` px. */
  const rowsAt = async (n: number, width: number): Promise<number[]> => {
    const page = await openPage(rig.browser, 'wide');
    try {
      await page.setViewportSize({ width, height: 1080 });
      await loginAs(page, rig.floor.url, 'surveillance', 'en');
      const cards = page.locator('tq-floor-overview li[data-table]');
      await expectCount(cards, n);
      const tops = await cards.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
      const widths = await cards.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width));
      for (const w of widths) expect(w, 'a card as narrow as the grid allows').to.be.at.least(460);
      await screenshot(page, `floor-rows-even-${n}-${width}`);
      const rows = new Map<number, number>();
      for (const top of tops) rows.set(top, (rows.get(top) ?? 0) + 1);
      return [...rows.entries()].sort(([a], [b]) => a - b).map(([, k]) => k);
    } finally {
      await page.context().close();
    }
  };
  const expectCount = async (cards: Locator, n: number) => {
    for (let i = 0; i < 100 && (await cards.count()) !== n; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await cards.count(), 'the tables on the floor').to.equal(n);
  };

  it('lays four tables out two and two on a 1920 px screen, where three and one left ~700 px empty', async () => {
    for (const table of ['T1', 'T2', 'T3', 'T4']) await addTable(table);
    expect(await rowsAt(4, 1920)).to.deep.equal([2, 2]);
    expect(await rowsAt(4, 1024), 'two to a row anyway at 1024 px').to.deep.equal([2, 2]);
  });

  it('keeps five tables three and two, and four two and two on a screen wider still (the page keeps its width)', async () => {
    expect(await rowsAt(4, 2560)).to.deep.equal([2, 2]);
    await addTable('T5');
    expect(await rowsAt(5, 1920)).to.deep.equal([3, 2]);
  });
});
