/**
 * "Who did what" names each actor whole, in Italian too. Seen playing a
 * whole shoe with an Italian chef: every card of the shuffler read
 * "mescolat…", its name cut by a 5.5rem column.
 */
import { expect } from 'chai';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';

describe('dashboard: who did what names each actor whole (Chromium, real server, seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('activity-names');

  it('shows the shuffler as « mescolatrice », not cut, on an Italian chef’s page', async () => {
    const t = await tables.open(7);
    const page = await t.page('chef');
    await page.locator('tq-app button[data-lang=it]').click();
    await dealCards(t.tailleur, 1);
    const by = page.locator('tq-activity .by[data-by=shuffler]').first();
    await by.waitFor();
    expect((await by.textContent())?.trim()).to.equal('mescolatrice');
    const { scroll, client } = await by.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(scroll, `the name needs ${scroll} px and has ${client}`).to.be.at.most(client);
  });
});
