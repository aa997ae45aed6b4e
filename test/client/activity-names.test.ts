/**
 * "Who did what" names each actor whole, in Italian too, at the table's
 * screen (1280×800) and the tablet's (1024×768). Seen playing a whole shoe
 * with an Italian chef: every card of the shuffler read "mescolat…", its name
 * cut by a 5.5rem column.
 */
import { expect } from 'chai';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';

describe('dashboard: who did what names each actor whole (Chromium, real server, seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('activity-names');

  it('shows the shuffler as « mescolatrice », not cut nor broken, on an Italian chef’s page at 1280×800 and 1024×768', async () => {
    const t = await tables.open(7);
    await dealCards(t.tailleur, 1);
    for (const size of ['table', 'tablet'] as const) {
      const page = await t.page('chef', size);
      await page.locator('tq-app button[data-lang=it]').click();
      const by = page.locator('tq-activity .by[data-by=shuffler]').first();
      await by.waitFor();
      expect((await by.textContent())?.trim()).to.equal('mescolatrice');
      const { scroll, client, lines } = await by.evaluate((el) => {
        const words = document.createRange();
        words.selectNodeContents(el);
        return { scroll: el.scrollWidth, client: el.clientWidth, lines: new Set([...words.getClientRects()].map((r) => Math.round(r.top))).size };
      });
      expect(scroll, `${size}: the name needs ${scroll} px and has ${client}`).to.be.at.most(client);
      expect(lines, `${size}: the name on one line`).to.equal(1);
    }
  });
});
