/**
 * A double click, or a key pressed twice, on an action a repeat cannot make
 * new sends it once: the tailleur's double click on "Apri le puntate" opened
 * the bets and then showed them refused in red (BETS_ALREADY_OPEN). A pull is
 * not such an action: two pulls are two cards. The payeur's prison choice and
 * the chef's suspension had the same trap. Each request is held 300 ms on its
 * way, so the second click surely comes while the first is in flight.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { screenshot } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { textOf, waitCount } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';
import { until } from '../support/until.ts';

/** Holds the POSTs to `path` 300 ms on their way; returns how many the page has sent. */
async function heldPosts(page: Page, path: string): Promise<() => number> {
  let sent = 0;
  await page.route(`**${path}`, async (route) => {
    if (route.request().method() === 'POST') sent++;
    await new Promise((r) => setTimeout(r, 300));
    await route.continue();
  });
  return () => sent;
}

/** Seed 6: coup 1 is a 31 après (test/support/seeded-deal.ts). */
const UN_APRES = seededDeal(6, 1).coups[0]!;

describe('dashboard: a double click sends its action once (Chromium, real server)', function () {
  this.timeout(120_000);
  const tables = freshTables('double-click');

  it('opens the bets once on a double click of "Apri le puntate", with no refusal after it', async () => {
    const t = await tables.open(7);
    await dealCards(t.tailleur, 5);
    const page = await t.page('tailleur');
    await page.locator('tq-app button[data-lang=it]').click();
    const open = page.locator('tq-tailleur button[data-action=open]');
    await until(() => open.isEnabled(), 'the open button');
    const sent = await heldPosts(page, '/api/bets/open');
    await open.dblclick();
    await page.locator('tq-table-status [data-phase=open]').waitFor();
    await page.waitForTimeout(700);
    await screenshot(page, 'double-click-open-bets-it');
    expect(sent()).to.equal(1);
    expect(await page.locator('tq-tailleur [data-error]').count()).to.equal(0);
  });

  it('still pulls two cards for N pressed twice', async () => {
    const t = await tables.open(7);
    await t.ready();
    const page = await t.page('tailleur');
    await page.locator('tq-table-status [data-phase=open]').waitFor();
    const before = (await t.tailleur.get('/api/table')).view.lastSeq as number;
    const sent = await heldPosts(page, '/api/sim/deal');
    await page.keyboard.press('n');
    await page.keyboard.press('n');
    await until(async () => (await t.tailleur.get('/api/table')).view.lastSeq === before + 2, 'two cards');
    // Failed once in CI (two cards, one POST seen by the page), not reproduced since: the stored events say who pulled what, and when.
    const audit = await t.table.as('surveillance');
    const { view } = await t.tailleur.get('/api/table');
    const events = (await audit.get(`/api/shoes/${view.shoe}/events`)) as { type: string; seq?: number; at: string; by: string }[];
    const cards = events.filter((e) => e.type === 'card' && (e.seq ?? 0) > before).map((e) => `${e.seq} at ${e.at} by ${e.by}`);
    expect(sent(), `cards ${cards.join(', ')}`).to.equal(2);
  });

  it('sends the payeur’s prison choice once on a double click of its button', async () => {
    expect(UN_APRES.call).to.equal('Un après');
    const t = await tables.open(6);
    const payeur = await t.table.as('payeur');
    await t.ready();
    await payeur.post('/api/bets', { player: 's1', chance: 'rouge', amount: 10_000 });
    await payeur.post('/api/bets', { player: 's2', chance: 'noir', amount: 10_000 });
    await dealCards(t.tailleur, cardsIn(UN_APRES));
    await t.tailleur.post('/api/coups/1/confirm');
    const page = await t.page('payeur');
    await page.locator('tq-app button[data-lang=it]').click();
    const row = (seat: string) => page.locator(`tq-prison tr[data-prison^="${seat}:"]`);
    await row('s2').locator('button[data-choice=partager]').waitFor();
    const sent = await heldPosts(page, '/api/prison/choice');
    // Leave is sent at its first click, once: the second click is not a second choice, nor s2's
    await row('s1').locator('button[data-choice=leave]').dblclick();
    await row('s1').locator('[data-chosen=leave]').waitFor();
    await page.waitForTimeout(500);
    expect(sent(), 'one leave').to.equal(1);
    expect(await row('s2').locator('[data-choice-ask]').count(), 's2 not asked').to.equal(0);
    // the double click on "partager" asks once (its second click is not the answer), the double click on "yes" sends once
    await row('s2').locator('button[data-choice=partager]').dblclick();
    const yes = row('s2').locator('[data-choice-yes]');
    await yes.waitFor();
    await page.waitForTimeout(300);
    expect(sent(), 'nothing more sent before the yes').to.equal(1);
    await yes.dblclick();
    await waitCount(row('s2'), 0);
    await page.waitForTimeout(700);
    await screenshot(page, 'double-click-prison-choice-it', true);
    expect(sent()).to.equal(2);
    expect(await page.locator('tq-prison [role=alert]').count()).to.equal(0);
  });

  it('does not take the second click of a double click on "suspend" as the chef’s confirmation, and suspends once when asked twice', async () => {
    const t = await tables.open(7);
    await t.ready();
    const page = await t.page('chef');
    const form = page.locator('tq-suspend-form');
    await form.locator('input[name=suspend-reason]').fill('Shuffler jammed');
    const sent = await heldPosts(page, '/api/shoe/suspend');
    const button = form.locator('button[data-action=suspend]');
    await button.dblclick();
    await page.waitForTimeout(700);
    // asked, not done: the button now asks for the confirmation
    expect(sent()).to.equal(0);
    expect((await t.tailleur.get('/api/table')).view.end).to.equal(null);
    expect(await textOf(button)).to.equal('Confirm: suspend the shoe now');
    await button.dblclick();
    await until(async () => (await t.tailleur.get('/api/table')).view.end !== null, 'the shoe suspended');
    await page.waitForTimeout(700);
    expect(sent()).to.equal(1);
    await waitCount(form.locator('[role=alert]'), 0);
  });
});
