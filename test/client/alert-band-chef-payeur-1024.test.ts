/**
 * The chef's and the payeur's alert band at 1024×768 keeps its buttons on the
 * message's row, in English and Italian: "Presa visione di tutti gli avvisi"
 * went to a second row and the band took a quarter of the screen until
 * acknowledged (outside crew pass 49, F4). Seed 7; four alerts up.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { screenshot, scriptErrors } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';

/** The band's height and whether every button is on the same row as the message. */
const bandOf = (page: Page, role: string) =>
  page
    .locator(`tq-${role} tq-alert-banner .band`)
    .first()
    .evaluate((band) => {
      const msg = band.querySelector('.msg')!.getBoundingClientRect();
      const rows = [...band.querySelectorAll('button')].map((b) => b.getBoundingClientRect());
      return { height: band.getBoundingClientRect().height, oneRow: rows.every((b) => b.top < msg.bottom && b.bottom > msg.top) };
    });

describe('dashboard: the chef’s and the payeur’s alert band at 1024×768 (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('alert-band-chef-payeur-1024');

  it('keeps "acknowledge all" and the other buttons on the message’s row, in English and Italian', async () => {
    const t = await tables.open(7);
    const pages = { chef: await t.page('chef', 'tablet'), payeur: await t.page('payeur', 'tablet') };
    await dealCards(t.tailleur, 5); // the burn; the bets are not open
    await dealCards(t.tailleur, 1, { outOfTurn: true });
    for (let k = 0; k < 3; k++) {
      const { view } = await t.tailleur.get('/api/table');
      if (k % 2 === 0) await t.tailleur.post(`/api/cards/${view.lastSeq}/void`, { reason: 'floor' });
      else await dealCards(t.tailleur, 1, { outOfTurn: true });
    }
    for (const role of ['chef', 'payeur'] as const) {
      const page = pages[role];
      await page.locator(`tq-${role} tq-alert-banner [data-ack-all]`).waitFor();
      for (const lang of ['en', 'it'] as const) {
        await page.locator(`tq-app button[data-lang=${lang}]`).click();
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const band = await bandOf(page, role);
        await screenshot(page, `alert-band-${role}-1024-${lang}`);
        expect(band.oneRow, `${role}'s buttons on the message's row (${lang})`).to.equal(true);
        expect(band.height, `${role}'s band height (${lang})`).to.be.below(100);
      }
      expect(scriptErrors(page)).to.deep.equal([]);
    }
  });
});
