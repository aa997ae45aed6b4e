/**
 * A coup cut by a suspension collects no insurance premium (docs/rules.md#insurance): the payeur
 * reads how much premium to give back for each insured stake, on its settlement row and in the
 * list of stakes to hand back. The screens said "give back any taken" without the amount
 * (outsider pass 11, D7).
 */
import { expect } from 'chai';
import { screenshot } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { textOf } from './support/wait.ts';

describe('dashboard: payeur, the premium to give back on an annulled coup (Chromium, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('payeur-premium-back');

  it('shows 1.00 back for an insured 100.00 on the annulled row and in the hand-back list, nothing for an uninsured stake', async () => {
    const t = await tables.open(7);
    const payeur = await t.table.as('payeur');
    await t.ready();
    await payeur.post('/api/bets', { player: 's4', chance: 'couleur', amount: 10_000, insured: true });
    await payeur.post('/api/bets', { player: 's5', chance: 'noir', amount: 2_000 });
    await dealCards(t.tailleur, 2);
    await (await t.table.as('chef')).post('/api/shoe/suspend', { reason: 'marked card' });
    const page = await t.page('payeur');
    const back = page.locator('tq-hand-back tr[data-hand-back-row="s4:couleur"] [data-premium-back]');
    await back.waitFor();
    expect(await textOf(back)).to.equal('· premium 1.00 back if taken');
    expect(await page.locator('tq-hand-back tr[data-hand-back-row="s5:noir"] [data-premium-back]').count()).to.equal(0);
    const row = page.locator('tq-payeur tq-settlement [data-premium-back]');
    expect(await textOf(row.first())).to.equal('· premium 1.00 back if taken');
    expect(await row.count()).to.equal(1);
    // the premium's words go under the outcome: on one line they pushed the Premium column out of its box ("P…" at 1366, outsider pass 13)
    for (const width of [1280, 1366, 1920]) {
      await page.setViewportSize({ width, height: 768 });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const cut = await page
        .locator('tq-payeur tq-settlement .chance')
        .evaluateAll((boxes) => boxes.filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.getAttribute('data-chance')));
      expect(cut, `settlement boxes cut at ${width} px`).to.deep.equal([]);
    }
    await screenshot(page, 'payeur-premium-back');
  });
});
