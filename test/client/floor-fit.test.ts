/**
 * The floor's cards and summary strip read cleanly at the tablets' sizes and
 * on the floor's screen, in Chromium against a real central store (outsider
 * pass 17): a stale table's card says its shuffler and its coup as last known
 * rather than dropping the one and showing the other as live; an amount to
 * hand back on its line, its stakes and shoe on one under it; a row of six or
 * eight cards clear of its score, no two glyphs overlapping; a summary strip
 * too long for a 768 px screen says how many tables are past its edge.
 * Screenshots: floor-fit-<size>-<lang>.png.
 */
import { expect } from 'chai';
import type { Locator } from 'playwright-core';
import type { ShoeEvent } from '../../shoe/events.ts';
import { replayShoe } from '../../shoe/replay.ts';
import { insertLines, registerTable, reportStatus } from '../support/central-store.ts';
import { readFixture } from '../support/fixture.ts';
import { floorRig } from './support/floor-rig.ts';
import { openPage, screenshot, scriptErrors } from './support/chromium.ts';
import { loginAs } from './support/login.ts';
import { recordShoe } from './support/recorded-shoe.ts';
import { until } from '../support/until.ts';

const ORDINARY = readFixture('ordinary');
const CONFIRM_1 = ORDINARY.findIndex((e) => e.type === 'confirm');
const CONFIRM_2 = ORDINARY.findIndex((e) => e.type === 'confirm' && e.coup === 2);
const CLOSE_3 = ORDINARY.findIndex((e, i) => i > CONFIRM_2 && e.type === 'close');
/** The fixture's first coup whose rows hold eight and six cards, its call waiting. */
const LONG = ORDINARY.findIndex((e, i) => {
  const c = e.type === 'confirm' ? replayShoe(ORDINARY.slice(0, i)).state.coups.at(-1) : undefined;
  return c !== undefined && Math.min(c.noir.cards.length, c.rouge.cards.length) >= 6;
});
const TABLES: [string, ShoeEvent[], { stale?: true }?][] = [
  // coup 13: Noir eight cards, Rouge six, its call to confirm
  ['T1', ORDINARY.slice(0, LONG)],
  // coup 3 being dealt, and no report for 90 s
  ['T2', ORDINARY.slice(0, CLOSE_3 + 3), { stale: true }],
  // suspended with coup 3 cut short, its stakes to hand back
  ['T3', [...ORDINARY.slice(0, CLOSE_3 + 3), { type: 'end', reason: 'suspended', note: 'cliente contesta' }]],
  // calls waiting: enough tables for the strip to pass a 768 px screen's edge
  ['T4', ORDINARY.slice(0, CONFIRM_1)],
  ['T5', ORDINARY.slice(0, CONFIRM_2)],
  ['T6', ORDINARY.slice(0, CONFIRM_1)],
];

type Box = { left: number; right: number; top: number; bottom: number; height: number };
const boxes = (l: Locator) =>
  l.evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: r.height };
    }),
  ) as Promise<Box[]>;
const lineHeight = (l: Locator) => l.evaluate((e) => Number.parseFloat(getComputedStyle(e).lineHeight));

describe('the floor’s cards and strip at the tablets’ sizes (Chromium, real central store)', function () {
  this.timeout(120_000);
  const shoes = new Map<string, string>();

  const rig = floorRig(async (admin, dirs) => {
    expect(LONG, 'the fixture has a coup of six cards a row').to.be.above(0);
    for (const [table, events] of TABLES) {
      await registerTable(admin, table);
      const { shoe, lines } = await recordShoe(table, events, dirs, 'floor-fit');
      await insertLines(admin, table, shoe, lines);
      shoes.set(table, shoe);
    }
  });

  /** Each test's tables report afresh: a report older than 15 s is stale. */
  beforeEach(async () => {
    for (const [table, , how] of TABLES) {
      const link = { connected: true, state: 'DEALING', alerts: 0 };
      await reportStatus(rig.admin, table, { link, central: { state: 'in-sync', behind: 0 }, shoe: shoes.get(table) }, how?.stale ? 90_000 : 0);
    }
  });

  for (const lang of ['en', 'it'] as const) {
    for (const size of ['tablet', 'portrait', 'laptop', 'wide'] as const) {
      it(`reads cleanly at ${size} (${lang})`, async () => {
        const page = await openPage(rig.browser, size);
        try {
          await loginAs(page, rig.floor.url, 'surveillance', lang);
          const card = (table: string) => page.locator(`tq-floor-overview li[data-table=${table}]`);
          await card('T6').locator('[data-awaiting]').waitFor();
          expect(await page.locator('tq-floor-overview li.stale').count(), 'T2 alone stale').to.equal(1);

          // the header's buttons on one line each: "Log / out" at 768 px (outsider pass 30)
          // and the brand: "Trente et Quarante · The floor" over two lines at 768 px (outsider pass 32)
          for (const button of [...(await page.locator('tq-app header > button').all()), page.locator('tq-app header .brand')]) {
            const lines = await button.evaluate((e) => {
              const range = document.createRange();
              range.selectNodeContents(e);
              return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
            });
            expect(lines, `${await button.textContent()}: lines`).to.equal(1);
          }

          // a stale table: its shuffler and its coup as last known, in grey, not dropped or live
          const t2 = card('T2');
          await t2.locator('[data-stale]').waitFor();
          const line = t2.locator('tq-table-status [data-line-last-known=up]');
          // "last known" said by the grey, the phase and the coup's heading; in full in the title (outsider pass 28: cut to "Mescolatrice …")
          expect(await line.locator('.badge').textContent()).to.equal(lang === 'en' ? 'connected' : 'collegata');
          expect(await line.getAttribute('title')).to.equal(lang === 'en' ? 'not known now (last: connected)' : 'stato ignoto (ultimo noto: collegata)');
          expect(await t2.locator('tq-table-status [data-line=up]').count(), 'a live "connected"').to.equal(0);
          expect(await t2.locator('tq-table-status [data-phase=closed]').textContent()).to.equal(
            lang === 'en' ? 'last known: Bets closed' : 'ultimo noto: Puntate chiuse',
          );
          expect(await t2.locator('tq-floor-now [data-now-heading]').textContent()).to.equal(lang === 'en' ? 'In play · last known' : 'In gioco · ultimo noto');
          expect(await t2.locator('tq-floor-now [data-call-status=dealing]').textContent()).to.equal(lang === 'en' ? 'dealing' : 'in corso');
          expect(await t2.locator('tq-floor-now [data-call-status=dealing]').getAttribute('title')).to.equal(
            lang === 'en' ? 'last known: dealing' : 'ultimo noto: in corso',
          );
          // each whole, not cut to "ultimo noto…" (outsider pass 28)
          for (const cut of [t2.locator('tq-floor-now [data-call-status=dealing]'), line.locator('.badge'), line])
            expect(await cut.evaluate((e) => e.scrollWidth <= e.clientWidth + 1), `${await cut.textContent()} whole`).to.equal(true);
          expect(await t2.locator('tq-floor-now [data-pending]').getAttribute('data-pending')).to.equal('last-known');

          // the last event held whole on a stale card's line, and the replication's last word whole or not there: "last known:
          // in sy…" and "Last event 2…" at 1024 and 768 px (outside floor pass 50, F4)
          const last = t2.locator('.reports .last');
          expect(await last.evaluate((e) => e.scrollWidth <= e.clientWidth + 1), `${await last.textContent()} whole`).to.equal(true);
          // nothing drawn over the last event: in Italian at 1024 px the STALE badge ran over it (outside floor pass 51, F1)
          const [badgeRight, lastLeft] = await t2.evaluate((card) => [
            card.querySelector('.reports [data-reported]')!.getBoundingClientRect().right,
            card.querySelector('.reports .last')!.getBoundingClientRect().left,
          ]);
          expect(badgeRight!, 'the STALE badge’s right edge, left of the last event').to.be.at.most(lastLeft! + 0.5);
          const lastKnown = t2.locator('.reports [data-replication=last-known]');
          if (await lastKnown.isVisible())
            expect(await lastKnown.evaluate((e) => e.scrollWidth <= e.clientWidth + 1), `${await lastKnown.textContent()} whole`).to.equal(true);
          // the stale badge whole in English at every size, its time since included ("STALE for 22 s (since 11:02:…" at 768,
          // 1024 and 1366, outsider pass 29); in Italian its count first, whole, where the card cuts it
          const staleBadge = t2.locator('[data-stale]');
          const staleCut = await staleBadge.evaluate((e) => e.scrollWidth - e.clientWidth);
          // (1366 px: a pixel short, outsider pass 30); in Italian too, and inside its card: at 1024 px it ran 52 px past it,
          // over the next card or off the screen (outsider pass 32)
          // (but for a portrait tablet's Italian, a few pixels short: its seconds whole in the bold lead, the time on hover)
          if (lang === 'en' || size !== 'portrait') expect(staleCut, `${await staleBadge.textContent()} cut by`).to.be.at.most(0);
          const lead = staleBadge.locator('b');
          expect(await lead.evaluate((b) => b.getBoundingClientRect().right <= b.parentElement!.getBoundingClientRect().right), 'the lead whole').to.equal(
            true,
          );
          const [badgeBox] = await boxes(staleBadge);
          const [cardBox] = await boxes(t2);
          expect(badgeBox!.right, 'the stale badge’s right edge, inside its card').to.be.at.most(cardBox!.right - 4);
          expect(await staleBadge.textContent()).to.match(lang === 'en' ? /^STALE 9\d s, since / : /^NON AGGIORNATO 9\d s, dalle /);
          // silent for hours, its badge longer than the line: cut inside the card, never past it
          await reportStatus(
            rig.admin,
            'T2',
            { link: { connected: true, state: 'DEALING', alerts: 0 }, central: { state: 'in-sync', behind: 0 }, shoe: shoes.get('T2') },
            36_000_000,
          );
          await until(async () => /\d{5} s/.test((await staleBadge.textContent()) ?? ''), 'the stale badge counting hours');
          const [longBox] = await boxes(staleBadge);
          expect(longBox!.right, `${await staleBadge.textContent()}: its right edge, inside its card`).to.be.at.most(cardBox!.right - 4);

          // every coup's status whole beside its number, also beside a shoe's four-digit money: "Colpo 13 da conferma…" at
          // 1024 px in Italian, where the money of coup 13 narrowed the coup's cell
          for (const [table] of TABLES) {
            const status = card(table).locator('tq-floor-now .coup .badge');
            for (const cutBy of await status.evaluateAll((els) => els.map((e) => `${e.textContent} ${e.scrollWidth - e.clientWidth}`)))
              expect(cutBy, `${table}: the coup's status, cut by`).to.match(/ 0$/);
          }

          // to hand back: one line, the amount with its stakes on the label's line, the shoe in its title
          const handBack = card('T3').locator('tq-floor-now [data-hand-back-row] td');
          const [amount] = await boxes(handBack);
          expect(amount!.height, 'the amount on one line').to.be.below(1.5 * (await lineHeight(handBack)));
          const [label] = await boxes(card('T3').locator('tq-floor-now [data-hand-back-row] th'));
          expect(Math.abs(label!.top - amount!.top), 'the label on the amount’s line').to.be.below(2);
          expect((await handBack.textContent())?.replace(/\s+/g, ' ').trim()).to.match(lang === 'en' ? / \(3 stakes\)$/ : / \(3 poste\)$/);
          expect(await card('T3').locator('tq-floor-now [data-hand-back-row]').getAttribute('title')).to.contain(
            lang === 'en' ? 'shoe loor-fit' : 'sabot loor-fit',
          );

          // six and eight cards a row: clear of the score, no glyph over another
          for (const row of ['noir', 'rouge']) {
            const r = card('T1').locator(`tq-floor-now [data-row=${row}]`);
            const [score] = await boxes(r.locator('b'));
            const cards = await boxes(r.locator('[data-card]'));
            expect(cards.length, row).to.be.at.least(6);
            expect(cards[0]!.left - score!.right, `${row}: the gap after the score`).to.be.at.least(4);
            const [cell] = await boxes(card('T1').locator('tq-floor-now [data-now]'));
            expect(cards.at(-1)!.right, `${row} within its cell`).to.be.at.most(cell!.right + 0.5);
            // six cards whole; eight (Noir's) may close up, the last whole
            if (cards.length === 6)
              for (let i = 1; i < cards.length; i++) expect(cards[i]!.left - cards[i - 1]!.right, `${row}: card ${i} and ${i + 1}`).to.be.at.least(0);
          }

          // the strip: past its edge, a count of the tables there (those under the count's own button too), which scrolls it on
          const strip = page.locator('tq-floor-summary .strip');
          const past = await strip.evaluate((s) => {
            const button = (s.getRootNode() as ShadowRoot).querySelector('[data-summary-more] button');
            const edge = (button ? button.getBoundingClientRect().left : s.getBoundingClientRect().right) + 0.5;
            return [...s.querySelectorAll('[data-summary-table]')].filter((b) => b.getBoundingClientRect().right > edge).length;
          });
          const more = page.locator('tq-floor-summary [data-summary-more]');
          if (size === 'portrait') expect(past, 'tables past a 768 px strip’s edge').to.be.above(0);
          // nothing drawn cut at the edge, the counts as the tables' chips: "4 di ro" showed under "+5 altri" at 1024 in Italian
          const cutAtEdge = await strip.evaluate((s) => {
            const button = (s.getRootNode() as ShadowRoot).querySelector('[data-summary-more] button');
            const edge = (button ? button.getBoundingClientRect().left : s.getBoundingClientRect().right) + 0.5;
            return [...s.querySelectorAll<HTMLElement>('[data-summary-table], [data-summary-count]')]
              .filter((b) => getComputedStyle(b).visibility === 'visible')
              .filter((b) => b.getBoundingClientRect().left < edge && b.getBoundingClientRect().right > edge)
              .map((b) => b.textContent!.trim());
          });
          expect(cutAtEdge, 'drawn cut at the strip’s edge').to.deep.equal([]);
          if (past === 0) expect(await more.count()).to.equal(0);
          else {
            expect(await more.getAttribute('data-summary-more')).to.equal(String(past));
            expect(await more.textContent()).to.contain(lang === 'en' ? `+${past} more` : `+${past} altr`);
            await screenshot(page, `floor-fit-${size}-${lang}`);
            // every table in sight on as many lines as it takes, the head and worst table first: scrolled on, a 768 px strip showed
            // one table at a time, skipped one under the head, and had no way back (outside floor pass 51, F3); the red open
            // dispute and "needs you" scrolled out of sight (outside floor pass 50, F5)
            await more.locator('button').click();
            const fewer = page.locator('tq-floor-summary [data-summary-fewer]');
            await fewer.waitFor();
            const shown = await strip.evaluate((s) => {
              const box = s.getBoundingClientRect();
              const chips = [...s.querySelectorAll<HTMLElement>('[data-summary-table], [data-summary-head]')];
              return chips
                .filter((b) => {
                  const r = b.getBoundingClientRect();
                  return !(getComputedStyle(b).visibility === 'visible' && r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.width > 0);
                })
                .map((b) => b.textContent!.trim());
            });
            expect(shown, 'tables not wholly in sight with the strip opened').to.deep.equal([]);
            expect(await more.count(), 'no "+N more" with every table in sight').to.equal(0);
            await screenshot(page, `floor-fit-${size}-${lang}-strip-open`);
            await fewer.click();
            await more.waitFor();
            expect(await more.getAttribute('data-summary-more')).to.equal(String(past));
          }
          await screenshot(page, `floor-fit-${size}-${lang}-full`, true);
          expect(scriptErrors(page)).to.deep.equal([]);
        } finally {
          await page.context().close();
        }
      });
    }
  }
});
