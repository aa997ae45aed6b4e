/** Logs a page in through the login form, as a person would: the role button, the PIN, Enter. */
import type { Page } from 'playwright-core';
import { PINS, type RoleName } from './demo-table.ts';

export async function loginAs(page: Page, url: string, role: RoleName, lang: 'en' | 'it' = 'en'): Promise<void> {
  await page.goto(url);
  await page.locator(`tq-app button[data-lang=${lang}]`).click();
  await page.locator(`tq-login button[data-role=${role}]`).click();
  await page.locator('tq-login input[name=pin]').fill(PINS[role]);
  await page.keyboard.press('Enter');
  await page.locator(`tq-app [data-who=${role}]`).waitFor();
}
