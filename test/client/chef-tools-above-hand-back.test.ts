/**
 * The chef de table's own tools come first on the chef's screen. After a
 * suspension the stakes of the cut coup stay listed to hand back into the next
 * shoe (client/hand-back.ts); the chef may hand them back too, but that panel
 * sat above the open disputes and the suspension, pushing the chef's tools
 * below the fold of a 1024×768 screen (an outsider's pass). The chef's tools
 * stay on top, the hand-back panel under them.
 */
import { expect } from 'chai';
import { screenshot, scriptErrors } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { box, inFirstScreen } from './support/first-screen.ts';
import { freshTables } from './support/fresh-table.ts';
import { until } from '../support/until.ts';

describe('dashboard: the chef’s tools above the stakes to hand back (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('chef-tools-above-hand-back');

  it('shows the open dispute and the suspension above the hand-back panel, all in the first 1024×768 screen', async () => {
    const t = await tables.open(7);
    await t.ready();
    const payeur = await t.table.as('payeur');
    for (const [player, chance] of [
      ['s1', 'rouge'],
      ['s2', 'noir'],
      ['s3', 'couleur'],
      ['s4', 'inverse'],
      ['s5', 'rouge'],
      ['s6', 'noir'],
    ] as const)
      await payeur.post('/api/bets', { player, chance, amount: 10000 });
    await dealCards(t.tailleur, 1); // coup 1 cut short by the suspension
    const chef = await t.table.as('chef');
    await chef.post('/api/shoe/suspend', { reason: 'shuffler door opened' });
    await t.tailleur.post('/api/shoe/start');
    await t.ready();
    // the new shoe's first coup dealt to its call, and that call disputed
    await until(
      async () => {
        const { view } = await t.tailleur.get('/api/table');
        if (view.awaitingConfirm !== null) return true;
        await dealCards(t.tailleur, 1);
        return false;
      },
      'coup 1 of the new shoe called',
      30_000,
    );
    await t.tailleur.post('/api/coups/1/dispute', { announced: 'Rouge perd et couleur' });

    const page = await t.page('chef', 'tablet');
    const handBack = page.locator('tq-hand-back [data-hand-back]');
    await handBack.locator('[data-hand-back-row="s6:noir"]').waitFor();
    const dispute = page.locator('tq-dispute-card [data-dispute="1"]');
    await dispute.waitFor();
    const suspend = page.locator('tq-suspend-form');
    await screenshot(page, 'chef-tools-above-hand-back');
    const h = await box(handBack);
    const d = await box(dispute);
    const s = await box(suspend);
    expect(d.y, 'the dispute above the hand-back panel').to.be.below(h.y);
    expect(s.y + s.height, 'the suspension above the hand-back panel').to.be.at.most(h.y);
    await inFirstScreen(page, page.locator('tq-dispute-card [data-dispute="1"] button[type=submit]'), 'the dispute');
    await inFirstScreen(page, page.locator('tq-suspend-form button[data-action=suspend]'), 'the suspend button');
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
