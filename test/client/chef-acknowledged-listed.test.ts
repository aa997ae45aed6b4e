/**
 * The chef's Esc takes the banners down and says so, while the chef's Alerts list (tq-alert-list) keeps every alert:
 * "1 alert acknowledged" beside a list still showing it read as a contradiction to an outsider playing chef. The list
 * is the record, and the line says it keeps them; a page without the list (the payeur's) says only what Esc did.
 */
import { expect } from 'chai';
import { screenshot, scriptErrors } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { waitText } from './support/wait.ts';

describe('dashboard: the chef’s acknowledged alerts stay in the Alerts list, and the banner says so (Chromium, real server)', function () {
  this.timeout(120_000);
  const tables = freshTables('chef-acknowledged-listed');

  it('says the Alerts list keeps what Esc took down, in English and Italian; the payeur’s line has no list to name', async () => {
    const t = await tables.open(7);
    await t.ready();
    const chef = await t.page('chef');
    const payeur = await t.page('payeur');
    await dealCards(t.tailleur, 2);
    const { view } = await t.tailleur.get('/api/table');
    await t.tailleur.post(`/api/cards/${view.lastSeq}/void`, { reason: 'floor' });
    for (const page of [chef, payeur]) {
      await page.locator('tq-alert-banner [data-alert=void]').waitFor();
      await page.locator('body').click({ position: { x: 2, y: 2 } });
      await page.keyboard.press('Escape');
    }
    const said = chef.locator('tq-alert-banner [data-acknowledged] .msg');
    expect(await waitText(said, 'acknowledged')).to.equal('1 alert acknowledged; the Alerts list keeps it');
    await chef.locator('tq-alert-list [data-alert=void]').waitFor();
    await screenshot(chef, 'chef-acknowledged-listed');
    expect(await waitText(payeur.locator('tq-alert-banner [data-acknowledged] .msg'), 'acknowledged')).to.equal('1 alert acknowledged');

    await chef.locator('tq-app button[data-lang=it]').click();
    expect(await waitText(said, 'Presa visione')).to.equal('Presa visione di 1 avviso; l’elenco Avvisi lo conserva');
    for (const page of [chef, payeur]) expect(scriptErrors(page)).to.deep.equal([]);
  });
});
