/**
 * A role's page loads without an error in the browser's console: every first
 * visit logged a 401 (the shell asked /api/me who was logged in, and nobody is
 * a 401 there), noise in which a real failure would hide. Watched from the
 * login screen on, through the login, and on a load with the session stored.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { openPage, screenshot } from './support/chromium.ts';
import { PINS, type RoleName } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { loginAs } from './support/login.ts';

/** Console errors and failed answers (status 400 and above) of a page from now on. */
function watch(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') seen.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) seen.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  return seen;
}

describe('dashboard: a role’s page loads with a clean console (Chromium, real server)', function () {
  this.timeout(120_000);
  const tables = freshTables('clean-load');

  for (const role of Object.keys(PINS) as RoleName[]) {
    it(`logs in and loads the ${role}'s page with no console error and no failed request`, async () => {
      const t = await tables.open(7);
      await t.ready();
      const page = await openPage(tables.browser());
      const seen = watch(page);
      await loginAs(page, t.table.url, role);
      await page.locator('tq-table-status [data-cards-left]').waitFor();
      // a new tab of the same browser: the session is the one stored at login
      const again = await page.context().newPage();
      const seenAgain = watch(again);
      await again.goto(t.table.url);
      await again.locator(`tq-app [data-who=${role}]`).waitFor();
      await again.locator('tq-table-status [data-cards-left]').waitFor();
      await again.waitForLoadState('networkidle').catch(() => undefined);
      await screenshot(again, `clean-load-${role}`);
      try {
        expect(seen, 'from the login screen').to.deep.equal([]);
        expect(seenAgain, 'with the session stored').to.deep.equal([]);
      } finally {
        await page.context().close();
      }
    });
  }
});
