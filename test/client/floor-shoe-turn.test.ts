/**
 * A shoe that runs out mid-coup, then the table's next shoe, on the floor, in
 * Chromium against a real central store: the coup the end cut short stays in
 * the card's alerts across the new shoe, naming the shoe it was of, and the
 * card keeps its height through the turn. An outsider saw "Coup annulled · coup
 * 29 cut short" on the floor for the second between the end and the new
 * shoe's first line, the card growing then shrinking (outsider pass 17).
 * Screenshot: floor-shoe-turn.png.
 */
import { expect } from 'chai';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { shoeFilePath } from '../../server/store/data-dir.ts';
import { TableStore } from '../../server/store/table-store.ts';
import { linkedFirstLine } from '../../server/table/shoe-link.ts';
import type { ShoeEvent } from '../../shoe/events.ts';
import { insertLines, registerTable, reportStatus } from '../support/central-store.ts';
import { readFixture } from '../support/fixture.ts';
import { floorRig } from './support/floor-rig.ts';
import { openPage, screenshot, scriptErrors } from './support/chromium.ts';
import { loginAs } from './support/login.ts';
import { waitText } from './support/wait.ts';

const ORDINARY = readFixture('ordinary');
const CONFIRM_2 = ORDINARY.findIndex((e) => e.type === 'confirm' && e.coup === 2);
const CLOSE_3 = ORDINARY.findIndex((e, i) => i > CONFIRM_2 && e.type === 'close');
/** Coup 3's stakes placed and two cards dealt, then the shuffler ran out: coup 3 is cut short and annulled. */
const RAN_OUT: ShoeEvent[] = [...ORDINARY.slice(0, CLOSE_3 + 3), { type: 'end', reason: 'empty' }];
/** The next shoe: its first cards burnt, its first coup's bets open. */
const NEXT: ShoeEvent[] = ORDINARY.slice(0, ORDINARY.findIndex((e) => e.type === 'open') + 1);

/** The two shoes of `table`, the second's first line linked to the first (server/table/shoe-link.ts). */
async function recordTurn(table: string, dirs: string[]) {
  const dataDir = await mkdtemp(join(tmpdir(), 'tq-floor-shoe-turn-'));
  dirs.push(dataDir);
  const store = await TableStore.open(dataDir, { table });
  const first = RAN_OUT[0] as ShoeEvent & { type: 'shoe' };
  const meta = { at: new Date(Date.now() - 60_000).toISOString(), by: 'tailleur' };
  const [old, next] = [`${table}-shoe-001`, `${table}-shoe-002`];
  await store.createShoe({ ...first, table, shoe: old }, meta);
  await store.append(old, RAN_OUT.slice(1), meta);
  await store.createShoe(linkedFirstLine({ ...first, table, shoe: next }, await store.readShoe(old), 1), { ...meta, at: new Date().toISOString() });
  await store.append(next, NEXT.slice(1), { ...meta, at: new Date().toISOString() });
  await store.close();
  const lines = async (shoe: string) => (await readFile(shoeFilePath(dataDir, shoe), 'utf8')).split('\n').filter((l) => l !== '');
  return { old: { shoe: old, lines: await lines(old) }, next: { shoe: next, lines: await lines(next) } };
}

const card = (page: Page, table: string) => page.locator(`tq-floor-overview li[data-table=${table}]`);
const height = async (page: Page, table: string) => Math.round((await card(page, table).boundingBox())!.height);
/** A table of its own for each screen size: the floor's shoe only moves forward. */
const TABLE = { tablet: 'T1', portrait: 'T2', wide: 'T3' } as const;
const listed = (page: Page, table: string) => page.locator(`tq-floor aside[data-shoes-of=${table}] tq-shoe-list button[data-shoe]`);

describe('a shoe cut short by its last card, then the next shoe, on the floor (Chromium, real central store)', function () {
  this.timeout(90_000);

  const rig = floorRig();

  for (const size of ['tablet', 'portrait', 'wide'] as const) {
    it(`keeps the coup cut short in the card’s alerts across the new shoe, at the same height (${size})`, async () => {
      const table = TABLE[size];
      const { old, next } = await recordTurn(table, rig.dirs);
      await registerTable(rig.admin, table);
      const report = (shoe: string) =>
        reportStatus(rig.admin, table, { link: { connected: true, state: 'DEALING', alerts: 0 }, central: { state: 'in-sync', behind: 0 }, shoe });
      await insertLines(rig.admin, table, old.shoe, old.lines);
      await report(old.shoe);
      await rig.floor.board.loadAll();
      const page = await openPage(rig.browser, size);
      try {
        await loginAs(page, rig.floor.url, 'surveillance');
        const cut = card(page, table).locator('[data-last-alert=annulled]');
        await card(page, table).locator('tq-table-status [data-phase=ended]').waitFor();
        await cut.waitFor();
        expect(await cut.locator('[data-alert-shoe]').textContent()).to.equal(`in shoe ${old.shoe.slice(-8)}`);
        const ended = await height(page, table);

        await insertLines(rig.admin, table, next.shoe, next.lines);
        await report(next.shoe);
        await card(page, table).locator(`[data-events="${next.lines.length}"]`).waitFor();
        await card(page, table).locator('tq-table-status [data-phase=open]').waitFor();
        // the old shoe's coup 3, in the new shoe's card: said as of that shoe
        expect(await cut.getAttribute('data-alert-before')).to.equal(old.shoe);
        expect(await cut.textContent()).to.contain('Coup 3 cut short: the shuffler ran out of cards');
        expect(await cut.locator('[data-alert-shoe]').textContent()).to.equal(`in shoe ${old.shoe.slice(-8)}`);
        expect(await page.locator(`tq-floor-summary [data-summary-table=${table}]`).textContent()).to.contain('Coup annulled');
        expect(await height(page, table), 'the card’s height across the new shoe').to.equal(ended);
        if (size === 'tablet') await screenshot(page, 'floor-shoe-turn', true);
        expect(scriptErrors(page)).to.deep.equal([]);
      } finally {
        await page.context().close();
      }
    });
  }

  // the list kept "In play" for the shoe that ended, and no line for the next one, until Refresh (outside floor pass 47, F5)
  it('follows the table’s shoe in the open shoe list: its end, then the next shoe, without Refresh', async () => {
    const table = 'T4';
    const { old, next } = await recordTurn(table, rig.dirs);
    await registerTable(rig.admin, table);
    const report = (shoe: string) =>
      reportStatus(rig.admin, table, { link: { connected: true, state: 'DEALING', alerts: 0 }, central: { state: 'in-sync', behind: 0 }, shoe });
    await insertLines(rig.admin, table, old.shoe, old.lines.slice(0, -1));
    await report(old.shoe);
    await rig.floor.board.loadAll();
    const page = await openPage(rig.browser, 'tablet');
    try {
      await loginAs(page, rig.floor.url, 'surveillance');
      await page.locator(`tq-floor-overview button[data-open=${table}]`).click();
      const oldLine = page.locator(`tq-floor aside[data-shoes-of=${table}] button[data-shoe="${old.shoe}"]`);
      await oldLine.waitFor();
      expect(await oldLine.textContent()).to.contain('in play');

      await insertLines(rig.admin, table, old.shoe, old.lines.slice(-1));
      await report(old.shoe);
      await card(page, table).locator('tq-table-status [data-phase=ended]').waitFor();
      await waitText(oldLine, 'Shoe ended: no cards left');

      await insertLines(rig.admin, table, next.shoe, next.lines);
      await report(next.shoe);
      await page.locator(`tq-floor aside[data-shoes-of=${table}] button[data-shoe="${next.shoe}"]`).waitFor();
      expect(await listed(page, table).count()).to.equal(2);
      expect(scriptErrors(page)).to.deep.equal([]);
    } finally {
      await page.context().close();
    }
  });
});
