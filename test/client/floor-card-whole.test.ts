/**
 * A floor card's words and cards read whole and its height holds still
 * through the ordinary course of play, in Chromium against a real central
 * store, at 768, 1024, 1366 and 1920 px in English and Italian (outsider pass
 * 20): the previous call, shown while the next coup is dealt, lost its
 * couleur half ("Rouge perd, la couleur…") at every size; the "not payable
 * yet" line made the card 0.45 px taller at each call and every card below
 * moved; a row of seven cards and more ran its glyphs into each other.
 * Screenshots: floor-card-whole-<width>-<lang>.png.
 */
import { expect } from 'chai';
import type { Locator } from 'playwright-core';
import type { ShoeEvent } from '../../shoe/events.ts';
import { replayShoe } from '../../shoe/replay.ts';
import { formatCents } from '../../client/format.ts';
import { insertLines, registerTable, reportStatus } from '../support/central-store.ts';
import { readFixture } from '../support/fixture.ts';
import { floorRig } from './support/floor-rig.ts';
import { openPage, screenshot, scriptErrors } from './support/chromium.ts';
import { loginAs } from './support/login.ts';
import { recordShoe } from './support/recorded-shoe.ts';

const ORDINARY = readFixture('ordinary');
const PARTAGER = readFixture('apres31-insurance-prison-partager');
/** Where the fixture confirms coup `n`, its call made and waiting before it. */
const confirmOf = (n: number) => ORDINARY.findIndex((e) => e.type === 'confirm' && e.coup === n);
const callOf = (n: number) => replayShoe(ORDINARY.slice(0, confirmOf(n))).state.coups.at(-1)!.call!;
/** The fixture's first coups whose longer row holds seven and eight cards. */
const longest = (n: number) =>
  ORDINARY.findIndex((e, i) => {
    const c = e.type === 'confirm' ? replayShoe(ORDINARY.slice(0, i)).state.coups.at(-1) : undefined;
    return c !== undefined && Math.max(c.noir.cards.length, c.rouge.cards.length) === n;
  });

const TABLES: [string, ShoeEvent[]][] = [
  // coup 4 "Rouge perd, la couleur gagne" confirmed, coup 5 being dealt
  ['T1', ORDINARY.slice(0, confirmOf(4) + 9)],
  // coup 4's call waiting (not payable yet), and the same coup confirmed
  ['T2', ORDINARY.slice(0, confirmOf(4))],
  ['T3', ORDINARY.slice(0, confirmOf(4) + 1)],
  // rows of seven and eight cards, their calls waiting
  ['T4', ORDINARY.slice(0, longest(7))],
  ['T5', ORDINARY.slice(0, longest(8))],
  // coup 4's call disputed and annulled, coup 5 being dealt as at T1: the annulled call under it
  [
    'T7',
    [
      ...ORDINARY.slice(0, confirmOf(4)),
      { type: 'dispute', coup: 4, announced: 'Rouge gagne et couleur' },
      { type: 'resolve', coup: 4, ruling: 'annul', reason: 'misdealt' },
      ...ORDINARY.slice(confirmOf(4) + 1, confirmOf(4) + 9),
    ] as ShoeEvent[],
  ],
  // coup 1's après: a partager gave half a stake back, before coup 2 opens
  [
    'T6',
    PARTAGER.slice(
      0,
      PARTAGER.findIndex((e, i) => e.type === 'open' && i > PARTAGER.findIndex((x) => x.type === 'choice' && x.action === 'partager')),
    ),
  ],
];

type Box = { left: number; right: number; top: number; height: number };
const boxes = (l: Locator) =>
  l.evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, height: r.height };
    }),
  ) as Promise<Box[]>;

describe('a floor card reads whole and holds its height (Chromium, real central store)', function () {
  this.timeout(120_000);
  const shoes = new Map<string, string>();

  const rig = floorRig(async (admin, dirs) => {
    expect(callOf(4)).to.equal('Rouge perd, la couleur gagne');
    for (const [table, events] of TABLES) {
      await registerTable(admin, table);
      const { shoe, lines } = await recordShoe(table, events, dirs, 'floor-whole');
      await insertLines(admin, table, shoe, lines);
      shoes.set(table, shoe);
    }
  });

  beforeEach(async () => {
    for (const [table] of TABLES) {
      const link = { connected: true, state: 'DEALING', alerts: 0 };
      await reportStatus(rig.admin, table, { link, central: { state: 'in-sync', behind: 0 }, shoe: shoes.get(table) });
    }
  });

  for (const lang of ['en', 'it'] as const) {
    for (const width of [768, 1024, 1366, 1920]) {
      it(`reads whole and holds its height at ${width} px (${lang})`, async () => {
        const page = await openPage(rig.browser, width === 768 ? 'portrait' : width === 1920 ? 'wide' : 'tablet');
        try {
          if (width === 1366) await page.setViewportSize({ width, height: 768 });
          await loginAs(page, rig.floor.url, 'surveillance', lang);
          const card = (table: string) => page.locator(`tq-floor-overview li[data-table=${table}]`);
          await card('T5').locator('[data-awaiting]').waitFor();

          // the previous call whole, both its halves, inside its cell
          const previous = card('T1').locator('tq-floor-now [data-previous-call="4"]');
          await previous.waitFor();
          expect(await previous.locator('.call').textContent()).to.equal('Rouge perd, la couleur gagne');
          const cut = await previous.evaluate((e) => e.scrollWidth - e.clientWidth);
          expect(cut, 'the previous call cut by').to.be.at.most(0);
          const [cell] = await boxes(card('T1').locator('tq-floor-now [data-now]'));
          for (const part of await boxes(previous.locator('.call'))) expect(part.right, 'the call within its cell').to.be.at.most(cell!.right + 0.5);

          // "not payable yet" shown or not, the money and the card the same height to the fraction of a pixel
          await card('T2').locator('[data-not-payable=yes]').waitFor();
          await card('T3').locator('[data-not-payable=no]').waitFor({ state: 'attached' });
          const [held] = await boxes(card('T2').locator('tq-floor-now .money'));
          const [payable] = await boxes(card('T3').locator('tq-floor-now .money'));
          expect(held!.height, 'the money’s height with "not payable yet" shown and not').to.equal(payable!.height);
          const line = (table: string) => boxes(card(table).locator('tq-floor-now [data-not-payable]').locator('xpath=ancestor::tr[1]'));
          const [heldLine] = await line('T2');
          const [payableLine] = await line('T3');
          expect(heldLine!.height, 'the line of "not payable yet" shown and not').to.equal(payableLine!.height);
          expect(heldLine!.height % 1, 'the line in whole pixels').to.equal(0);

          // seven cards and more: each within its cell, clear of the score, no glyph over another
          for (const table of ['T4', 'T5']) {
            const [now] = await boxes(card(table).locator('tq-floor-now [data-now]'));
            for (const row of ['noir', 'rouge']) {
              const r = card(table).locator(`tq-floor-now [data-row=${row}]`);
              const [score] = await boxes(r.locator('b'));
              const cards = await boxes(r.locator('[data-card]'));
              expect(cards[0]!.left - score!.right, `${table} ${row}: the gap after the score`).to.be.at.least(4);
              expect(cards.at(-1)!.right, `${table} ${row} within its cell`).to.be.at.most(now!.right + 0.5);
              const squeezed = await r.locator('[data-card]').evaluateAll((els) => els.map((e) => e.scrollWidth - e.clientWidth));
              expect(squeezed, `${table} ${row}: each card's glyphs past its box by`).to.deep.equal(squeezed.map(() => 0));
              for (let i = 1; i < cards.length; i++)
                expect(cards[i]!.left - cards[i - 1]!.right, `${table} ${row} (${cards.length}): card ${i} and ${i + 1}`).to.be.at.least(0);
            }
          }
          // each coup's status whole beside its number: "conferm…" at 1024 in Italian (outsider pass 27)
          for (const [table] of TABLES) {
            const status = card(table).locator('tq-floor-now .coup .badge');
            for (const cutBy of await status.evaluateAll((els) => els.map((e) => `${e.textContent} ${e.scrollWidth - e.clientWidth}`)))
              expect(cutBy, `${table}: the coup's status, cut by`).to.match(/ 0$/);
          }
          // an annulled call under the next coup: "annulled" on the line of its number, the call (moot) in its title, the cell no
          // taller than with a whole call under it (outsider pass 30: a third line at 1024 px in Italian, the card 11 px taller)
          const annulled = card('T7').locator('tq-floor-now [data-previous-call="4"]');
          expect(await annulled.getAttribute('data-previous-annulled')).to.equal('');
          expect(await annulled.getAttribute('title')).to.include('Rouge perd, la couleur gagne');
          const [withAnnulled] = await boxes(card('T7').locator('tq-floor-now [data-now]'));
          expect(withAnnulled!.height, 'the coup’s cell with an annulled call under it').to.be.at.most(cell!.height);
          // the coup a call waits on, its number in sight: "annuncio del colpo 2…" was coup 28 at 1024 px in Italian (outsider pass 30)
          const awaiting = card('T2').locator('[data-awaiting]');
          const numberSeen = await awaiting.evaluate((chip) => {
            const text = [...chip.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && /\d/.test(n.textContent!))!;
            const range = document.createRange();
            const end = /\d+/.exec(text.textContent!)!;
            range.setStart(text, 0);
            range.setEnd(text, end.index + end[0].length);
            return range.getBoundingClientRect().right <= chip.getBoundingClientRect().right - 8;
          });
          expect(numberSeen, 'the coup’s number in sight in its chip').to.equal(true);
          // what a coup gave back, once payable, on the line "not payable yet" keeps: the money no taller (outsider pass 28)
          const returned = card('T6').locator('[data-coup-returned]');
          const amount = Number(await returned.getAttribute('data-coup-returned'));
          expect(amount, 'the partager’s half').to.be.above(0);
          expect((await returned.textContent())!.trim()).to.equal(`${lang === 'en' ? 'returned' : 'restituito'} ${formatCents(amount, lang)}`);
          expect(await returned.evaluate((e) => e.closest('td')!.scrollWidth - e.closest('td')!.clientWidth), 'the returned line cut by').to.be.at.most(0);
          const [withReturn] = await boxes(card('T6').locator('tq-floor-now .money'));
          expect(withReturn!.height, 'the money’s height with a return said').to.equal(payable!.height);
          await screenshot(page, `floor-card-whole-${width}-${lang}`, true);
          expect(scriptErrors(page)).to.deep.equal([]);
        } finally {
          await page.context().close();
        }
      });
    }
  }
});
