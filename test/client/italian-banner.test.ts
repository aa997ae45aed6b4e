/**
 * A shuffler fault in an Italian tailleur's banner reads in Italian (found when played as
 * the crew: fault texts came in English inside Italian banners): the
 * simulator jams at card 7 (seed 7), the table stores the fault with its
 * code, and the banner says it from the code.
 */
import { expect } from 'chai';
import { SERVER_IT } from '../../client/server-text-it.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { textOf, waitText } from './support/wait.ts';

describe('dashboard: an Italian banner (Chromium, real server, seed 7 with a jam)', function () {
  this.timeout(120_000);
  const tables = freshTables('italian-banner');

  it('says the shuffler’s jam in Italian, with the shuffler’s state in Italian too', async () => {
    const t = await tables.open(7, { faults: 'jam@7' });
    await dealCards(t.tailleur, 6, { outOfTurn: true }); // card 6 before the bets open: the demo pulls it only when asked
    const page = await t.page('tailleur', 'portrait');
    await page.locator('tq-app button[data-lang=it]').click();
    await page.locator('tq-table-status [data-cards-left="306"]').waitFor();
    await page.keyboard.press('n');
    const banner = page.locator('tq-alert-banner [data-alert=fault]');
    await banner.waitFor();
    expect(await textOf(banner.locator('.msg'))).to.contain(SERVER_IT['alert.fault.JAM']);
    // the state comes with the shuffler's next STAT heartbeat (every 5 s)
    await waitText(page.locator('tq-table-status [data-shuffler-state]'), /TQSIM · (in distribuzione|pronta|in attesa di conferme)/, 15_000);
    await page.screenshot({ path: new URL('../../test-output/screenshots/italian-banner-jam.png', import.meta.url).pathname });
  });
});
