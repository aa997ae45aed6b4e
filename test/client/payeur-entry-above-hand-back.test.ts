/**
 * The payeur's stake entry stays in the first screen of a 1024×768 tablet
 * while the previous shoe's stakes wait to be handed back. The "To hand back"
 * panel sat above the entry and the stakes, full width, and pushed them below
 * the fold into the next shoe (outside crew pass 43, F4): it now sits beside
 * them, under the coup, on a screen wide enough for two columns.
 */
import { expect } from 'chai';
import { screenshot, scriptErrors } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { inFirstScreen } from './support/first-screen.ts';
import { freshTables } from './support/fresh-table.ts';

describe('dashboard: the payeur’s stake entry beside the stakes to hand back (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('payeur-entry-above-hand-back');

  it('keeps the entry, its Place button, the stakes’ title and the hand-back panel’s first rows in the first 1024×768 screen', async () => {
    const t = await tables.open(7);
    await t.ready();
    const payeur = await t.table.as('payeur');
    const seats = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'];
    for (const [k, player] of seats.entries())
      await payeur.post('/api/bets', { player, chance: (['rouge', 'noir', 'couleur', 'inverse'] as const)[k % 4], amount: 10_000 });
    await dealCards(t.tailleur, 1); // coup 1 cut short by the suspension
    await (await t.table.as('chef')).post('/api/shoe/suspend', { reason: 'shuffler door opened' });
    await t.tailleur.post('/api/shoe/start');
    await t.ready();
    await t.tailleur.post('/api/bets/open').catch(() => undefined);

    const page = await t.page('payeur', 'tablet');
    const handBack = page.locator('tq-hand-back [data-hand-back]');
    await handBack.locator('[data-hand-back-row="s8:inverse"]').waitFor();
    await screenshot(page, 'payeur-entry-beside-hand-back');
    await inFirstScreen(page, page.locator('tq-stake-entry input').first(), 'the seat field');
    await inFirstScreen(page, page.locator('tq-stake-entry button[type=submit]'), 'the Place button');
    await inFirstScreen(page, page.locator('tq-stakes h2'), 'the stakes on the table');
    await inFirstScreen(page, handBack.locator('h2'), 'the hand-back panel’s title');
    await inFirstScreen(page, handBack.locator('[data-hand-back-row="s1:rouge"]'), 'its first row');
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
