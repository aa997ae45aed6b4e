/**
 * Debian's Chromium driven by playwright-core (it never downloads a browser).
 * If Chromium is missing the browser tests fail loudly: they never pass by
 * skipping.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env.TQ_CHROMIUM ?? '/usr/bin/chromium';
export const SCREENSHOTS = new URL('../../../test-output/screenshots/', import.meta.url);

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium) or set TQ_CHROMIUM; the dashboard tests cannot run without it`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

const VIEWPORTS = {
  table: { width: 1280, height: 800 },
  /** The payeur's tablet, landscape. */
  tablet: { width: 1024, height: 768 },
  /** The tailleur's tablet, portrait. */
  portrait: { width: 768, height: 1024 },
  /** A laptop in the surveillance room. */
  laptop: { width: 1366, height: 768 },
  /** The surveillance room's screen. */
  wide: { width: 1920, height: 1080 },
} as const;

/** A page at the table screen's size (1280×800) or a tablet's, failing the test on any script error. */
export async function openPage(browser: Browser, size: keyof typeof VIEWPORTS = 'table'): Promise<Page> {
  const viewport = VIEWPORTS[size];
  const context = await browser.newContext({ viewport, locale: 'en-GB' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  ERRORS.set(page, errors);
  return page;
}

const ERRORS = new WeakMap<Page, string[]>();

/** Uncaught script errors the page has had so far. */
export function scriptErrors(page: Page): string[] {
  return ERRORS.get(page) ?? [];
}

export async function screenshot(page: Page, name: string, fullPage = false): Promise<string> {
  await mkdir(SCREENSHOTS, { recursive: true });
  const path = new URL(`${name}.png`, SCREENSHOTS).pathname;
  await page.screenshot({ path, fullPage });
  return path;
}
