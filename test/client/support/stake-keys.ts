/** The payeur's stake entry driven from the keyboard, as the payeur types it (F2 brings the entry). */
import type { Page } from 'playwright-core';

/** F2, seat, Tab, chance by its initial, Tab, amount: typed, not yet sent. */
export async function typeStake(page: Page, player: string, chanceKey: string, amount: string): Promise<void> {
  await page.keyboard.press('F2');
  await page.keyboard.type(player);
  await page.keyboard.press('Tab');
  await page.keyboard.type(chanceKey);
  await page.keyboard.press('Tab');
  await page.keyboard.type(amount);
}

/** The same, then Enter: the stake is sent. */
export async function enterStake(page: Page, player: string, chanceKey: string, amount: string): Promise<void> {
  await typeStake(page, player, chanceKey, amount);
  await page.keyboard.press('Enter');
}

/** The same, insured: Tab to the box, Space ticks it, Enter sends the stake. */
export async function enterStakeInsured(page: Page, player: string, chanceKey: string, amount: string): Promise<void> {
  await typeStake(page, player, chanceKey, amount);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
}

/** Sends a stake and waits for its row in this page's list: the entry reads the page's own view, which can follow the table by a moment. */
export async function placeAndSee(page: Page, player: string, chanceKey: string, amount: string): Promise<void> {
  await enterStake(page, player, chanceKey, amount);
  await page.locator(`tq-stakes tr[data-stake^="${player}:"]`).waitFor();
}
