/**
 * The floor overview at tablet sizes, in Chromium against
 * a real central store: each table's coup in play, its call and its money
 * read off the shoe replayed centrally; alert pills wide enough to read at
 * 1024×768 and 768×1024; a silent shuffler in red, a call waiting in routine
 * blue, never the same colour; a disputed call in red only, not also "to
 * confirm". Screenshots: floor-room-tablet.png, floor-room-portrait.png,
 * floor-room-dispute.png.
 */
import { expect } from 'chai';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { shoeFilePath } from '../../server/store/data-dir.ts';
import { TableStore } from '../../server/store/table-store.ts';
import { linkedFirstLine } from '../../server/table/shoe-link.ts';
import { formatCents } from '../../client/format.ts';
import type { ShoeEvent } from '../../shoe/events.ts';
import { replayShoe } from '../../shoe/replay.ts';
import { settlementTotals } from '../../shoe/settlement-row.ts';
import { insertLines, registerTable, reportStatus } from '../support/central-store.ts';
import { readFixture } from '../support/fixture.ts';
import { floorRig } from './support/floor-rig.ts';
import { openPage, screenshot, scriptErrors } from './support/chromium.ts';
import { loginAs } from './support/login.ts';
import { recordShoe } from './support/recorded-shoe.ts';

const ORDINARY = readFixture('ordinary');
/** T1: coup 1 dealt, its call waiting for the tailleur (the fixture's first confirm not yet written). */
const T1 = ORDINARY.slice(
  0,
  ORDINARY.findIndex((e) => e.type === 'confirm'),
);
/** T3: as T1, then the tailleur disputed the call of coup 1: in dispute, no longer "to confirm". */
const CALL_1 = replayShoe(T1).state.coups[0]!.call!;
const T3: ShoeEvent[] = [
  ...T1,
  { type: 'dispute', coup: 1, announced: CALL_1 === 'Rouge perd et couleur' ? 'Rouge gagne et couleur' : 'Rouge perd et couleur' },
];
/** T2: two coups confirmed, the stakes of coup 3 placed and the bets closed, then the line fell silent. */
const CONFIRM_2 = ORDINARY.findIndex((e) => e.type === 'confirm' && e.coup === 2);
const T2: ShoeEvent[] = [
  ...ORDINARY.slice(0, ORDINARY.findIndex((e, i) => i > CONFIRM_2 && e.type === 'close') + 1),
  { type: 'fault', code: 'SILENT', text: 'no frame from the shuffler for 15 s' },
];

/** T4: the chef suspended a shoe after two coups; the table's next shoe, linked to it, has burnt three cards. */
const SUSPENDED: ShoeEvent[] = [...ORDINARY.slice(0, CONFIRM_2 + 1), { type: 'end', reason: 'suspended', note: 'cliente contesta' }];
const NEXT: ShoeEvent[] = ORDINARY.slice(0, 4);

/** Two shoes of `table` written by a real TableStore, the second's first line linked to the first (shoe-link.ts). */
async function recordSuspended(table: string, dirs: string[]): Promise<{ shoe: string; lines: string[]; dataDir: string }[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tq-floor-room-'));
  dirs.push(dataDir);
  const store = await TableStore.open(dataDir, { table });
  const first = SUSPENDED[0] as ShoeEvent & { type: 'shoe' };
  const meta = { at: '2026-11-20T20:00:00.000Z', by: 'tailleur' };
  const [old, next] = [`${table}-shoe-001`, `${table}-shoe-002`];
  await store.createShoe({ ...first, table, shoe: old }, meta);
  await store.append(old, SUSPENDED.slice(1, -1), meta);
  await store.append(old, SUSPENDED.slice(-1), { at: '2026-11-20T20:10:00.000Z', by: 'chef' });
  const linked = linkedFirstLine({ ...first, table, shoe: next }, await store.readShoe(old), 1);
  await store.createShoe(linked, meta);
  await store.append(next, NEXT.slice(1), meta);
  await store.close();
  const lines = async (shoe: string) => (await readFile(shoeFilePath(dataDir, shoe), 'utf8')).split('\n').filter((l) => l !== '');
  return [
    { shoe: old, lines: await lines(old), dataDir },
    { shoe: next, lines: await lines(next), dataDir },
  ];
}

/** T5: coup 3's stakes placed and two cards dealt, then the chef suspended the shoe, and no new shoe yet: its stakes go back. */
const CLOSE_3 = ORDINARY.findIndex((e, i) => i > CONFIRM_2 && e.type === 'close');
const T5: ShoeEvent[] = [...ORDINARY.slice(0, CLOSE_3 + 3), { type: 'end', reason: 'suspended', note: 'cliente contesta' }];
const T5_STAKES = replayShoe(ORDINARY.slice(0, CLOSE_3 + 1)).state.stakes;

/** The newest line alert T2 reports: a card of another shoe refused, a minute ago. */
const REFUSED = () => ({
  kind: 'card-refused',
  code: 'OTHER_SHOE',
  message: 'card 3 is of another shoe: not stored',
  at: new Date(Date.now() - 60_000).toISOString(),
});

const box = async (page: Page, selector: string) => (await page.locator(selector).boundingBox())!;
const background = (page: Page, selector: string) => page.locator(selector).evaluate((e) => getComputedStyle(e).backgroundColor);

describe('the floor overview at tablet sizes (Chromium, real central store)', function () {
  this.timeout(60_000);
  const shoes = new Map<string, string>();
  /** T4's table store: its next shoe records the hand-back later. */
  let t4Dir = '';

  const rig = floorRig(async (admin, dirs) => {
    for (const [table, events] of [
      ['T1', T1],
      ['T2', T2],
      ['T3', T3],
      ['T5', T5],
    ] as const) {
      await registerTable(admin, table);
      const { shoe, lines } = await recordShoe(table, events, dirs, 'floor-room');
      await insertLines(admin, table, shoe, lines);
      shoes.set(table, shoe);
    }
    await registerTable(admin, 'T4');
    for (const { shoe, lines, dataDir } of await recordSuspended('T4', dirs)) {
      await insertLines(admin, 'T4', shoe, lines);
      shoes.set('T4', shoe);
      t4Dir = dataDir;
    }
  });

  /** Each test's tables report afresh: a report older than 15 s is stale, and a stale row hides its line's alerts. */
  beforeEach(async () => {
    for (const [table, shoe] of shoes) {
      await reportStatus(rig.admin, table, {
        // T2's line refused a card a minute ago: the floor counts it and says what it was (server/table/link-summary.ts)
        link: { connected: true, state: 'DEALING', ...(table === 'T2' ? { alerts: 1, last: REFUSED() } : { alerts: 0 }) },
        central: { state: 'in-sync', behind: 0 },
        shoe,
      });
    }
  });

  it('says it all in Italian for an Italian surveillance room (tablet)', async () => {
    const page = await openPage(rig.browser, 'tablet');
    try {
      await loginAs(page, rig.floor.url, 'surveillance', 'it');
      const t2 = page.locator('tq-floor-overview li[data-table=T2]');
      await t2.locator('[data-last-alert=fault]').waitFor();
      // the kind and the seconds in sight, the fault's whole sentence on hover (outside floor pass 45 read it cut)
      expect(await t2.locator('[data-last-alert=fault]').textContent()).to.equal('Mescolatrice muta 15 s senza segnale');
      expect(await t2.locator('[data-last-alert=fault]').getAttribute('title')).to.contain('Guasto registrato: nessun segnale dalla mescolatrice da 15 s');
      expect(await t2.locator('[data-link-alerts]').textContent()).to.equal('Linea della mescolatrice: 1 allarme ora');
      // which alarm, in words and when: in sight and on hover
      const said = await t2.locator('[data-link-last=card-refused]').textContent();
      expect(said).to.match(/^Il tavolo ha rifiutato una carta della mescolatrice \(\d\d:\d\d:\d\d\)$/);
      expect(await t2.locator('[data-link-alerts]').getAttribute('title')).to.equal(said);
      const text = (await t2.locator('tq-floor-now').evaluate((e) => e.shadowRoot!.textContent ?? '')).replace(/\s+/g, ' ');
      for (const word of ['In gioco', 'Denaro', 'Sul tappeto', 'Sabot finora', 'Pagato', 'Incassato', '3 poste']) expect(text, word).to.contain(word);
      const t3 = page.locator('tq-floor-overview li[data-table=T3]');
      expect(await t3.locator('[data-held="1"] th').textContent()).to.equal('In attesa (1 colpo)');
      await screenshot(page, 'floor-room-italian', true);
      expect(scriptErrors(page)).to.deep.equal([]);
    } finally {
      await page.context().close();
    }
  });

  it('shows a disputed call in one red pill, not also as a call to confirm', async () => {
    const page = await openPage(rig.browser, 'tablet');
    try {
      await loginAs(page, rig.floor.url, 'surveillance');
      const t3 = 'tq-floor-overview li[data-table=T3]';
      await page.locator(`${t3} [data-disputes="1"]`).waitFor();
      expect(await page.locator(`${t3} [data-disputes]`).getAttribute('data-severity')).to.equal('serious');
      // how long it has waited for the chef: nowhere on the floor before (outsider pass 41, F5)
      const since = await page.locator(`${t3} [data-disputes]`).getAttribute('data-disputes-since');
      expect(since).to.match(/^\d{4}-\d\d-\d\dT/);
      expect((await page.locator(`${t3} [data-disputes]`).textContent())!.replace(/\s+/g, ' ').trim()).to.match(
        /^1 open dispute · waiting since \d\d:\d\d:\d\d$/,
      );
      expect(await page.locator(`${t3} [data-awaiting]`).count(), 'a "to confirm" pill beside the dispute').to.equal(0);
      // T1's call, undisputed, still waits in blue
      expect(await page.locator('tq-floor-overview li[data-table=T1] [data-awaiting="1"]').count()).to.equal(1);
      // its money may not be paid and may yet be annulled: out of the shoe so far and the bank result, held apart
      const coup = settlementTotals(replayShoe(T3).state.coups[0]!.settlement).table;
      expect(coup.paid, 'coup 1 pays something').to.be.above(0);
      expect(await page.locator(`${t3} [data-shoe-paid]`).getAttribute('data-shoe-paid')).to.equal('0');
      expect(await page.locator(`${t3} [data-shoe-paid]`).getAttribute('data-shoe-collected')).to.equal('0');
      expect(await page.locator(`${t3} [data-shoe-bank]`).getAttribute('data-shoe-bank')).to.equal('0');
      expect(await page.locator(`${t3} [data-held="1"]`).getAttribute('data-held-paid')).to.equal(String(coup.paid));
      expect(await page.locator(`${t3} [data-held="1"]`).textContent()).to.contain(formatCents(coup.collected, 'en'));
      await screenshot(page, 'floor-room-dispute', true);
      expect(scriptErrors(page)).to.deep.equal([]);
    } finally {
      await page.context().close();
    }
  });

  it('keeps in sight, while the new shoe has settled no coup, that the shoe before was suspended: by whom and why', async () => {
    const page = await openPage(rig.browser, 'tablet');
    try {
      await loginAs(page, rig.floor.url, 'surveillance', 'it');
      const t4 = page.locator('tq-floor-overview li[data-table=T4]');
      await t4.locator('[data-previous-shoe]').waitFor();
      expect(await t4.locator('[data-no-alerts]').count(), '"no alerts" beside a suspension').to.equal(0);
      expect(await t4.locator('[data-previous-shoe]').getAttribute('data-previous-shoe')).to.equal('suspended');
      const text = (await t4.locator('[data-previous-shoe]').textContent())!.replace(/\s+/g, ' ');
      // named as the strip names it (outsider pass 24, F4)
      expect(text).to.match(/^ ?Sabot sospeso ?Nuovo sabot shoe-002/);
      expect(text).to.contain('Nuovo sabot shoe-002; il sabot shoe-001 è stato sospeso: cliente contesta');
      expect(await t4.locator('[data-previous-by]').textContent()).to.match(/^da chef, \d\d:\d\d:\d\d$/);
      // the stakes coup 2's après left standing go back to the players: the chef's screen lists them, the floor said nothing
      const handBack = t4.locator('[data-hand-back-row]');
      expect((await handBack.textContent())?.replace(/\s+/g, ' ').trim()).to.equal('Da restituire 175,00 (2 poste)');
      expect(await handBack.getAttribute('title')).to.contain('sabot shoe-001: 175,00 (2 poste)');
      expect(await t4.locator('[data-on-layout]').getAttribute('data-on-layout')).to.equal('0');
      // nothing on the layout reads "–", as the held and prison rows do, not "0,00 (0 poste)" (outsider pass 19)
      expect((await t4.locator('[data-on-layout]').textContent())?.trim()).to.equal('–');
      await screenshot(page, 'floor-room-previous-suspended', true);
      expect(scriptErrors(page)).to.deep.equal([]);
    } finally {
      await page.context().close();
    }
  });

  for (const size of ['tablet', 'portrait'] as const) {
    it(`shows each table's coup, call and money, and readable pills by severity (${size})`, async () => {
      const page = await openPage(rig.browser, size);
      try {
        await loginAs(page, rig.floor.url, 'surveillance');
        const t1 = 'tq-floor-overview li[data-table=T1]';
        const t2 = 'tq-floor-overview li[data-table=T2]';
        await page.locator(`${t2} [data-last-alert=fault]`).waitFor();
        await page.locator(`${t1} [data-awaiting="1"]`).waitFor();

        // the coup in play and its call, from the central replay
        const one = replayShoe(T1).state.coups[0]!;
        expect(await page.locator(`${t1} tq-floor-now [data-coup="1"] [data-call-status]`).getAttribute('data-call-status')).to.equal('awaiting-confirm');
        expect((await page.locator(`${t1} tq-floor-now [data-floor-call]`).textContent())?.trim()).to.equal(one.call);
        // money: the stakes on the layout, and the coup's totals marked not payable before the call is confirmed
        const t2State = replayShoe(T2).state;
        const onLayout = t2State.stakes.reduce((s, x) => s + x.amount, 0);
        expect(onLayout, 'stakes on the layout').to.be.above(0);
        expect(await page.locator(`${t2} [data-on-layout]`).getAttribute('data-on-layout')).to.equal(String(onLayout));
        expect(await page.locator(`${t2} [data-on-layout]`).textContent()).to.contain(formatCents(onLayout, 'en'));
        expect(await page.locator(`${t1} [data-coup-money="1"]`).getAttribute('data-standing')).to.equal('provisional');
        const shoePaid = t2State.coups.flatMap((c) => c.settlement).reduce((s, r) => s + r.paid, 0);
        expect(await page.locator(`${t2} [data-shoe-paid]`).getAttribute('data-shoe-paid')).to.equal(String(shoePaid));

        // severity by colour: the silent shuffler red, the call waiting not amber, not red
        expect(await page.locator(`${t2} [data-last-alert=fault]`).getAttribute('data-severity')).to.equal('serious');
        expect(await page.locator(`${t1} [data-awaiting]`).getAttribute('data-severity')).to.equal('routine');
        const silent = await background(page, `${t2} [data-last-alert=fault]`);
        const waiting = await background(page, `${t1} [data-awaiting]`);
        expect(silent).to.equal('rgb(92, 26, 29)');
        expect(waiting).not.to.equal(silent);
        expect(waiting).not.to.equal('rgb(90, 61, 12)'); // the amber of a warning

        // readable: the alerts' column wide enough (it was ~60 px), the pills' words on at most two lines, whole or on hover, nothing past the screen
        for (const cell of [`${t1} .attention`, `${t2} .attention`]) expect((await box(page, cell)).width, `${cell} width`).to.be.at.least(200);
        for (const pill of [`${t2} [data-last-alert=fault]`, `${t1} [data-awaiting]`, `${t2} [data-link-alerts]`]) {
          const lines = await page.locator(pill).evaluate((e) => {
            const text = [...e.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE || (n as Element).tagName !== 'B');
            const range = document.createRange();
            range.setStartBefore(text[0]!);
            range.setEndAfter(text.at(-1)!);
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
          });
          expect(lines, `${pill} lines`).to.be.at.most(2);
          // one line in a column of the card's height, cut with an ellipsis when its words are longer, whole on hover: pills of
          // three lines made the card grow and every card below move (outsider pass 20 F3)
          const chip = await page.locator(pill).evaluate((e) => {
            const c = e.closest<HTMLElement>('.chip') ?? (e as HTMLElement);
            return { clipped: c.scrollWidth > c.clientWidth + 1, words: c.textContent!.replace(/\s+/g, ' ').trim().split(' '), title: c.title };
          });
          if (chip.clipped)
            expect(
              chip.words.filter((w) => !chip.title.includes(w)),
              `${pill}: words cut and not on hover`,
            ).to.deep.equal([]);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).to.equal(true);
        await screenshot(page, `floor-room-${size}`, true);
        expect(scriptErrors(page)).to.deep.equal([]);
      } finally {
        await page.context().close();
      }
    });
  }

  it('shows what an ended shoe hands back to the players until the shoe in play records it handed back (tablet)', async () => {
    const page = await openPage(rig.browser, 'tablet');
    try {
      await loginAs(page, rig.floor.url, 'surveillance');
      // T5's shoe (T5-floor-room, its last eight said) was suspended with coup 3 cut short and no new shoe yet: its stakes go back
      const t5 = page.locator('tq-floor-overview li[data-table=T5] [data-hand-back-row="1"]');
      await t5.waitFor();
      const total = T5_STAKES.reduce((sum, x) => sum + x.amount, 0);
      expect(T5_STAKES.length, 'coup 3 had stakes').to.equal(3);
      expect(await t5.getAttribute('data-hand-back-total')).to.equal(String(total));
      expect((await t5.textContent())?.replace(/\s+/g, ' ').trim()).to.equal(`To hand back ${formatCents(total, 'en')} (3 stakes)`);
      expect(await t5.getAttribute('title')).to.contain(`shoe oor-room: ${formatCents(total, 'en')} (3 stakes)`);
      const t4 = page.locator('tq-floor-overview li[data-table=T4] [data-hand-back-row]');
      expect((await t4.textContent())?.replace(/\s+/g, ' ').trim()).to.equal('To hand back 175.00 (2 stakes)');
      expect(await t4.getAttribute('title')).to.contain('shoe shoe-001: 175.00 (2 stakes)');
      const t4Card = page.locator('tq-floor-overview li[data-table=T4]');
      const heightBefore = (await t4Card.boundingBox())!.height;
      await screenshot(page, 'floor-room-hand-back', true);
      // the payeur presses "Handed back" at T4: its shoe in play records it, and the floor's line goes
      const store = await TableStore.open(t4Dir, { table: 'T4' });
      await store.append('T4-shoe-002', [{ type: 'handed-back', shoe: 'T4-shoe-001' }], { at: new Date().toISOString(), by: 'payeur' });
      await store.close();
      const lines = (await readFile(shoeFilePath(t4Dir, 'T4-shoe-002'), 'utf8')).split('\n').filter((l) => l !== '');
      await insertLines(rig.admin, 'T4', 'T4-shoe-002', lines.slice(-1));
      await page.locator('tq-floor-overview li[data-table=T4] [data-hand-back-row="0"]').waitFor();
      expect((await t4.textContent())?.replace(/\s+/g, ' ').trim()).to.equal('To hand back –');
      // the line stays, "–": the card keeps its height (a line a shoe grew and shrank the card at each shoe's end: outsider pass 21)
      expect((await t4Card.boundingBox())!.height).to.equal(heightBefore);
      expect(await t5.count(), 'T5’s stays').to.equal(1);
      expect(scriptErrors(page)).to.deep.equal([]);
    } finally {
      await page.context().close();
    }
  });
});
