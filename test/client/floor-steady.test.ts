/**
 * The floor's cards stay where they are through the ordinary course of play,
 * in Chromium against a real central store: an outsider saw the cards move 41
 * times in 30 s by up to 80 px at 1024×768, as a card's height followed its
 * content (card rows wrapping, the "not payable yet" line and the held coups
 * coming and going, a pill joining the alerts) and every card below moved
 * with it. Four tables deal coups line by line into the central store; every
 * card's top and height, at 1024×768, 768×1024 and 1920×1080, must not change.
 * Screenshots: floor-steady-tablet.png, floor-steady-portrait.png, floor-steady-wide.png.
 */
import { expect } from 'chai';
import type { ShoeEvent } from '../../shoe/events.ts';
import { replayShoe } from '../../shoe/replay.ts';
import { insertLines, registerTable, reportStatus } from '../support/central-store.ts';
import { readFixture } from '../support/fixture.ts';
import { cardPlaces } from './support/floor-cards.ts';
import { floorRig } from './support/floor-rig.ts';
import { openPage, screenshot, scriptErrors } from './support/chromium.ts';
import { loginAs } from './support/login.ts';
import { recordShoe } from './support/recorded-shoe.ts';

const ORDINARY = readFixture('ordinary');
const CONFIRM_1 = ORDINARY.findIndex((e) => e.type === 'confirm');
const CONFIRM_2 = ORDINARY.findIndex((e) => e.type === 'confirm' && e.coup === 2);
const CALL_1 = replayShoe(ORDINARY.slice(0, CONFIRM_1)).state.coups[0]!.call!;
const STEPS = 24;
/** A shuffler's fault early in the shoe: a tall alert that stays while the coups go on. */
const FAULTED: ShoeEvent[] = [...ORDINARY.slice(0, 2), { type: 'fault', code: 'DUPLICATE', text: 'a frame came twice' }, ...ORDINARY.slice(2)];
/** Each dealing table's lines in the central store at first, then one more of each per step: calls waiting and confirmed, cards, bets. */
const DEALING: [string, number, ShoeEvent[]][] = [
  ['T1', CONFIRM_1, ORDINARY],
  ['T2', CONFIRM_2 + 1, ORDINARY],
  ['T3', CONFIRM_1 - 4, ORDINARY],
  ['T4', CONFIRM_2 - 6, ORDINARY],
  // a call waiting, then confirmed, beside a tall alert: the card grew 44 px while the call waited (outsider pass 19)
  ['T7', CONFIRM_1 - 3, FAULTED],
];
/** Two that stay as they are: a dispute, a silent shuffler. */
const STILL: [string, ShoeEvent[]][] = [
  [
    'T5',
    [
      ...ORDINARY.slice(0, CONFIRM_1),
      { type: 'dispute', coup: 1, announced: CALL_1 === 'Rouge perd et couleur' ? 'Rouge gagne et couleur' : 'Rouge perd et couleur' },
    ],
  ],
  ['T6', [...ORDINARY.slice(0, CONFIRM_2 + 1), { type: 'fault', code: 'SILENT', text: 'no frame from the shuffler for 15 s' }]],
];

describe('the floor’s cards stay put as the tables deal (Chromium, real central store)', function () {
  this.timeout(180_000);

  const rig = floorRig();

  it('keeps every card’s place and height while coups are dealt, called and confirmed (1024×768, 768×1024, 1920×1080; 1024, 768, 1366 and 1920 in Italian too)', async () => {
    const dealing = new Map<string, { shoe: string; lines: string[]; held: number }>();
    for (const [table, from, events] of DEALING) {
      await registerTable(rig.admin, table);
      const { shoe, lines } = await recordShoe(table, events.slice(0, from + STEPS), rig.dirs, 'floor-steady');
      await insertLines(rig.admin, table, shoe, lines.slice(0, from));
      dealing.set(table, { shoe, lines, held: from });
    }
    const shoes: [string, string][] = [...dealing].map(([table, d]) => [table, d.shoe]);
    for (const [table, events] of STILL) {
      await registerTable(rig.admin, table);
      const { shoe, lines } = await recordShoe(table, events, rig.dirs, 'floor-steady');
      await insertLines(rig.admin, table, shoe, lines);
      shoes.push([table, shoe]);
    }
    const report = () =>
      Promise.all(
        shoes.map(([table, shoe]) =>
          reportStatus(rig.admin, table, { link: { connected: true, state: 'DEALING', alerts: 0 }, central: { state: 'in-sync', behind: 0 }, shoe }),
        ),
      );
    await report();
    await rig.floor.board.loadAll();
    // Italian's longer words at 1024: a call waiting alone wrapped to two lines and the card grew 5 px (outsider pass 21, N3)
    const views = [
      ['tablet', 'en'],
      ['portrait', 'en'],
      ['wide', 'en'],
      ['tablet', 'it'],
      ['portrait', 'it'],
      // 1920 in Italian: cards 304↔306 px, the row below moved 2 px (outsider pass 27)
      ['wide', 'it'],
      ['laptop', 'it'],
    ] as const;
    const pages = await Promise.all(views.map(([size]) => openPage(rig.browser, size)));
    try {
      for (const [k, page] of pages.entries()) {
        await loginAs(page, rig.floor.url, 'surveillance', views[k]![1]);
        await page.locator('tq-floor-overview li[data-table=T6] [data-last-alert=fault]').waitFor();
      }
      const held = () =>
        Promise.all(
          pages.map((page) =>
            Promise.all([...dealing].map(([table, d]) => page.locator(`tq-floor-overview li[data-table=${table}] [data-events="${d.held}"]`).waitFor())),
          ),
        );
      await held();
      const first = await Promise.all(pages.map(cardPlaces));
      const seen: string[][][] = [];
      for (let step = 0; step < STEPS; step++) {
        for (const [table, d] of dealing) {
          if (d.held >= d.lines.length) continue;
          await insertLines(rig.admin, table, d.shoe, d.lines.slice(d.held, d.held + 1));
          d.held++;
        }
        if (step % 4 === 0) await report();
        await held();
        seen.push(await Promise.all(pages.map(cardPlaces)));
      }
      await Promise.all(pages.map((page, k) => screenshot(page, `floor-steady-${views[k]![0]}${views[k]![1] === 'it' ? '-it' : ''}`)));
      for (const [k, [size, lang]] of views.entries()) {
        const moved = seen.flatMap((sample, step) =>
          sample[k]!.filter((c, i) => c !== first[k]![i]).map((c) => `step ${step + 1}: ${c} (was ${first[k]![sample[k]!.indexOf(c)]})`),
        );
        expect(moved.length, `${size} ${lang}, ${moved.length} changes:\n${moved.slice(0, 16).join('\n')}`).to.equal(0);
      }
      for (const page of pages) expect(scriptErrors(page)).to.deep.equal([]);
    } finally {
      await Promise.all(pages.map((page) => page.context().close()));
    }
  });
});
