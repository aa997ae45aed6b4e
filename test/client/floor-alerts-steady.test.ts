/**
 * A table's card keeps its height, and the cards below and beside it their
 * place, as its alerts come and go: an outsider (pass 20, F3) saw a dispute
 * push the whole grid down 66 px, a held suspension 20, a "restarted" 60 and a
 * carried "coup annulled" 130–170 px for 15–20 s. The cards are the floor's own,
 * from a real central store; the first table's alerts are those of tables
 * seeded beside it (a dispute held by a suspension, a restarted table server)
 * and a suspended shoe before it with its cut-short coup, set on its row in
 * turn. Screenshots: floor-alerts-<lang>-<size>-<state>.png.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { FloorTable } from '../../server/http/contract.ts';
import type { ShoeEvent } from '../../shoe/events.ts';
import { replayShoe } from '../../shoe/replay.ts';
import { insertLines, registerTable, reportStatus } from '../support/central-store.ts';
import { readFixture } from '../support/fixture.ts';
import { openPage, screenshot, scriptErrors } from './support/chromium.ts';
import { cardPlaces, showRow } from './support/floor-cards.ts';
import { floorRig } from './support/floor-rig.ts';
import { loginAs } from './support/login.ts';
import { recordShoe } from './support/recorded-shoe.ts';

const ORDINARY = readFixture('ordinary');
const CONFIRM_1 = ORDINARY.findIndex((e) => e.type === 'confirm');
const CALL_1 = replayShoe(ORDINARY.slice(0, CONFIRM_1)).state.coups[0]!.call!;
const TABLES: [string, ShoeEvent[]][] = [
  // the sampled card: the new shoe's first coup being dealt, while a carried alert of the shoe before is still current
  ['T1', ORDINARY.slice(0, CONFIRM_1 - 3)],
  ['T2', ORDINARY.slice(0, CONFIRM_1)],
  ['T3', ORDINARY.slice(0, CONFIRM_1 + 6)],
  ['T4', ORDINARY.slice(0, CONFIRM_1 - 1)],
  // whose alerts the first table is given in turn
  [
    'T8',
    [
      ...ORDINARY.slice(0, CONFIRM_1),
      { type: 'dispute', coup: 1, announced: CALL_1 === 'Rouge perd et couleur' ? 'Rouge gagne et couleur' : 'Rouge perd et couleur' },
      { type: 'hold', reason: 'suspended', note: 'marked cards, the chef calls the inspector' },
    ],
  ],
  ['T9', [...ORDINARY.slice(0, CONFIRM_1 - 3), { type: 'fault', code: 'RESTART', text: 'table server restarted; resumes after card 4' }]],
];

type Donors = { disputed: FloorTable; restarted: FloorTable };
const STATES = ['none', 'dispute', 'held', 'carried', 'restart', 'many', 'gone'] as const;
type State = (typeof STATES)[number];

/** The first table's row with the alerts of `state`, its play and money its own. */
function withAlerts(base: FloorTable, d: Donors, state: State): FloorTable {
  const at = base.lastEventAt ?? new Date().toISOString();
  const v = base.view!;
  const cut = { kind: 'annulled', code: 'CUT_SHORT', coup: 29, params: { coup: 29, how: 'suspended' }, message: 'coup 29 cut short', at };
  const previous = {
    shoe: `${base.shoe}-before`,
    how: 'suspended',
    note: 'the shuffler jammed twice, the chef ends the shoe and calls the technician',
    by: 'chef',
    at,
    carried: { lastCoup: 29, alerts: [cut] },
  } as unknown as FloorTable['previous'];
  const disputes = d.disputed.view!.disputes;
  const held = d.disputed.view!.held;
  const restart = d.restarted.view!.alerts.map((a) => ({ ...a, at }));
  const link = { ...base.reported!.link!, alerts: 2, last: { kind: 'fault', code: 'SILENT', message: 'no frame from the shuffler for 15 s', at } };
  switch (state) {
    case 'none':
    case 'gone':
      return base;
    case 'dispute':
      return { ...base, view: { ...v, disputes } };
    case 'held':
      return { ...base, view: { ...v, disputes, held } };
    case 'carried':
      return { ...base, previous };
    case 'restart':
      return { ...base, view: { ...v, alerts: restart } };
    case 'many':
      return { ...base, previous, view: { ...v, disputes, held, alerts: restart }, reported: { ...base.reported!, link } as FloorTable['reported'] };
  }
}

/** The card's alerts as shown: each alert's words whole or not, and the "+N more" it says. */
const alertsShown = (page: Page) =>
  page.locator('tq-floor-overview').evaluate((overview) => {
    const host = overview.shadowRoot!.querySelector<HTMLElement>('li[data-table=T1] tq-floor-alerts');
    if (!host) return { all: -1, whole: 0, more: 0, moreSeen: false };
    const cell = host.shadowRoot!;
    // the alerts' own part of the column, which clips them: what shows of an alert is what lies inside it
    const box = cell.querySelector<HTMLElement>('[data-alert-list]')!.getBoundingClientRect();
    const items = [...cell.querySelectorAll<HTMLElement>('[data-severity]')].filter((x) => !x.hasAttribute('data-awaiting'));
    const more = cell.querySelector<HTMLElement>('[data-more-alerts]');
    return {
      all: items.length,
      whole: items.filter((x) => {
        const r = x.getBoundingClientRect();
        return x.checkVisibility({ visibilityProperty: true }) && r.height > 0 && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
      }).length,
      more: more ? Number(more.getAttribute('data-more-alerts')) : 0,
      moreSeen: more ? more.checkVisibility({ visibilityProperty: true }) && more.getBoundingClientRect().bottom <= host.getBoundingClientRect().bottom : true,
    };
  });

describe('a floor card keeps its height as its alerts come and go (Chromium, real central store)', function () {
  this.timeout(240_000);
  const shoes = new Map<string, string>();
  const rig = floorRig(async (admin, dirs) => {
    for (const [table, events] of TABLES) {
      await registerTable(admin, table);
      const { shoe, lines } = await recordShoe(table, events, dirs, 'floor-alerts-steady');
      await insertLines(admin, table, shoe, lines);
      shoes.set(table, shoe);
    }
  });

  it('keeps the card’s height and the others’ places through a dispute, a held suspension, a carried annulment, a restart and all at once (768×1024, 1024×768, English and Italian)', async () => {
    // reported afresh for each page, so no card turns stale while it is sampled
    const report = async () => {
      for (const [table, shoe] of shoes)
        await reportStatus(rig.admin, table, { link: { connected: true, state: 'DEALING', alerts: 0 }, central: { state: 'in-sync', behind: 0 }, shoe });
      await rig.floor.board.loadAll();
    };
    const moved: string[] = [];
    const counted: string[] = [];
    const rooms: string[] = [];
    for (const lang of ['en', 'it'] as const) {
      for (const size of ['portrait', 'tablet', 'wide'] as const) {
        await report();
        const page = await openPage(rig.browser, size);
        try {
          await loginAs(page, rig.floor.url, 'surveillance', lang);
          await page.locator('tq-floor-overview li[data-table=T9] [data-last-alert=fault]').waitFor();
          await page.locator('tq-floor-overview li[data-table=T8] [data-disputes]').waitFor();
          const rows = await page.locator('tq-floor-overview').evaluate((el) => (el as HTMLElement & { tables: FloorTable[] }).tables);
          const get = (t: string) => rows.find((r) => r.table === t)!;
          const donors = { disputed: get('T8'), restarted: get('T9') };
          await showRow(page, get('T1'));
          const first = await cardPlaces(page);
          for (const state of STATES) {
            await showRow(page, withAlerts(get('T1'), donors, state));
            if (['none', 'restart', 'many'].includes(state) && size !== 'wide') await screenshot(page, `floor-alerts-${lang}-${size}-${state}`);
            if (size === 'wide' && lang === 'en' && state === 'many') await screenshot(page, 'floor-alerts-en-wide-many');
            // the kept room of the call to confirm says nothing: "coup 0: call to confirm" was in the page's text (outside floor pass 47, F6)
            for (const room of await page.locator('tq-floor-overview [data-awaiting-room]').allTextContents()) rooms.push(room.trim());
            const now = await cardPlaces(page);
            for (const [i, c] of now.entries()) if (c !== first[i]) moved.push(`${lang} ${size} ${state}: ${c} (was ${first[i]})`);
            const shown = await alertsShown(page);
            // the dispute, the shoe before, its cut-short coup, the restarted table's alerts, the line's (the held end is in the status band)
            if (state === 'many')
              counted.push(`${lang} ${size}: ${shown.whole} whole + ${shown.more} more of ${shown.all}${shown.moreSeen ? '' : ' (out of sight)'}`);
            else if (shown.more > 0 || shown.whole !== shown.all)
              counted.push(`${lang} ${size} ${state}: ${shown.whole} whole + ${shown.more} more of ${shown.all}`);
          }
          expect(scriptErrors(page)).to.deep.equal([]);
        } finally {
          await page.context().close();
        }
      }
    }
    expect(rooms, 'the rooms kept for a call to confirm').to.not.be.empty;
    expect(rooms.filter((r) => r !== '')).to.deep.equal([]);
    expect(moved, `${moved.length} changes:\n${moved.slice(0, 24).join('\n')}`).to.deep.equal([]);
    // every alert shown whole or counted, "+N more" in sight; with five alerts, some do not fit whole at any of these sizes
    expect(
      counted.filter((c) => /^\S+ \S+: /.test(c)),
      counted.join('\n'),
    ).to.have.length(6);
    for (const c of counted) {
      expect(c, 'the alerts shown whole and "+N more" count them all, "+N more" in sight').to.match(/: \d whole \+ [1-9] more of \d$/);
      const [whole, more, all] = c
        .match(/(\d) whole \+ (\d) more of (\d)$/)!
        .slice(1)
        .map(Number);
      expect(whole! + more!, c).to.equal(all);
      expect(whole, c).to.be.at.least(1);
    }
  });

  it('lays every alert out in full over the floor from "+N more", the cards unmoved, and opens the replay from there', async () => {
    for (const [table, shoe] of shoes)
      await reportStatus(rig.admin, table, { link: { connected: true, state: 'DEALING', alerts: 0 }, central: { state: 'in-sync', behind: 0 }, shoe });
    await rig.floor.board.loadAll();
    const page = await openPage(rig.browser, 'tablet');
    try {
      await loginAs(page, rig.floor.url, 'surveillance', 'it');
      await page.locator('tq-floor-overview li[data-table=T8] [data-disputes]').waitFor();
      const rows = await page.locator('tq-floor-overview').evaluate((el) => (el as HTMLElement & { tables: FloorTable[] }).tables);
      const get = (t: string) => rows.find((r) => r.table === t)!;
      await showRow(page, withAlerts(get('T1'), { disputed: get('T8'), restarted: get('T9') }, 'many'));
      const more = page.locator('tq-floor-overview li[data-table=T1] [data-more-alerts] ');
      expect(await more.textContent()).to.match(/^\+\d altr[io] →$/);
      const before = await cardPlaces(page);
      const shown = await alertsShown(page);
      await more.click();
      // every alert once, whole: "+N more" opened the replay at event 1, not the alerts it counted (outsider pass 22, G1)
      const all = page.locator('tq-floor-overview li[data-table=T1] [data-all-alerts]');
      await all.locator('li').first().waitFor();
      expect(await all.evaluate((p) => p.matches(':popover-open'))).to.equal(true);
      const chips = await all
        .locator('li > [data-severity]')
        .evaluateAll((els) => els.map((e) => ({ cut: e.scrollWidth > e.clientWidth + 1, seen: e.checkVisibility({ visibilityProperty: true }) })));
      expect(chips.length, 'each alert of the column, and the call waiting').to.be.at.least(shown.all);
      expect(chips.filter((c) => c.cut || !c.seen)).to.deep.equal([]);
      await screenshot(page, 'floor-alerts-all-it-tablet');
      expect(await cardPlaces(page), 'the cards under it').to.deep.equal(before);
      await page.keyboard.press('Escape');
      expect(await all.evaluate((p) => p.matches(':popover-open'))).to.equal(false);
      // a touch on an alert opens it too, and the replay is one button further
      await page.locator('tq-floor-overview li[data-table=T1] [data-alert-list] .item').first().click();
      await all.locator('[data-all-replay]').click();
      await page.locator(`tq-shoe-list button[data-shoe="${shoes.get('T1')}"]`).waitFor();
      expect(await all.evaluate((p) => p.matches(':popover-open'))).to.equal(false);
      expect(scriptErrors(page)).to.deep.equal([]);
    } finally {
      await page.context().close();
    }
  });
});
