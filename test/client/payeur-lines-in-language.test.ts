/**
 * The payeur's lines of what was just done ("Placed: …", "Insured: …") are
 * said in the screen's language at every moment: written once as text, an
 * English "Insured: s3 · Couleur · 50.00" stayed, with English figures, on a
 * screen switched to Italian (outside crew pass 44, F2).
 */
import { expect } from 'chai';
import { scriptErrors } from './support/chromium.ts';
import { freshTables } from './support/fresh-table.ts';
import { payeurAtOpenBets } from './support/payeur-page.ts';
import { enterStake } from './support/stake-keys.ts';
import { waitText } from './support/wait.ts';

describe('dashboard: the payeur’s lines of what was done, in the screen’s language (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('payeur-lines-in-language');

  it('says "Placed" and "Insured" again in Italian, with Italian figures, once the screen is switched', async () => {
    const { page } = await payeurAtOpenBets(tables, 7);
    await enterStake(page, 's3', 'c', '1250');
    await waitText(page.locator('tq-stake-entry [data-placed]'), 'Placed: s3 · Couleur · 1,250.00');
    await page.locator('tq-stakes tr[data-stake="s3:couleur"] button', { hasText: 'Insure' }).click();
    await waitText(page.locator('tq-stakes [data-stake-done]'), 'Insured: s3 · Couleur · 1,250.00');
    await page.locator('tq-app button[data-lang=it]').click();
    await waitText(page.locator('tq-stakes [data-stake-done]'), 'Assicurata: s3 · Couleur · 1.250,00');
    await waitText(page.locator('tq-stake-entry [data-placed]'), 'Puntata: s3 · Couleur · 1.250,00');
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
