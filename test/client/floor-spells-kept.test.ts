/**
 * What the floor remembers, and how it counts it (outside floor pass 43): a
 * shuffler's silence whose end the shoe recorded went from the card as any
 * alert and said no time of day (F3); and "3 tables need you" stayed ten
 * minutes after an outage was over, counting what was only remembered (F7).
 * Real central store, as floor-summary. Screenshots: floor-spells-kept-*.png.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { formatTime } from '../../client/format.ts';
import { shoeFilePath } from '../../server/store/data-dir.ts';
import { TableStore } from '../../server/store/table-store.ts';
import type { ShoeEvent } from '../../shoe/events.ts';
import { replayShoe } from '../../shoe/replay.ts';
import { insertLines, registerTable, reportStatus } from '../support/central-store.ts';
import { readFixture } from '../support/fixture.ts';
import { floorRig } from './support/floor-rig.ts';
import { openPage, screenshot } from './support/chromium.ts';
import { loginAs } from './support/login.ts';

const ORDINARY = readFixture('ordinary');
const WAITING = ORDINARY.slice(
  0,
  ORDINARY.findIndex((e) => e.type === 'confirm'),
);
const CALL_1 = replayShoe(WAITING).state.coups[0]!.call!;
/**
 * When the shuffler spoke again on T1: the record's time of its SILENCE_OVER, 20 s before the suite starts. Set when
 * the suite's store is seeded, not when the file is loaded: mocha loads every file first, and in the whole run this suite
 * began more than ten minutes later, when the spell over was rightly gone.
 */
let SPOKE = '';

/** A shoe recorded by a real TableStore at `at`; its lines as replicated. */
async function record(table: string, events: ShoeEvent[], at: string, dirs: string[]) {
  const first = events[0] as ShoeEvent & { type: 'shoe' };
  const shoe = `${table}-floor-spells-kept`;
  const dataDir = await mkdtemp(join(tmpdir(), 'tq-floor-spells-kept-'));
  dirs.push(dataDir);
  const store = await TableStore.open(dataDir, { table });
  await store.createShoe({ ...first, table, shoe }, { at, by: 'tailleur' });
  await store.append(shoe, events.slice(1), { at, by: 'shuffler' });
  await store.close();
  return { shoe, lines: (await readFile(shoeFilePath(dataDir, shoe), 'utf8')).split('\n').filter((l) => l !== '') };
}

const text = async (l: Locator) => (await l.textContent())!.replace(/\s+/g, ' ').trim();

describe('the floor remembers a spell over with its time, and does not count it as needing the floor (Chromium, real central store)', function () {
  this.timeout(60_000);
  const shoes = new Map<string, string>();
  const rig = floorRig(async (admin, dirs) => {
    SPOKE = new Date(Date.now() - 20_000).toISOString();
    const tables: [string, ShoeEvent[], string][] = [
      [
        'T1',
        [
          ...WAITING,
          { type: 'fault', code: 'SILENT', text: 'no frame from the shuffler for 15 s' },
          { type: 'fault', code: 'SILENCE_OVER', text: `the shuffler spoke again after 35 s silent (its last frame before ${SPOKE})` },
        ],
        SPOKE,
      ],
      ['T2', WAITING, SPOKE],
      [
        'T3',
        [...WAITING, { type: 'dispute', coup: 1, announced: CALL_1 === 'Rouge perd et couleur' ? 'Rouge gagne et couleur' : 'Rouge perd et couleur' }],
        SPOKE,
      ],
    ];
    for (const [table, events, at] of tables) {
      await registerTable(admin, table);
      const { shoe, lines } = await record(table, events, at, dirs);
      await insertLines(admin, table, shoe, lines);
      shoes.set(table, shoe);
    }
  });

  /** T2's silence over in the link's memory only: a spell over, nothing open. */
  async function open(lang: 'en' | 'it', size: 'tablet' | 'wide'): Promise<Page> {
    const link = { connected: true, state: 'DEALING', alerts: 0, lastFrameAt: new Date().toISOString() };
    const lastSilence = { from: new Date(Date.now() - 80_000).toISOString(), to: new Date(Date.now() - 40_000).toISOString() };
    for (const [table, shoe] of shoes)
      await reportStatus(rig.admin, table, { link: table === 'T2' ? { ...link, lastSilence } : link, central: { state: 'in-sync', behind: 0 }, shoe });
    const page = await openPage(rig.browser, size);
    await loginAs(page, rig.floor.url, 'surveillance', lang);
    await page.locator('tq-floor tq-floor-summary [data-summary-table=T3]').waitFor({ timeout: 10_000 });
    return page;
  }

  for (const lang of ['en', 'it'] as const)
    it(`says a silence over the shoe recorded as a spell over, how long and at what time (${lang}, F3)`, async () => {
      const page = await open(lang, 'tablet');
      try {
        const card = page.locator('tq-floor tq-floor-overview li[data-table=T1]');
        const over = card.locator('[data-silence-ended]');
        // in sight or under the card's "+N more": attached either way
        await over.waitFor({ state: 'attached', timeout: 10_000 });
        const at = formatTime(SPOKE, lang);
        expect(await text(over)).to.equal(lang === 'en' ? `Shuffler silent 35 s until ${at}` : `Silenzio 35 s fino alle ${at}`);
        expect(await over.getAttribute('data-severity')).to.equal('warning');
        // said once: not again as the record's fault
        expect(await card.locator('[data-last-alert=fault]').count()).to.equal(0);
        const chip = page.locator('tq-floor tq-floor-summary [data-summary-table=T1]');
        expect(await chip.getAttribute('title')).to.include(lang === 'en' ? `Shuffler silent 35 s, until ${at}` : `Mescolatrice muta 35 s, fino alle ${at}`);
      } finally {
        await page.context().close();
      }
    });

  for (const lang of ['en', 'it'] as const)
    it(`counts as needing the floor only the tables with a matter open, those with a spell over apart (${lang}, F7)`, async () => {
      const page = await open(lang, 'wide');
      try {
        const strip = page.locator('tq-floor tq-floor-summary');
        await strip.locator('[data-summary-table=T2]').waitFor({ timeout: 10_000 });
        await strip.locator('[data-summary-table=T1]').waitFor({ timeout: 10_000 });
        // T3's dispute needs the floor; T1's and T2's silences are over, remembered on their cards
        expect(await text(strip.locator('[data-summary-head]'))).to.equal(lang === 'en' ? '1 table needs you' : '1 tavolo ha bisogno di te');
        expect(await strip.locator('[data-summary-head]').getAttribute('title')).to.equal(lang === 'en' ? '1 serious · 2 recently' : '1 grave · 2 di recente');
        expect(await text(strip.locator('[data-summary-count=recent]'))).to.equal(lang === 'en' ? '2 recently' : '2 di recente');
        await screenshot(page, `floor-spells-kept-strip-${lang}`);
      } finally {
        await page.context().close();
      }
    });
});
