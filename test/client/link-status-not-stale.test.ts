/**
 * A screen opening reads the table (GET /api/table) and opens the live stream
 * at once; the stream says the shuffler's line as it is when it connects and
 * each time it changes. A table read answered late carried the line as it
 * was before, and was shown over the newer one from the stream until the
 * line next changed: a busy machine's CI run saw surveillance's title say
 * the shuffler was "ready" while it was dealing. The line the stream said
 * stands; a table read only fills it in before the stream has spoken.
 */
import { expect } from 'chai';
import type { Route } from 'playwright-core';
import { openPage, screenshot } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { loginAs } from './support/login.ts';
import { until } from '../support/until.ts';

describe('dashboard: the shuffler line a late table read brings (Chromium, real server, seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('link-status-not-stale');

  it('keeps the line the live stream said over an older one in a table read answered after it', async () => {
    const t = await tables.open(7);
    const lineState = async () => ((await t.tailleur.get('/api/table')).link as { state?: string }).state;
    await until(async () => (await lineState()) === 'READY', 'the shuffler ready');

    const page = await openPage(tables.browser(), 'table');
    try {
      // The first table read is answered by the server now (the shuffler "ready") and handed to the page only later.
      let held: ((route: Route) => void) | null = null;
      const read = new Promise<Route>((resolve) => {
        held = resolve;
      });
      let answered: Awaited<ReturnType<Route['fetch']>> | undefined;
      await page.route('**/api/table', async (route) => {
        if (held === null || route.request().method() !== 'GET') return route.continue();
        const take = held;
        held = null;
        answered = await route.fetch();
        take(route);
      });
      await loginAs(page, t.table.url, 'tailleur');
      const route = await read;
      expect(((await answered!.json()) as { link: { state?: string } }).link.state, 'the table read holds the older line').to.equal('READY');

      // The line changes (its next heartbeat says "dealing") and the live stream says so before the read arrives.
      await dealCards(t.tailleur, 1);
      await until(async () => (await lineState()) === 'DEALING', 'the shuffler dealing', 15_000);
      await new Promise((r) => setTimeout(r, 2_500)); // the stream pushes the line at most once a second
      await route.fulfill({ response: answered! });

      const words = page.locator('tq-table-status [data-shuffler-state]').first();
      await words.waitFor();
      await page.locator('tq-table-status [data-phase]').first().waitFor();
      await screenshot(page, 'link-status-not-stale');
      expect(await words.getAttribute('data-shuffler-state')).to.equal('DEALING');
      expect((await words.textContent())?.replace(/\s+/g, ' ').trim()).to.equal('TQSIM · dealing');
    } finally {
      await page.context().close();
    }
  });
});
