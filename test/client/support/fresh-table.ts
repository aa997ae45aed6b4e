/**
 * A table of its own for each test, so no browser test depends on what an
 * earlier one left behind: a demo table on a seed, its crew over HTTP, and
 * pages logged in as the roles the test plays. Everything is closed after the
 * test (call `closeAll` in `afterEach`).
 */
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openPage, screenshot } from './chromium.ts';
import { dealCards, startDemo, type Crew, type DemoTable, type RoleName } from './demo-table.ts';
import { loginAs } from './login.ts';

export interface FreshTable {
  table: DemoTable;
  tailleur: Crew;
  /** A page logged in as `role`, at a screen size. */
  page(role: RoleName, size?: Parameters<typeof openPage>[1]): Promise<Page>;
  /** Burns the five cards and opens the bets of the first coup. */
  ready(): Promise<void>;
}

const open: { table: DemoTable; pages: Page[] }[] = [];

export async function freshTable(browser: Browser, seed: number, demo?: Parameters<typeof startDemo>[1]): Promise<FreshTable> {
  const table = await startDemo(seed, demo);
  const entry = { table, pages: [] as Page[] };
  open.push(entry);
  const tailleur = await table.as('tailleur');
  return {
    table,
    tailleur,
    async page(role, size = 'table') {
      const p = await openPage(browser, size);
      entry.pages.push(p);
      await loginAs(p, table.url, role);
      return p;
    },
    async ready() {
      await dealCards(tailleur, 5);
      await tailleur.post('/api/bets/open');
    },
  };
}

/**
 * A suite whose every test opens the tables it needs: Chromium for the whole
 * suite, each test's tables and pages closed after it (screenshots first when
 * it failed), so each test passes alone (`--grep`) and in any order.
 */
export function freshTables(name: string): { open(seed: number, demo?: Parameters<typeof startDemo>[1]): Promise<FreshTable>; browser(): Browser } {
  let browser: Browser | undefined;
  before(async () => {
    browser = await launchChromium();
  });
  afterEach(async function () {
    await closeAll(this.currentTest?.state === 'failed' ? `${name}-${this.currentTest.title}` : null);
  });
  after(async () => {
    await browser?.close();
  });
  return { open: (seed, demo) => freshTable(browser!, seed, demo), browser: () => browser! };
}

/** Closes every table and page of the test; screenshots the pages first when it failed. */
export async function closeAll(failed: string | null): Promise<void> {
  for (const { table, pages } of open.splice(0)) {
    for (const [i, p] of pages.entries()) {
      if (failed) await screenshot(p, `failed-${failed.slice(0, 40).replace(/\W+/g, '-')}-${i}`, true).catch(() => undefined);
      await p.context().close();
    }
    await table.close();
  }
}
