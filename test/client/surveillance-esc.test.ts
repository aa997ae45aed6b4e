/**
 * Esc on the surveillance page: the crew's pages take their alert banners down with it, or say "No alert to
 * acknowledge". Surveillance has no banner (it reads the alerts in the replay's list), and an outsider's Esc there did
 * nothing visible: it now says so, for a moment, in the screen's language.
 */
import { expect } from 'chai';
import { screenshot, scriptErrors } from './support/chromium.ts';
import { freshTables } from './support/fresh-table.ts';
import { waitCount, waitText } from './support/wait.ts';

describe('dashboard: surveillance answers Esc (Chromium, real server)', function () {
  this.timeout(120_000);
  const tables = freshTables('surveillance-esc');

  it('says there is no alert to acknowledge here, and where the alerts are, then lets the notice go', async () => {
    const t = await tables.open(7);
    await t.ready();
    const page = await t.page('surveillance');
    await page.locator('tq-surveillance tq-replay').waitFor();
    await page.locator('body').click({ position: { x: 2, y: 2 } });
    await page.keyboard.press('Escape');
    const notice = page.locator('tq-surveillance [data-notice]');
    await waitText(notice, "No alert to acknowledge here: surveillance reads the alerts in the replay's Alerts list.");
    await screenshot(page, 'surveillance-esc');
    await waitCount(notice, 0, 10_000);
    await page.locator('tq-app button[data-lang=it]').click();
    await page.locator('body').click({ position: { x: 2, y: 2 } });
    await page.keyboard.press('Escape');
    await waitText(notice, 'Nessun avviso da prendere in visione qui');
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
