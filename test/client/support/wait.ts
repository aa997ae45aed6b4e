/** Waiting on what the page shows (playwright-core has no `expect`): poll a locator until it matches. */
import type { Locator } from 'playwright-core';
import { until } from '../../support/until.ts';

export async function waitCount(locator: Locator, n: number, ms = 10_000): Promise<void> {
  await until(async () => (await locator.count()) === n, `${n} × ${locator}`, ms);
}

export async function waitText(locator: Locator, text: string | RegExp, ms = 10_000): Promise<string> {
  return until(
    async () => {
      const all = (await locator.allTextContents()).map((s) => s.replace(/\s+/g, ' ').trim()).join(' | ');
      return (typeof text === 'string' ? all.includes(text) : text.test(all)) ? all : false;
    },
    `${locator} to show ${String(text)}`,
    ms,
  );
}

export async function textOf(locator: Locator): Promise<string> {
  return ((await locator.first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
}
