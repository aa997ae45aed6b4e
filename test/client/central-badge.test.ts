/**
 * The central witness's badge in the status bar (docs/central-store.md), in
 * Chromium against the real demo table replicating to a real PostgreSQL:
 * "in sync" while the store answers, "down since HH:MM" once it is stopped,
 * and the table deals on meanwhile.
 */
import { expect } from 'chai';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openPage, screenshot } from './support/chromium.ts';
import { dealCards, startDemo, type DemoTable } from './support/demo-table.ts';
import { loginAs } from './support/login.ts';
import { waitText } from './support/wait.ts';
import { freshDatabase, keyAndRegister, startThrowawayPostgres, type ThrowawayPostgres } from '../server/central/central-server.ts';

describe('dashboards: the central witness badge (Chromium, real server, real PostgreSQL)', function () {
  this.timeout(120_000);
  let pg: ThrowawayPostgres;
  let browser: Browser;
  let table: DemoTable;
  let page: Page;
  const saved = process.env.TQ_CENTRAL;

  before(async () => {
    pg = await startThrowawayPostgres();
    const url = await freshDatabase(pg);
    const data = await mkdtemp(join(tmpdir(), 'tq-client-central-'));
    await keyAndRegister(url, data, 'T1');
    process.env.TQ_CENTRAL = url; // the demo reads the server settings from the environment too
    table = await startDemo(11, { data });
    browser = await launchChromium();
  });
  after(async () => {
    if (saved === undefined) delete process.env.TQ_CENTRAL;
    else process.env.TQ_CENTRAL = saved;
    await browser?.close();
    await table?.close();
    await pg?.destroy();
  });

  it('shows "in sync", then "down since HH:MM" while the table deals on', async () => {
    page = await openPage(browser);
    await loginAs(page, table.url, 'tailleur');
    const tailleur = await table.as('tailleur');
    await dealCards(tailleur, 3);
    const badge = page.locator('tq-table-status [data-central]');
    await waitText(badge, /in sync/);
    await screenshot(page, 'central-badge-in-sync');
    await pg.stop();
    await dealCards(tailleur, 2); // the last two burnt cards (a sixth would wait for the bets to open)
    const down = await waitText(badge, /down since \d{2}:\d{2}/, 20_000);
    expect(down).to.match(/Central\s+down since/);
    expect(await badge.getAttribute('data-central')).to.equal('down');
    await screenshot(page, 'central-badge-down');
  });
});
