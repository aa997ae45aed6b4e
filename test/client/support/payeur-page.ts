/** The payeur's page as the payeur tests start from it. */
import type { Page } from 'playwright-core';
import type { FreshTable } from './fresh-table.ts';

/** A fresh table on `seed` (from `tables.open`), its bets open, and the payeur's page on a tablet — in Italian when asked. */
export async function payeurAtOpenBets(
  tables: { open(seed: number): Promise<FreshTable> },
  seed: number,
  options: { italian?: boolean } = {},
): Promise<{ t: FreshTable; page: Page }> {
  const t = await tables.open(seed);
  await t.ready();
  const page = await t.page('payeur', 'tablet');
  if (options.italian) await page.locator('tq-app button[data-lang=it]').click();
  await page.locator('tq-table-status [data-phase=open]').waitFor();
  return { t, page };
}
