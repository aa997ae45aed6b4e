/**
 * What the floor keeps saying after the fact (outsider pass 20): a suspension
 * the chef asked and withdrew (F7) and a shuffler silence that ended (F8) both
 * vanished from a table's card the moment they were over, and a supervisor who
 * looked away never learnt of them. Real central store, as floor-summary.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Locator } from 'playwright-core';
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
const AT = '2026-11-20T20:00:00.000Z';
const CALL_1 = replayShoe(WAITING).state.coups[0]!.call!;
const ANNOUNCED = CALL_1 === 'Rouge perd et couleur' ? 'Rouge gagne et couleur' : 'Rouge perd et couleur';

/** A shoe recorded by a real TableStore, each part of its events by its own crew member; its lines as replicated. */
async function record(table: string, parts: [ShoeEvent[], string][], dirs: string[], at = AT) {
  const first = parts[0]![0][0] as ShoeEvent & { type: 'shoe' };
  const shoe = `${table}-floor-withdrawn-silence`;
  const dataDir = await mkdtemp(join(tmpdir(), 'tq-floor-withdrawn-silence-'));
  dirs.push(dataDir);
  const store = await TableStore.open(dataDir, { table });
  await store.createShoe({ ...first, table, shoe }, { at, by: 'tailleur' });
  for (const [i, [events, by]] of parts.entries()) await store.append(shoe, i === 0 ? events.slice(1) : events, { at, by });
  await store.close();
  return { shoe, lines: (await readFile(shoeFilePath(dataDir, shoe), 'utf8')).split('\n').filter((l) => l !== '') };
}

/** Whether a chip's bold lead lies whole inside it (laid out by the "+N more" rule or not: measured as if in sight). */
const leadWhole = (chip: Locator) =>
  chip.evaluate((e) => {
    const kind = e.querySelector('.kind')!.getBoundingClientRect();
    const box = e.getBoundingClientRect();
    return kind.width > 0 && kind.right <= box.right - 4;
  });

describe('the floor says a withdrawn suspension and an ended shuffler silence (Chromium, real central store)', function () {
  this.timeout(60_000);
  const shoes = new Map<string, string>();
  /** When T4's record says its silence ended: the link's memory names the same end. */
  let t4SpokeAt = '';
  const rig = floorRig(async (admin, dirs) => {
    const tables: [string, [ShoeEvent[], string][]][] = [
      [
        'T1',
        [
          [WAITING, 'tailleur'],
          [[{ type: 'hold', reason: 'suspended', note: 'marked cards' }], 'chef'],
          [[{ type: 'unhold', note: 'the cards were checked' }], 'inspector'],
        ],
      ],
      ['T2', [[[...WAITING, { type: 'fault', code: 'SILENT', text: 'no frame from the shuffler for 15 s' }], 'tailleur']]],
      // a dispute the chef ruled: the table's view drops its alert at the ruling (outsider passes 22 and 24)
      [
        'T3',
        [
          [[...WAITING, { type: 'dispute', coup: 1, announced: ANNOUNCED }], 'tailleur'],
          [[{ type: 'resolve', coup: 1, ruling: 'cards', reason: 'read again on the layout' }], 'chef'],
        ],
      ],
      // a silence whose end the shoe recorded (server/table/silence-over.ts)
      [
        'T4',
        [
          [
            [
              ...WAITING,
              { type: 'fault', code: 'SILENT', text: 'no frame from the shuffler for 15 s' },
              { type: 'fault', code: 'SILENCE_OVER', text: `the shuffler spoke again after 35 s silent (its last frame before ${AT})` },
            ],
            'shuffler',
          ],
        ],
      ],
    ];
    for (const [table, parts] of tables) {
      await registerTable(admin, table);
      // T4's silence over recorded 20 s before the suite: the floor keeps it ten minutes of its clock from then (outside floor pass 43, F3)
      if (table === 'T4') t4SpokeAt = new Date(Date.now() - 20_000).toISOString();
      // T3's ruling 20 s before the suite too: the floor says a ruling ten minutes of its clock from it (outside floor pass 50, F3)
      const { shoe, lines } = await record(table, parts, dirs, table === 'T4' ? t4SpokeAt : table === 'T3' ? new Date(Date.now() - 20_000).toISOString() : AT);
      await insertLines(admin, table, shoe, lines);
      shoes.set(table, shoe);
    }
  });

  it('keeps each on its table’s card as a warning, with who and when, in English and Italian', async () => {
    const to = new Date(Date.now() - 20_000).toISOString();
    const from = new Date(Date.parse(to) - 35_000).toISOString();
    const link = { connected: true, state: 'DEALING', alerts: 0, lastFrameAt: new Date().toISOString() };
    const central = { state: 'in-sync', behind: 0 };
    await reportStatus(rig.admin, 'T1', { link, central, shoe: shoes.get('T1') });
    await reportStatus(rig.admin, 'T2', { link: { ...link, lastSilence: { from, to } }, central, shoe: shoes.get('T2') });
    for (const lang of ['en', 'it'] as const) {
      const page = await openPage(rig.browser, 'tablet');
      try {
        await loginAs(page, rig.floor.url, 'surveillance', lang);
        const withdrawn = page.locator('tq-floor tq-floor-overview li[data-table=T1] [data-withdrawn]');
        const silence = page.locator(`tq-floor tq-floor-overview li[data-table=T2] [data-silence-ended="${to}"]`);
        await withdrawn.waitFor({ timeout: 10_000 });
        await silence.waitFor({ timeout: 10_000 });
        await screenshot(page, `floor-withdrawn-silence-${lang}`);
        const text = async (l: typeof withdrawn) => (await l.textContent())!.replace(/\s+/g, ' ').trim();
        expect(await withdrawn.getAttribute('data-severity')).to.equal('warning');
        expect(await silence.getAttribute('data-severity')).to.equal('warning');
        expect(await text(withdrawn)).to.match(
          lang === 'en'
            ? /^Suspension withdrawn ?Asked by chef \(marked cards\), withdrawn by inspector at \d\d:\d\d:\d\d: «the cards were checked»$/
            : /^Sospensione ritirata ?Chiesta da chef \(marked cards\), ritirata da inspector alle \d\d:\d\d:\d\d: «the cards were checked»$/,
        );
        expect(await text(silence)).to.match(lang === 'en' ? /^Shuffler silent 35 s ?until \d\d:\d\d:\d\d$/ : /^Silenzio 35 s ?fino alle \d\d:\d\d:\d\d$/);
        expect(await silence.getAttribute('title')).to.match(
          lang === 'en'
            ? /^Shuffler silence over · Shuffler was silent 35 s \(until \d\d:\d\d:\d\d\)$/
            : /^Silenzio della mescolatrice finito · La mescolatrice è rimasta in silenzio 35 s \(fino alle \d\d:\d\d:\d\d\)$/,
        );
        // the silence itself is over: no longer said as a shuffler fault beside it
        expect(await page.locator('tq-floor tq-floor-overview li[data-table=T2] [data-last-alert=fault]').count()).to.equal(0);
      } finally {
        await page.context().close();
      }
    }
  });

  it('says how long a silence over lasted in its lead, in sight at every size (outside floor pass 41)', async () => {
    const to = new Date(Date.now() - 20_000).toISOString();
    const from = new Date(Date.parse(to) - 35_000).toISOString();
    const link = { connected: true, state: 'DEALING', alerts: 0, lastFrameAt: new Date().toISOString() };
    await reportStatus(rig.admin, 'T2', { link: { ...link, lastSilence: { from, to } }, central: { state: 'in-sync', behind: 0 }, shoe: shoes.get('T2') });
    for (const size of ['tablet', 'laptop', 'wide'] as const)
      for (const lang of ['en', 'it'] as const) {
        const page = await openPage(rig.browser, size);
        try {
          await loginAs(page, rig.floor.url, 'surveillance', lang);
          // this test's silence: the floor keeps the one an earlier test reported beside it (outside floor pass 50, F2)
          const silence = page.locator(`tq-floor tq-floor-overview li[data-table=T2] [data-silence-ended="${to}"]`);
          await silence.waitFor({ timeout: 10_000 });
          // "Shuffler silence over Shuffler was silent 35 s (until …)" was 452 px: cut before its length in every card
          expect(await silence.locator('.kind').textContent(), `${size} ${lang}`).to.equal(lang === 'en' ? 'Shuffler silent 35 s' : 'Silenzio 35 s');
          // with room for the ellipsis after it, where the chip's words are cut: 2 px short, "Mescolatrice muta 35…" at 1024 px
          const room = await silence.evaluate((e) => {
            const edge = e.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(e).paddingRight);
            return e.scrollWidth <= e.clientWidth ? Number.POSITIVE_INFINITY : edge - e.querySelector('.kind')!.getBoundingClientRect().right;
          });
          expect(room, `${size} ${lang}: px after the lead`).to.be.at.least(14);
          await screenshot(page, `floor-silence-over-whole-${size}-${lang}`);
        } finally {
          await page.context().close();
        }
      }
  });

  it('says how the chef ruled a dispute, and a silence over that the shoe recorded, in English and Italian', async () => {
    const link = { connected: true, state: 'DEALING', alerts: 0, lastFrameAt: new Date().toISOString() };
    const central = { state: 'in-sync', behind: 0 };
    await reportStatus(rig.admin, 'T3', { link, central, shoe: shoes.get('T3') });
    // the same silence as the record's, its end read by the link a moment before the fault was stored
    const to = new Date(Date.parse(t4SpokeAt) - 300).toISOString();
    await reportStatus(rig.admin, 'T4', { link: { ...link, lastSilence: { from: AT, to } }, central, shoe: shoes.get('T4') });
    for (const lang of ['en', 'it'] as const) {
      const page = await openPage(rig.browser, 'tablet');
      try {
        await loginAs(page, rig.floor.url, 'surveillance', lang);
        const ruled = page.locator('tq-floor tq-floor-overview li[data-table=T3] [data-ruled]');
        await ruled.waitFor({ timeout: 10_000 });
        expect(await ruled.getAttribute('data-ruled')).to.equal('cards');
        expect(await ruled.getAttribute('data-severity')).to.equal('warning');
        expect((await ruled.textContent())!.replace(/\s+/g, ' ').trim()).to.match(
          lang === 'en'
            ? new RegExp(`^Ruled: cards stand ?read again on the layout · coup 1, by chef \\(\\d\\d:\\d\\d:\\d\\d\\), announced «${ANNOUNCED}»$`)
            : new RegExp(`^Valgono le carte ?read again on the layout · colpo 1, da chef \\(\\d\\d:\\d\\d:\\d\\d\\), annunciato «${ANNOUNCED}»$`),
        );
        // the ruling whole and the chef's reason begun in sight on the card at 1024 px, not only in the title or a touch away
        // (outsider pass 28: "Dispute ruled ruled by…")
        const inSight = await ruled.evaluate((chip) => {
          const box = chip.getBoundingClientRect();
          const ruling = chip.querySelector('[data-ruling]')!.getBoundingClientRect();
          const reason = chip.querySelector('[data-ruling-reason]')!.getBoundingClientRect();
          return { ruling: ruling.right <= box.right - 8, reason: reason.width > 0 && reason.left + 12 <= box.right - 8 };
        });
        expect(inSight, lang).to.deep.equal({ ruling: true, reason: true });
        // said as a spell over, how long and until when, as the link's memory says one (outside floor pass 43, F3)
        const over = page.locator('tq-floor tq-floor-overview li[data-table=T4] [data-silence-ended]');
        await over.waitFor({ timeout: 10_000 });
        expect((await over.textContent())!.replace(/\s+/g, ' ').trim()).to.match(
          lang === 'en' ? /^Shuffler silent 35 s ?until \d\d:\d\d:\d\d$/ : /^Silenzio 35 s ?fino alle \d\d:\d\d:\d\d$/,
        );
        expect(await over.getAttribute('data-severity')).to.equal('warning');
        // said once: from the record, not again as the record's fault nor from the link's memory
        expect(await page.locator('tq-floor tq-floor-overview li[data-table=T4] [data-last-alert=fault]').count()).to.equal(0);
        expect(await page.locator('tq-floor tq-floor-overview li[data-table=T4] [data-silence-ended]').count()).to.equal(1);
        await screenshot(page, `floor-ruled-silence-over-${lang}`);
      } finally {
        await page.context().close();
      }
    }
  });

  it('says a table was stale once its reports come back, how long and until when, in English and Italian (outsider pass 28)', async () => {
    const link = { connected: true, state: 'DEALING', alerts: 0, lastFrameAt: new Date().toISOString() };
    const status = { link, central: { state: 'in-sync', behind: 0 }, shoe: shoes.get('T3') };
    await reportStatus(rig.admin, 'T3', status, 61_000);
    const page = await openPage(rig.browser, 'tablet');
    try {
      await loginAs(page, rig.floor.url, 'surveillance', 'en');
      const card = page.locator('tq-floor tq-floor-overview li[data-table=T3]');
      await card.locator('[data-stale]').waitFor({ timeout: 10_000 });
      expect(await card.locator('[data-stale-ended]').count(), 'while it is stale').to.equal(0);
      await reportStatus(rig.admin, 'T3', status);
      // after the table's ruling, under "+1 more" on this card: attached, not necessarily in sight
      const back = card.locator('[data-stale-ended]');
      await back.waitFor({ state: 'attached', timeout: 10_000 });
      expect(await card.locator('[data-stale]').count(), 'reporting again').to.equal(0);
      expect(await back.getAttribute('data-severity')).to.equal('warning');
      const said = (await back.textContent())!.replace(/\s+/g, ' ').trim();
      expect(said).to.match(/^No reports \d+ s ?until \d\d:\d\d:\d\d$/);
      // from its last report before (61 s old when the floor read it) to its first after
      expect(Number(/reports (\d+) s/.exec(said)![1])).to.be.within(61, 90);
      expect(await back.getAttribute('title')).to.match(/^Reports back: none for \d+ s, until \d\d:\d\d:\d\d$/);
      await screenshot(page, 'floor-stale-ended-en');
      expect(await leadWhole(back), 'how long, whole on a 1024 px card').to.equal(true);
      // and until when in the strip's words, where the card's narrow alert cuts it (outsider pass 39, F2): after the table's
      // ruling, which leads its chip, in the chip's list of what it holds
      const chip = page.locator('tq-floor tq-floor-summary [data-summary-table=T3]');
      expect(await chip.getAttribute('title')).to.match(/ · No reports \d+ s, until \d\d:\d\d:\d\d$/);
    } finally {
      await page.context().close();
    }
    const it = await openPage(rig.browser, 'tablet');
    try {
      await loginAs(it, rig.floor.url, 'surveillance', 'it');
      const back = it.locator('tq-floor tq-floor-overview li[data-table=T3] [data-stale-ended]');
      await back.waitFor({ state: 'attached', timeout: 10_000 });
      expect((await back.textContent())!.replace(/\s+/g, ' ').trim()).to.match(/^Senza rapporti \d+ s ?fino alle \d\d:\d\d:\d\d$/);
      await screenshot(it, 'floor-stale-ended-it');
      expect(await leadWhole(back), 'how long, whole on a 1024 px card').to.equal(true);
    } finally {
      await it.context().close();
    }
  });
});
