/**
 * The payeur's amounts grouped by thousands in Italian as in English. Seen
 * playing as an Italian payeur: "Max 5000,00" under the stake entry, where
 * English showed "5,000.00" (client/format.ts). A typed amount is read as the
 * screen's language writes money.
 */
import { expect } from 'chai';
import { scriptErrors } from './support/chromium.ts';
import { freshTables } from './support/fresh-table.ts';
import { payeurAtOpenBets } from './support/payeur-page.ts';
import { typeStake } from './support/stake-keys.ts';
import { waitCount, waitText } from './support/wait.ts';

describe('dashboard: the payeur’s amounts in Italian (Chromium, real server, seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('payeur-italian-amounts');

  it('writes the table limits and a typed amount with the thousands grouped, in Italian and in English', async () => {
    const { page } = await payeurAtOpenBets(tables, 7, { italian: true });
    const entry = page.locator('tq-stake-entry');
    await waitText(entry.locator('[data-limits]'), 'Min 5,00 · Max 5.000,00');
    await typeStake(page, 's1', 'r', '1234,5');
    await waitText(entry.locator('[data-parsed]'), '= 1.234,50');
    await page.locator('tq-app button[data-lang=en]').click();
    await waitText(entry.locator('[data-limits]'), 'Min 5.00 · Max 5,000.00');
    // read as English writes money now: "1234,5" is no amount there (client/format.ts), "1234.5" is
    await waitCount(entry.locator('[data-parsed]'), 0);
    await entry.locator('input[name=amount]').fill('1234.5');
    await waitText(entry.locator('[data-parsed]'), '= 1,234.50');
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
