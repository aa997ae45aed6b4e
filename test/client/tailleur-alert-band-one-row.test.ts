/**
 * The tailleur's cards and call stay where they are when alerts come and go:
 * the alert band keeps one row at the table's screen sizes, however many
 * alerts are up (the newest in full, "+N more"). An outsider saw it take two
 * rows at 1024×768 with several alerts and push the cards down (outsider pass 18).
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { screenshot } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const SEED_7_COUP_1 = seededDeal(7, 1).coups[0]!;

/** How far below the band's top the tailleur's rows start, and the band's height, in CSS pixels (the status line above may change with the cards). */
async function measure(page: Page): Promise<{ rows: number; band: number }> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const band = (await page.locator('tq-tailleur tq-alert-banner .band').first().boundingBox())!;
  const rows = (await page.locator('tq-tailleur #live-rows').boundingBox())!.y - band.y;
  return { rows, band: band.height };
}

describe('dashboard: the tailleur’s alert band keeps one row (Chromium, real server)', function () {
  this.timeout(120_000);
  const tables = freshTables('tailleur-alert-band-one-row');

  it('keeps the cards where one alert put them when three more come, at 1024, 1366 and 1920, in English and Italian', async () => {
    const t = await tables.open(7);
    const page = await t.page('tailleur', 'tablet');
    await dealCards(t.tailleur, 5); // the burn; the bets are not open
    await dealCards(t.tailleur, 1, { outOfTurn: true });
    await page.locator('tq-alert-banner .band[data-alert=out-of-turn]').waitFor();
    const one: Record<string, { rows: number; band: number }> = {};
    for (const lang of ['en', 'it'] as const) {
      await page.locator(`tq-app button[data-lang=${lang}]`).click();
      for (const width of [1024, 1366, 1920]) {
        await page.setViewportSize({ width, height: 768 });
        one[`${lang}${width}`] = await measure(page);
      }
    }
    // more alerts: the card voided, another drawn out of turn, voided too
    for (let k = 0; k < 3; k++) {
      const { view } = await t.tailleur.get('/api/table');
      if (k % 2 === 0) await t.tailleur.post(`/api/cards/${view.lastSeq}/void`, { reason: 'floor' });
      else await dealCards(t.tailleur, 1, { outOfTurn: true });
    }
    await page.locator('tq-alert-banner [data-alert-count="4"]').waitFor();
    for (const lang of ['en', 'it'] as const) {
      await page.locator(`tq-app button[data-lang=${lang}]`).click();
      for (const width of [1024, 1366, 1920]) {
        await page.setViewportSize({ width, height: 768 });
        const many = await measure(page);
        const before = one[`${lang}${width}`]!;
        expect(many.band, `the band's height with four alerts at ${width} px (${lang})`).to.be.closeTo(before.band, 1);
        expect(many.rows, `the rows' top below the band with four alerts at ${width} px (${lang})`).to.be.closeTo(before.rows, 1);
        const clipped = await page
          .locator('tq-tailleur tq-alert-banner .band .msg')
          .first()
          .evaluate((m) => m.scrollHeight > m.clientHeight + 1);
        expect(clipped, `the newest alert's words cut at ${width} px (${lang})`).to.equal(false);
        if (width === 1024) await screenshot(page, `tailleur-alert-band-one-row-${lang}`);
      }
    }
  });

  it('says a chef’s annulment and its reason in full at 1024, beside "+N more" and its buttons, in English and Italian', async () => {
    const t = await tables.open(7);
    const page = await t.page('tailleur', 'tablet');
    await dealCards(t.tailleur, 5); // the burn; the bets are not open
    await dealCards(t.tailleur, 1, { outOfTurn: true }); // an alert under the newest, so "+1 more" and "Acknowledge all" are up
    const { view } = await t.tailleur.get('/api/table');
    await t.tailleur.post(`/api/cards/${view.lastSeq}/void`, { reason: 'floor' });
    await t.tailleur.post('/api/bets/open');
    await t.tailleur.post('/api/bets/close');
    await dealCards(t.tailleur, cardsIn(SEED_7_COUP_1));
    await t.tailleur.post('/api/coups/1/dispute', { announced: 'Noir gagne' });
    const chef = await t.table.as('chef');
    // "Coup 6 annulled by the chef de table: Card seen…" was all a tailleur read of it at 1024 (outsider pass 23, F3)
    await chef.post('/api/coups/1/resolve', { ruling: 'annul', reason: 'card seen by a player during the deal' });
    const band = page.locator('tq-tailleur tq-alert-banner .band[data-alert=annulled]');
    await band.waitFor();
    await page.locator('tq-tailleur tq-alert-banner [data-ack-all]').waitFor();
    for (const lang of ['en', 'it'] as const) {
      await page.locator(`tq-app button[data-lang=${lang}]`).click();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const msg = band.locator('.msg');
      // the chef's reason is free text, the same in either language
      expect(await msg.textContent(), lang).to.contain('card seen by a player during the deal');
      const clipped = await msg.evaluate((m) => m.scrollHeight > m.clientHeight + 1);
      await screenshot(page, `tailleur-alert-band-annulled-${lang}`);
      expect(clipped, `the annulment's words cut at 1024 px (${lang}): ${await msg.textContent()}`).to.equal(false);
    }
  });
});
