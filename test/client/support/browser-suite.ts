/**
 * What every browser suite does around its tests: start Chromium and a demo
 * table (`tq demo`) on a seeded simulator, screenshot the page of a test that
 * failed, and close both at the end. Register it first in the `describe`, so
 * the suite's own `before` finds the browser and the table ready.
 */
import type { Browser, Page } from 'playwright-core';
import { launchChromium, screenshot } from './chromium.ts';
import { startDemo, type DemoTable } from './demo-table.ts';

export interface BrowserSuite {
  browser: Browser;
  table: DemoTable;
}

export interface BrowserSuiteOptions {
  /** Screenshot the whole page of a failed test (default) or the viewport. */
  fullPage?: boolean;
  /** Options of the demo table, e.g. shuffler faults. */
  demo?: Parameters<typeof startDemo>[1];
}

export function browserSuite(name: string, seed: number, page: () => Page | undefined, options: BrowserSuiteOptions = {}): BrowserSuite {
  const suite = {} as BrowserSuite;
  before(async () => {
    suite.browser = await launchChromium();
    suite.table = await startDemo(seed, options.demo);
  });
  afterEach(async function () {
    const shown = page();
    const title = this.currentTest?.title ?? '';
    if (this.currentTest?.state === 'failed' && shown)
      await screenshot(shown, `failed-${name}-${title.slice(0, 40).replace(/\W+/g, '-')}`, options.fullPage ?? true);
  });
  after(async () => {
    await suite.browser?.close();
    await suite.table?.close();
  });
  return suite;
}
