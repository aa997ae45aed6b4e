/**
 * The tailleur's screen in Chromium against the real table server and its
 * simulated shuffler (seed 7). The cards are read from the seeded shoe
 * (test/support/seeded-deal.ts): on seed 7 coup 1 is Noir 33 "Trois", Rouge 32
 * "Deux", its first Noir card black, so "Rouge gagne, la couleur perd"; the
 * first card of coup 2 is the one the test voids (fell to the floor).
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { screenshot, scriptErrors } from './support/chromium.ts';
import { until } from '../support/until.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables, type FreshTable } from './support/fresh-table.ts';
import { textOf, waitCount, waitText } from './support/wait.ts';
import { announced } from '../support/call.ts';
import { colour, printed } from '../support/deck.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const SEED_7 = seededDeal(7, 1);
const COUP_1 = SEED_7.coups[0]!;
const COUP_2_FIRST = SEED_7.cards[SEED_7.nextSeq - 1]!;

describe('dashboard: tailleur (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('tailleur');
  let page: Page;

  /** A table on seed 7 and the tailleur's page on it. */
  async function tailleurAt(prepare: (t: FreshTable) => Promise<void> = async () => {}): Promise<FreshTable> {
    const t = await tables.open(7);
    await prepare(t);
    page = await t.page('tailleur');
    return t;
  }
  /** Coup 1 dealt in full (burn, bets open, its cards): its call waits for the tailleur. */
  const coupOneDealt = async (t: FreshTable) => {
    await t.ready();
    await dealCards(t.tailleur, cardsIn(COUP_1));
  };

  const cardsLeft = (n: number) => page.locator(`tq-table-status [data-cards-left="${n}"]`).waitFor();
  const row = (name: 'noir' | 'rouge') => page.locator(`#live-rows [data-row=${name}]`);

  it('burns five cards with N, opens the bets with O, and sees each card of the coup arrive with the running total', async () => {
    await tailleurAt();
    for (let k = 1; k <= 5; k++) {
      await page.keyboard.press('n');
      await cardsLeft(312 - k);
    }
    await page.keyboard.press('o');
    await page.locator('tq-table-status [data-phase=open]').waitFor();
    await screenshot(page, 'tailleur-bets-open');

    for (const [name, cards, totals] of [
      ['noir', COUP_1.noir, COUP_1.noirTotals],
      ['rouge', COUP_1.rouge, COUP_1.rougeTotals],
    ] as const) {
      for (let k = 0; k < cards.length; k++) {
        await page.keyboard.press('n');
        await waitCount(row(name).locator('tq-card'), k + 1);
        expect(await row(name).locator('tq-card').nth(k).getAttribute('card')).to.equal(cards[k]);
        await waitText(row(name).locator(`[data-total=${name}]`), String(totals[k]));
        // the first card closed the bets
        if (name === 'noir' && k === 0) await page.locator('tq-table-status [data-phase=closed]').waitFor();
      }
    }
    // the units of each row are announced in French
    expect(await textOf(row('noir').locator('[data-announced]'))).to.equal(announced(COUP_1.noirTotals.at(-1)!));
    expect(await textOf(row('rouge').locator('[data-announced]'))).to.equal(announced(COUP_1.rougeTotals.at(-1)!));
    // a card face: rank and suit symbol, red for hearts and diamonds
    const k = COUP_1.noir.findIndex((c) => colour(c) === 'red');
    expect(k, 'a red card in the Noir row of coup 1').to.be.at.least(0);
    const face = row('noir').locator('tq-card').nth(k);
    expect(await textOf(face.locator('.corner'))).to.equal(printed(COUP_1.noir[k]!, ''));
    expect(await face.locator('.card').getAttribute('class')).to.contain('red');
  });

  it('shows the French call in large type and confirms it with Enter', async () => {
    await tailleurAt(coupOneDealt);
    const call = page.locator('#live-call [data-call]');
    await waitText(call, COUP_1.call);
    expect(await textOf(page.locator('#live-call [data-status]'))).to.equal('to confirm');
    await screenshot(page, 'tailleur-call-to-confirm');
    await page.keyboard.press('Enter');
    await page.locator('#live-call [data-status=confirmed]').waitFor();
    await waitText(page.locator('#live-call .meta'), 'by tailleur at');
  });

  it('voids the card just drawn with V and a reason, and the alert stays until acknowledged', async () => {
    await tailleurAt(async (t) => {
      await coupOneDealt(t);
      await t.tailleur.post('/api/coups/1/confirm');
      await t.tailleur.post('/api/bets/open'); // "faites vos jeux" before coup 2's first card
    });
    await page.keyboard.press('n');
    await waitCount(row('noir').locator('tq-card'), 1);
    expect(await row('noir').locator('tq-card').getAttribute('card')).to.equal(COUP_2_FIRST);
    await page.keyboard.press('v');
    await page.locator('tq-void-dialog dialog[open]').waitFor();
    await page.keyboard.press('f');
    // the voided card no longer counts: coup 2 has no card, the table shows coup 1 again
    await waitCount(page.locator(`#live-rows tq-card[card="${COUP_2_FIRST}"]`), 0);
    await waitText(page.locator('#live-call .meta'), 'Coup 1');
    await page.locator('tq-alert-banner [data-alert=void]').waitFor();
    await screenshot(page, 'tailleur-void-alert');
    await page.keyboard.press('Escape');
    await waitCount(page.locator('tq-alert-banner [data-alert=void]'), 0);
    expect(await textOf(page.locator('tq-table-status [data-exposed]'))).to.contain('0 / 3');
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});

describe('dashboard: tailleur alerts (Chromium, real server, seed 7 with an exposed card and a jam)', function () {
  this.timeout(120_000);
  const tables = freshTables('tailleur-alerts');

  it('flags the exposed card, raises the shuffler fault, and counts the exposed coup against the limit', async () => {
    const page = await (await tables.open(7, { faults: 'exposed@7,jam@9' })).page('tailleur');
    for (let k = 1; k <= 5; k++) {
      await page.keyboard.press('n');
      await page.locator(`tq-table-status [data-cards-left="${312 - k}"]`).waitFor();
    }
    await page.keyboard.press('o'); // the bets open before the coup's first card
    await page.locator('tq-table-status [data-phase=open]').waitFor();
    await page.keyboard.press('n');
    await page.locator('tq-table-status [data-cards-left="306"]').waitFor();
    await page.keyboard.press('n'); // card 7, seen face up inside the shuffler
    await page.locator(`#live-rows tq-card[card="${SEED_7.cards[6]}"][exposed]`).waitFor();
    await page.locator('tq-alert-banner [data-alert=exposed-card]').waitFor();
    await page.keyboard.press('n');
    await page.locator('tq-table-status [data-cards-left="304"]').waitFor();
    await page.keyboard.press('n'); // card 9: the shuffler reports a jam and goes on
    await page.locator('tq-alert-banner [data-alert=fault]').waitFor();
    expect(await textOf(page.locator('tq-alert-banner [data-alert=fault]'))).to.contain('JAM');
    // the jam is shown once: as the fault the table recorded, not again as the line's alert
    expect(await page.locator('tq-alert-banner [data-alert]', { hasText: 'Card jam' }).count()).to.equal(1);
    await screenshot(page, 'tailleur-exposed-and-jam');
    // deal on until the coup is complete (the jammed machine may need a pull more)
    for (let k = 0; k < 12 && (await page.locator('#live-call [data-call]').count()) === 0; k++) {
      const left = await page.locator('tq-table-status [data-cards-left]').getAttribute('data-cards-left');
      await page.keyboard.press('n');
      await until(async () => (await page.locator('tq-table-status [data-cards-left]').getAttribute('data-cards-left')) !== left, 'a card', 3000).catch(
        () => undefined,
      );
    }
    await waitText(page.locator('#live-call [data-call]'), COUP_1.call);
    await page.locator('tq-table-status [data-exposed="1"]').waitFor();
    expect(await textOf(page.locator('tq-table-status [data-exposed]'))).to.contain('1 / 3');
    await page.keyboard.press('Escape');
    await waitCount(page.locator('tq-alert-banner [data-alert]'), 0);
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
