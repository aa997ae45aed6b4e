/**
 * On a portrait tablet (768×1024) the payeur's page is three screens long
 * once a coup with eight stakes is settled, and the band saying what he may
 * do now (do not pay yet, pay) headed the settlement: scrolled to the Inverse
 * table or the prison board, he read the figures without it (an outsider's
 * pass). It stays in sight, with the table's status, and what the page
 * scrolls to (the prison board from its link, the stake entry on F2) lands
 * below it, not under it. Seed 6's coup 1 is a 31 après: prison choices wait.
 */
import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { screenshot, scriptErrors } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { waitText } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const COUP_1 = seededDeal(6, 1).coups[0]!;
const CHANCES = ['rouge', 'noir', 'couleur', 'inverse'] as const;

/** Inside the viewport and drawn on top at its centre (no other element covers it). */
async function inSight(box: Locator): Promise<boolean> {
  return box.evaluate((el) => {
    const r = el.getBoundingClientRect();
    if (r.height === 0 || r.top < 0 || r.bottom > window.innerHeight) return false;
    const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
    let hit = document.elementFromPoint(x, y);
    while (hit?.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit !== null && (el === hit || el.contains(hit));
  });
}

/** The lowest edge of the payeur's status and standing, in the viewport. */
async function bandsBottom(page: Page): Promise<number> {
  const standing = (await page.locator('tq-payeur .standing').boundingBox())!;
  return standing.y + standing.height;
}

describe('dashboard: what the payeur may do stays in sight on a portrait tablet (Chromium, real server, seed 6)', function () {
  this.timeout(120_000);
  const tables = freshTables('payeur-status-in-sight');

  it('keeps « do not pay » and then « pay » on screen however far the payeur scrolls, and scrolls to what he asks below it', async () => {
    const t = await tables.open(6);
    await t.ready();
    const crew = await t.table.as('payeur');
    for (let i = 0; i < 8; i++) await crew.post('/api/bets', { player: `s${i + 1}`, chance: CHANCES[i % 4], amount: 10_000 + 500 * i, insured: i % 3 === 0 });
    await t.tailleur.post('/api/bets/close');
    await dealCards(t.tailleur, cardsIn(COUP_1));
    const page = await t.page('payeur', 'portrait');
    const band = page.locator('tq-payeur [role=status]', { hasText: 'Do not pay: awaiting confirmation · Coup 1' });
    const phase = page.locator('tq-payeur tq-table-status [data-phase]');
    await band.waitFor();
    await page.locator('tq-settlement [data-chance=inverse] tr[data-row]').first().waitFor();
    const { scroll, height } = await page.evaluate(() => ({ scroll: document.documentElement.scrollHeight, height: window.innerHeight }));
    expect(scroll, 'a page longer than the screen').to.be.above(2 * height);

    for (const at of [0, 0.35, 0.7, 1]) {
      await page.evaluate((f) => window.scrollTo(0, f * (document.documentElement.scrollHeight - window.innerHeight)), at);
      expect(await inSight(band), `the standing scrolled ${at * 100} % down`).to.equal(true);
      expect(await inSight(phase), `the table's status scrolled ${at * 100} % down`).to.equal(true);
    }
    await page.locator('tq-settlement [data-chance=inverse]').scrollIntoViewIfNeeded();
    await screenshot(page, 'payeur-status-in-sight-provisional');

    await t.tailleur.post('/api/coups/1/confirm');
    // coup 1 is a 31 après: confirmed, nothing is won (not "pay")
    const pay = page.locator('tq-payeur [role=status]', {
      hasText: 'Confirmed: nothing is won; the prison choices are open (partager gives half back) · Coup 1',
    });
    await pay.waitFor();
    expect(await inSight(pay), 'the standing once confirmed').to.equal(true);

    // the prison board from its link: its heading below the band, not under it
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('tq-payeur [data-prison-waiting]').click();
    await waitText(page.locator('tq-prison h2'), 'Prison');
    const prison = (await page.locator('tq-payeur #prison').boundingBox())!;
    expect(prison.y, `prison board at ${prison.y}, bands end at ${await bandsBottom(page)}`).to.be.at.least(await bandsBottom(page));
    expect(await inSight(page.locator('tq-prison h2'))).to.equal(true);
    await screenshot(page, 'payeur-status-in-sight-prison');

    // F2 with the stake entry just under the band: the page brings it out
    const player = page.locator('tq-stake-entry input[name=player]');
    await page.evaluate(() => window.scrollTo(0, 0));
    const top = (await player.boundingBox())!.y;
    await page.evaluate((y) => window.scrollTo(0, y), top - 40);
    await page.evaluate(() => {
      let focused = document.activeElement;
      while (focused?.shadowRoot?.activeElement) focused = focused.shadowRoot.activeElement;
      (focused as HTMLElement | null)?.blur();
    });
    await page.keyboard.press('F2');
    expect(await inSight(player), 'the seat field after F2').to.equal(true);
    // the same with the seat field still focused (focus() then scrolls nothing): an outsider typed blind under the band (pass 9)
    await page.evaluate((y) => window.scrollTo(0, y), top - 40);
    expect(await inSight(player), 'scrolled under the band').to.equal(false);
    await page.keyboard.press('F2');
    expect(await inSight(player), 'the focused seat field after F2').to.equal(true);
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
