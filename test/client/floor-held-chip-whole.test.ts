/**
 * The floor's summary strip says a held end beside a table's worst matter in
 * full at the portrait and landscape tablets' widths, in Italian and English:
 * at 768×1024 in Italian the chip of a disputed table whose suspension waited
 * was cut ("· S…") (outsider pass 19). Real central store, as floor-summary.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { ShoeEvent } from '../../shoe/events.ts';
import { replayShoe } from '../../shoe/replay.ts';
import { insertLines, registerTable, reportStatus } from '../support/central-store.ts';
import { readFixture } from '../support/fixture.ts';
import { floorRig } from './support/floor-rig.ts';
import { openPage, screenshot } from './support/chromium.ts';
import { loginAs } from './support/login.ts';
import { recordShoe } from './support/recorded-shoe.ts';

const ORDINARY = readFixture('ordinary');
const CONFIRM_1 = ORDINARY.findIndex((e) => e.type === 'confirm');
const WAITING = ORDINARY.slice(0, CONFIRM_1);
const CALL_1 = replayShoe(WAITING).state.coups[0]!.call!;
/** Coup 1's call disputed, then the chef's suspension held behind it. */
const DISPUTED_HELD: ShoeEvent[] = [
  ...WAITING,
  { type: 'dispute', coup: 1, announced: CALL_1 === 'Rouge perd et couleur' ? 'Rouge gagne et couleur' : 'Rouge perd et couleur' },
  { type: 'hold', reason: 'suspended', note: 'marked cards' },
];
const SILENT: ShoeEvent[] = [...WAITING, { type: 'fault', code: 'SILENT', text: 'no frame from the shuffler for 15 s' }];
const TABLES: [string, ShoeEvent[]][] = [
  ['T1', WAITING],
  ['T2', DISPUTED_HELD],
  ['T3', SILENT],
];

/** The chip's words against what it shows of them, and its right edge against the strip's visible one and the "+N more" fade's. */
async function chipFit(page: Page, table: string) {
  return page.locator('tq-floor tq-floor-summary').evaluate((host, t) => {
    const root = host.shadowRoot!;
    const chip = root.querySelector<HTMLElement>(`[data-summary-table="${t}"]`)!;
    const strip = root.querySelector<HTMLElement>('.strip')!;
    const more = root.querySelector<HTMLElement>('[data-summary-more]');
    const right = Math.min(strip.getBoundingClientRect().right, more ? more.getBoundingClientRect().left + 36 : Infinity);
    return {
      text: chip.textContent!.replace(/\s+/g, ' ').trim(),
      cut: chip.scrollWidth > chip.clientWidth + 1,
      over: chip.getBoundingClientRect().right - right,
      height: chip.getBoundingClientRect().height,
      strip: strip.getBoundingClientRect().height,
    };
  }, table);
}

describe('the floor summary’s held end reads whole (Chromium, real central store)', function () {
  this.timeout(60_000);
  const shoes = new Map<string, string>();
  const rig = floorRig(async (admin, dirs) => {
    for (const [table, events] of TABLES) {
      await registerTable(admin, table);
      const { shoe, lines } = await recordShoe(table, events, dirs, 'floor-held-chip-whole');
      await insertLines(admin, table, shoe, lines);
      shoes.set(table, shoe);
    }
  });

  it('shows the disputed table’s held suspension in full at 768 and 1024, in Italian and English', async () => {
    for (const [table, shoe] of shoes)
      await reportStatus(rig.admin, table, { link: { connected: true, state: 'DEALING', alerts: 0 }, central: { state: 'in-sync', behind: 0 }, shoe });
    for (const lang of ['it', 'en'] as const) {
      for (const size of ['portrait', 'tablet'] as const) {
        const page = await openPage(rig.browser, size);
        try {
          await loginAs(page, rig.floor.url, 'surveillance', lang);
          const chip = page.locator('tq-floor tq-floor-summary [data-summary-table=T2]');
          await chip.waitFor();
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          const f = await chipFit(page, 'T2');
          await screenshot(page, `floor-held-chip-${lang}-${size}`);
          expect(f.text, `the chip (${lang}, ${size})`).to.match(lang === 'it' ? /Sospensione in attesa/ : /Suspension held/);
          expect(f.cut, `the chip's words cut inside it (${lang}, ${size}): ${f.text}`).to.equal(false);
          // to the hundredth: a two-line chip made the strip 32.38 px and moved every card 0.37 px (outsider pass 28)
          expect(f.height, `the chip's height (${lang}, ${size}): as tall as a one-line chip`).to.be.at.most(32.01);
          expect(f.strip, `the strip's height (${lang}, ${size}): it does not grow`).to.be.within(31.99, 32.01);
          expect(f.over, `the chip's end past the strip's visible edge (${lang}, ${size}): ${f.text}`).to.be.at.most(0.5);
        } finally {
          await page.context().close();
        }
      }
    }
  });
});
