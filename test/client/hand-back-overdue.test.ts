/**
 * The previous shoe's "To hand back" panel says so, in red, once the next
 * shoe has dealt a coup with its chips still not handed back. It stayed the
 * same through the whole of the next shoe, and the chips with the payeur,
 * with nothing to remind him (outside crew pass 45, F6).
 */
import { expect } from 'chai';
import { screenshot, scriptErrors } from './support/chromium.ts';
import { type Crew, dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { waitCount, waitText } from './support/wait.ts';
import { until } from '../support/until.ts';

/** Deals the coup in play to its call and confirms it. */
async function playCoup(tailleur: Crew): Promise<void> {
  await until(
    async () => {
      const { view } = await tailleur.get('/api/table');
      if (view.pendingCalls > 0) return true;
      await dealCards(tailleur, 1);
      return false;
    },
    'a call to confirm',
    30_000,
  );
  const { view } = await tailleur.get('/api/table');
  await tailleur.post(`/api/coups/${view.coup.coup}/confirm`);
}

describe('dashboard: chips of a shoe before still to hand back once the next shoe plays (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('hand-back-overdue');

  it('says nothing while the new shoe has dealt no coup, then how many coups it has dealt, on the payeur’s and the chef’s screens', async () => {
    const t = await tables.open(7);
    await t.ready();
    const payeur = await t.table.as('payeur');
    await payeur.post('/api/bets', { player: 's1', chance: 'rouge', amount: 10_000 });
    await dealCards(t.tailleur, 1); // coup 1 cut short by the suspension
    await (await t.table.as('chef')).post('/api/shoe/suspend', { reason: 'shuffler door opened' });
    const { view } = await t.tailleur.post('/api/shoe/start');
    const shoe = (view.shoe as string).slice(-8);
    await t.ready();

    const page = await t.page('payeur', 'tablet');
    const chef = await t.page('chef', 'table');
    const entry = page.locator('tq-hand-back [data-hand-back]');
    await entry.locator('[data-hand-back-row="s1:rouge"]').waitFor();
    expect(await page.locator('tq-hand-back [data-hand-back-overdue]').count(), 'the new shoe has dealt no coup').to.equal(0);

    await playCoup(t.tailleur);
    const overdue = page.locator('tq-hand-back [data-hand-back-overdue]');
    await waitText(overdue, `Still with you after 1 coup of shoe ${shoe}: the players are waiting for these chips.`);
    await waitText(chef.locator('tq-hand-back [data-hand-back-overdue]'), /after 1 coup of shoe/);
    expect(await entry.getAttribute('class')).to.equal('overdue');
    await t.tailleur.post('/api/bets/open');
    await playCoup(t.tailleur);
    await waitText(overdue, /after 2 coups of shoe/);
    await screenshot(page, 'payeur-hand-back-overdue');

    await entry.locator('button[data-handed-back]').click();
    await page.locator('tq-hand-back [data-handed-back-yes]').click();
    await waitCount(page.locator('tq-hand-back [data-hand-back]'), 0);
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
