/**
 * A floor card's spell over and its dispute read whole, the time a spell ended
 * most of all, at the tablets' sizes in English and Italian (outside floor
 * pass 44): each alert was one line of the card's 200 px alert column, cut
 * with an ellipsis, so "Silenzio 35 s fino alle 07:08:12" lost its time and the
 * dispute pill its own at 1024×768 and 768×1024. Real central store, as
 * floor-spells-kept. Screenshots: floor-alerts-whole-<size>-<lang>.png.
 */
import { expect } from 'chai';
import type { Locator } from 'playwright-core';
import { formatTime } from '../../client/format.ts';
import type { ShoeEvent } from '../../shoe/events.ts';
import { replayShoe } from '../../shoe/replay.ts';
import { insertLines, registerTable, reportStatus } from '../support/central-store.ts';
import { readFixture } from '../support/fixture.ts';
import { floorRig } from './support/floor-rig.ts';
import { openPage, screenshot, scriptErrors } from './support/chromium.ts';
import { loginAs } from './support/login.ts';
import { recordShoe } from './support/recorded-shoe.ts';

const ORDINARY = readFixture('ordinary');
const CONFIRM_1 = ORDINARY.findIndex((e) => e.type === 'confirm');
const CONFIRM_2 = ORDINARY.findIndex((e) => e.type === 'confirm' && e.coup === 2);
const WAITING = ORDINARY.slice(0, CONFIRM_1);
const CALL_1 = replayShoe(WAITING).state.coups[0]!.call!;
/** Coup 1's call disputed. */
const DISPUTED: ShoeEvent[] = [
  ...WAITING,
  { type: 'dispute', coup: 1, announced: CALL_1 === 'Rouge perd et couleur' ? 'Rouge gagne et couleur' : 'Rouge perd et couleur' },
];
const QUIET = ORDINARY.slice(0, CONFIRM_2 + 1);
/**
 * T1 disputed, its shuffler's silence over in the link's memory; T3's shuffler silent with a call waiting; two ordinary
 * tables around them, as on a floor.
 */
const TABLES: [string, ShoeEvent[]][] = [
  ['T1', DISPUTED],
  ['T2', QUIET],
  ['T3', [...WAITING, { type: 'fault', code: 'SILENT', text: 'no frame from the shuffler for 15 s' }]],
  // T4 near its shoe's end: fewer cards left than a coup takes
  ['T4', ORDINARY.slice(0, 411)],
];

/** How far each alert's words run past what its chip shows, across and down, its right edge past the card's, and whether it is under "+N more". */
const shownOf = (chip: Locator) =>
  chip.evaluate((e) => {
    const li = (e.getRootNode() as ShadowRoot).host.closest('li')!;
    return {
      text: e.textContent!.replace(/\s+/g, ' ').trim(),
      cut: e.scrollWidth - e.clientWidth,
      clamped: e.scrollHeight - e.clientHeight,
      past: e.getBoundingClientRect().right - li.getBoundingClientRect().right,
      shown: getComputedStyle(e.closest('.item') ?? e).visibility !== 'hidden',
    };
  });

describe('a floor card’s spell over and dispute read whole at the tablets’ sizes (Chromium, real central store)', function () {
  this.timeout(90_000);
  const shoes = new Map<string, string>();
  const rig = floorRig(async (admin, dirs) => {
    for (const [table, events] of TABLES) {
      await registerTable(admin, table);
      const { shoe, lines } = await recordShoe(table, events, dirs, 'floor-alerts-whole');
      await insertLines(admin, table, shoe, lines);
      shoes.set(table, shoe);
    }
  });

  for (const size of ['tablet', 'portrait'] as const)
    for (const lang of ['en', 'it'] as const)
      it(`shows "until HH:MM:SS" and the dispute whole (${size}, ${lang})`, async () => {
        const lastSilence = { from: new Date(Date.now() - 75_000).toISOString(), to: new Date(Date.now() - 40_000).toISOString() };
        for (const [table, shoe] of shoes) {
          // T3's shuffler silent since its fault: no frame after it
          const spoke = table === 'T3' ? {} : { lastFrameAt: new Date().toISOString() };
          const link = { connected: true, state: 'DEALING', alerts: 0, ...spoke, ...(table === 'T1' && { lastSilence }) };
          await reportStatus(rig.admin, table, { link, central: { state: 'in-sync', behind: 0 }, shoe });
        }
        const page = await openPage(rig.browser, size);
        try {
          await loginAs(page, rig.floor.url, 'surveillance', lang);
          const card = page.locator('tq-floor tq-floor-overview li[data-table=T1]');
          // this test's silence: the floor keeps those the sizes before reported beside it (outside floor pass 50, F2)
          const spell = card.locator(`[data-silence-ended="${lastSilence.to}"]`);
          const silent = page.locator('tq-floor tq-floor-overview li[data-table=T3] [data-last-alert=fault]');
          const dispute = card.locator('[data-disputes]');
          await spell.waitFor({ state: 'attached', timeout: 10_000 });
          await dispute.waitFor({ state: 'attached', timeout: 10_000 });
          await silent.waitFor({ state: 'attached', timeout: 10_000 });
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          await screenshot(page, `floor-alerts-whole-${size}-${lang}`);
          const at = formatTime(lastSilence.to, lang);
          const s = await shownOf(spell);
          const d = await shownOf(dispute);
          const q = await shownOf(silent);
          // T3's call to confirm, in its slot under the alerts: "colpo 1: annuncio da confe…" at 768 px (outside floor pass 45)
          const w = await shownOf(page.locator('tq-floor tq-floor-overview li[data-table=T3] [data-awaiting]'));
          // T4's "under 8 cards: next coup annulled" beside its shuffler: cut to "Und…" at 1024 px (outside floor pass 47)
          const fewCards = page.locator('tq-floor tq-floor-overview li[data-table=T4] [data-few-cards]');
          const few = await shownOf(fewCards);
          // and inside the status bar's three lines, not on a fourth it hides
          expect(
            await fewCards.evaluate((e) => e.getBoundingClientRect().bottom - e.closest('.bar')!.getBoundingClientRect().bottom),
            'the few cards left under the bar',
          ).to.be.at.most(0.5);
          // the kind says what it is; its words beside it were the whole fault sentence, "Shuffler silent Fault recorded: no
          // word from the shuffl…" (outside floor pass 45)
          expect(q.text).to.equal(lang === 'en' ? 'Shuffler silent 15 s without a word' : 'Mescolatrice muta 15 s senza segnale');
          expect(s.text).to.equal(lang === 'en' ? `Shuffler silent 35 s until ${at}` : `Silenzio 35 s fino alle ${at}`);
          for (const [what, f] of [
            ['the spell over', s],
            ['the dispute', d],
            ['the silent shuffler', q],
            ['the call to confirm', w],
            ['the few cards left', few],
          ] as const) {
            expect(f.shown, `${what} shown, not under "+N more" (${size}, ${lang})`).to.equal(true);
            expect(f.cut, `${what} cut by (${size}, ${lang}): ${f.text}`).to.be.at.most(0);
            expect(f.clamped, `${what} cut under its last line by (${size}, ${lang}): ${f.text}`).to.be.at.most(0);
            expect(f.past, `${what} past its card (${size}, ${lang})`).to.be.at.most(0.5);
          }
          // a touch on the dispute lays it out in full: what was announced, what the cards say, who raised it and when; with no
          // hover on a tablet an outsider found neither on the card (outside floor pass 45)
          await dispute.click();
          const full = card.locator('[data-all-alerts] [data-disputed-coup="1"]');
          const announced = (DISPUTED.at(-1) as ShoeEvent & { type: 'dispute' }).announced;
          const raised = formatTime('2026-11-20T20:00:00.000Z', lang);
          expect(await full.textContent()).to.equal(
            lang === 'en'
              ? `Coup 1: announced «${announced}», the cards say «${CALL_1}» — raised by tailleur at ${raised}`
              : `Colpo 1: annunciato «${announced}», le carte dicono «${CALL_1}» — sollevata da tailleur alle ${raised}`,
          );
          await screenshot(page, `floor-dispute-full-${size}-${lang}`);
          await page.keyboard.press('Escape');
          expect(scriptErrors(page)).to.deep.equal([]);
        } finally {
          await page.context().close();
        }
      });
});
