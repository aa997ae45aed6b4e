/**
 * The floor's summary strip keeps its worst table whole and in one place at the
 * tablets' widths, in Italian and English: at 768 px the worst chip ran past the
 * edge behind "+N altri →" when a count such as "2 di routine" stood before it,
 * "+3 altri" counted that half-seen chip, a routine call coming and going slid
 * the worst chip 90–108 px and back, and with the floor's stream offline at
 * 1024 px the notice left room only for "T6" (outsider pass 20).
 * Real central store, as floor-summary. Screenshots: floor-worst-whole-*.png.
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
/** A call waiting for the tailleur: routine. */
const WAITING = ORDINARY.slice(0, CONFIRM_1);
const CALL_1 = replayShoe(WAITING).state.coups[0]!.call!;
const DISPUTED: ShoeEvent[] = [
  ...WAITING,
  { type: 'dispute', coup: 1, announced: CALL_1 === 'Rouge perd et couleur' ? 'Rouge gagne et couleur' : 'Rouge perd et couleur' },
];
/** The worst table: a dispute, and the chef's suspension held behind it. */
const DISPUTED_HELD: ShoeEvent[] = [...DISPUTED, { type: 'hold', reason: 'suspended', note: 'marked cards' }];
const SILENT: ShoeEvent[] = [...WAITING, { type: 'fault', code: 'SILENT', text: 'no frame from the shuffler for 15 s' }];
const TABLES: [string, ShoeEvent[]][] = [
  ['T1', DISPUTED_HELD],
  ['T2', WAITING],
  ['T3', SILENT],
  ['T4', SILENT],
  ['T5', DISPUTED],
  ['T6', SILENT],
];

interface Fit {
  worst: string;
  worstLeft: number;
  worstOver: number;
  said: number;
  /** How far the counts by severity reach past what shows of the strip (the furthest; ≤ 0 when all are seen whole). */
  countsOver: number;
  /** The chips whose right end is past what shows of the strip (its edge, or the "+N more" button's left). */
  hidden: string[];
  /** Of those, the ones drawn all the same: cut mid-word by the edge. */
  drawnCut: string[];
}

/** The strip as it reads: its first chip's place and end, and "+N more" against the chips not wholly seen. */
async function stripFit(page: Page): Promise<Fit> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.locator('tq-floor tq-floor-summary').evaluate((host) => {
    const root = host.shadowRoot!;
    const strip = root.querySelector<HTMLElement>('.strip')!;
    const more = root.querySelector<HTMLElement>('[data-summary-more] button');
    const edge = more ? more.getBoundingClientRect().left : strip.getBoundingClientRect().right;
    const chips = [...root.querySelectorAll<HTMLElement>('[data-summary-table]')];
    const first = chips[0]!;
    return {
      worst: first.dataset.summaryTable!,
      worstLeft: first.getBoundingClientRect().left,
      worstOver: first.getBoundingClientRect().right - edge,
      said: Number(root.querySelector<HTMLElement>('[data-summary-more]')?.dataset.summaryMore ?? 0),
      countsOver: Math.max(-Infinity, ...[...root.querySelectorAll<HTMLElement>('[data-summary-count]')].map((c) => c.getBoundingClientRect().right - edge)),
      hidden: chips.filter((c) => c.getBoundingClientRect().right > edge + 0.5).map((c) => c.dataset.summaryTable!),
      drawnCut: chips
        .filter((c) => c.getBoundingClientRect().right > edge + 0.5 && c.getBoundingClientRect().left < edge && c.checkVisibility({ visibilityProperty: true }))
        .map((c) => c.dataset.summaryTable!),
    };
  });
}

/** The strip given other tables, or an offline time, as the floor would give it, and read again. */
async function restrip(page: Page, change: { drop?: string; offlineSince?: number }): Promise<Fit> {
  await page.locator('tq-floor tq-floor-summary').evaluate(async (host, c) => {
    const el = host as HTMLElement & { tables: { table: string }[]; offlineSince: number; updateComplete: Promise<boolean> };
    if (c.drop) el.tables = el.tables.filter((x) => x.table !== c.drop);
    if (c.offlineSince !== undefined) el.offlineSince = c.offlineSince;
    await el.updateComplete;
  }, change);
  return stripFit(page);
}

describe('the floor summary’s worst table, whole and in place (Chromium, real central store)', function () {
  this.timeout(90_000);
  const shoes = new Map<string, string>();
  const rig = floorRig(async (admin, dirs) => {
    for (const [table, events] of TABLES) {
      await registerTable(admin, table);
      const { shoe, lines } = await recordShoe(table, events, dirs, 'floor-summary-worst-whole');
      await insertLines(admin, table, shoe, lines);
      shoes.set(table, shoe);
    }
  });

  /** Every table reported just now, so none reads stale. */
  async function open(lang: 'it' | 'en', size: 'portrait' | 'tablet'): Promise<Page> {
    for (const [table, shoe] of shoes)
      await reportStatus(rig.admin, table, { link: { connected: true, state: 'DEALING', alerts: 0 }, central: { state: 'in-sync', behind: 0 }, shoe });
    const page = await openPage(rig.browser, size);
    await loginAs(page, rig.floor.url, 'surveillance', lang);
    await page.locator('tq-floor tq-floor-summary [data-summary-table=T1]').waitFor();
    return page;
  }

  for (const lang of ['it', 'en'] as const)
    for (const size of ['portrait', 'tablet'] as const) {
      it(`keeps the worst chip whole and counts in "+N more" just the chips not wholly seen (${lang}, ${size})`, async () => {
        const page = await open(lang, size);
        try {
          const f = await stripFit(page);
          await screenshot(page, `floor-worst-whole-${lang}-${size}`);
          expect(f.worst, 'the worst table first').to.equal('T1');
          expect(f.worstOver, `the worst chip's end past what shows of the strip (${lang}, ${size})`).to.be.at.most(0.5);
          expect(f.said, `"+N more" against the chips not wholly seen: ${f.hidden.join(' ')} (${lang}, ${size})`).to.equal(f.hidden.length);
          // "4 da guardare" ran under "+4 altri" at 768 px (outsider pass 21, N6)
          expect(f.countsOver, `the counts' end past what shows of the strip (${lang}, ${size})`).to.be.at.most(0.5);
          // "T4 Silenz", "T4 1 contes" at 1024 px in Italian (outsider pass 22, G5)
          expect(f.drawnCut, `chips drawn cut by the strip's edge (${lang}, ${size})`).to.deep.equal([]);
        } finally {
          await page.context().close();
        }
      });

      it(`keeps the worst chip in its place as a routine call comes and goes (${lang}, ${size})`, async () => {
        const page = await open(lang, size);
        try {
          const withCall = await stripFit(page);
          const without = await restrip(page, { drop: 'T2' });
          await screenshot(page, `floor-worst-whole-${lang}-${size}-no-routine`);
          expect(without.worstLeft, `the worst chip's place without the routine call (${lang}, ${size})`).to.be.closeTo(withCall.worstLeft, 0.5);
          expect(without.said, `"+N more" without the routine call (${lang}, ${size})`).to.equal(without.hidden.length);
        } finally {
          await page.context().close();
        }
      });
    }

  for (const lang of ['it', 'en'] as const)
    it(`says the counts by severity in the head's title, not in the strip, when most tables are to look at (${lang}, portrait)`, async () => {
      const page = await open(lang, 'portrait');
      try {
        // three silent tables have a card voided instead: amber, "3 da guardare" beside "2 gravi" and "1 di routine"
        await page.locator('tq-floor tq-floor-summary').evaluate(async (host) => {
          const el = host as HTMLElement & {
            tables: { table: string; lastEventAt: string | null; view: { alerts: object[] } | null }[];
            updateComplete: Promise<boolean>;
          };
          el.tables = el.tables.map((x) =>
            ['T3', 'T4', 'T6'].includes(x.table) && x.view
              ? { ...x, view: { ...x.view, alerts: [{ kind: 'void', message: 'card 9 (QH) voided: misread', at: x.lastEventAt ?? new Date().toISOString() }] } }
              : x,
          );
          await el.updateComplete;
        });
        const f = await stripFit(page);
        await screenshot(page, `floor-worst-whole-${lang}-portrait-counts`);
        // a tablet's strip leaves the counts to the head's title, the tables' chips their room (outsider pass 39, F3)
        expect(await page.locator('tq-floor tq-floor-summary [data-summary-count]').count()).to.equal(0);
        const counts = ((await page.locator('tq-floor tq-floor-summary [data-summary-head]').getAttribute('title')) ?? '').split(' · ');
        expect(counts).to.have.length(3);
        expect(counts[1]).to.equal(lang === 'it' ? '3 da guardare' : '3 to look at');
        expect(f.worstOver).to.be.at.most(0.5);
      } finally {
        await page.context().close();
      }
    });

  for (const lang of ['en', 'it'] as const)
    for (const size of ['tablet', 'portrait'] as const)
      it(`names the worst table whole while the floor's stream is offline (${lang}, ${size})`, async () => {
        const page = await open(lang, size);
        try {
          const f = await restrip(page, { offlineSince: Date.now() - 60_000 });
          await screenshot(page, `floor-worst-whole-${lang}-${size}-offline`);
          expect(f.worstOver, `the worst chip's end past what shows of the strip, offline (${lang}, ${size})`).to.be.at.most(0.5);
          expect(f.said, `"+N more" offline: ${f.hidden.join(' ')} (${lang}, ${size})`).to.equal(f.hidden.length);
        } finally {
          await page.context().close();
        }
      });
});
