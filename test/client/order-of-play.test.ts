/**
 * The order of play on the screens: the tailleur's pull during a dispute
 * (docs/rules.md#dispute-no-pull) and a held suspension (docs/rules.md#held-end), in
 * Chromium against the demo table on seed 7: once coup 1 is disputed the pull
 * button is disabled with the reason on screen, and N is answered by the
 * server's refusal rather than a card.
 */
import { expect } from 'chai';
import { screenshot } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { waitText } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const COUP_1 = seededDeal(7, 1).coups[0]!;

describe('dashboard: no pull during a dispute (Chromium, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('pull-blocked');

  it('disables the pull button with its reason, and N brings no card', async () => {
    const t = await tables.open(7);
    await t.ready();
    await dealCards(t.tailleur, cardsIn(COUP_1));
    await t.tailleur.post('/api/coups/1/dispute', { announced: 'Rouge perd' });
    const page = await t.page('tailleur');
    await page.locator('tq-tailleur [data-pull-blocked="1"]').waitFor();
    await waitText(page.locator('tq-tailleur [data-pull-blocked]'), /coup 1 is disputed/);
    expect(await page.locator('tq-tailleur button[data-action=pull]').isDisabled()).to.equal(true);
    const before = (await t.tailleur.get('/api/table')).view.lastSeq;
    await page.keyboard.press('n');
    await waitText(page.locator('tq-tailleur [data-error]'), /DISPUTE_OPEN|dispute/i);
    expect((await t.tailleur.get('/api/table')).view.lastSeq).to.equal(before);
  });
});

describe('dashboard: a held suspension on every screen (Chromium, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('held-end');

  it('shows who asked, why and the call it waits for, to the payeur and to surveillance', async () => {
    const t = await tables.open(7);
    await t.ready();
    await dealCards(t.tailleur, cardsIn(COUP_1));
    const chef = await t.table.as('chef');
    await chef.post('/api/shoe/suspend', { reason: 'marked cards' });
    for (const role of ['payeur', 'surveillance'] as const) {
      const page = await t.page(role);
      await page.locator('tq-table-status [data-held="suspended"]').waitFor();
      const text = await page.locator('tq-table-status [data-held]').first().textContent();
      expect(text)
        .to.match(/chef/)
        .and.to.match(/marked cards/)
        .and.to.match(/1/);
    }
    // the tailleur and the payeur see it as a band, not only as the status bar's pill (outside crew pass 53, F6)
    for (const role of ['tailleur', 'payeur'] as const) {
      const page = await t.page(role);
      const held = page.locator('tq-alert-banner [data-alert=held]');
      await waitText(held.locator('[data-held-words]'), /^Suspension asked by chef \(marked cards\): waits for the call of coup 1/);
      expect(await held.locator('.kind').textContent()).to.equal('Suspension asked');
      if (role === 'tailleur') await screenshot(page, 'tailleur-held-band');
    }
    // once the call is confirmed the suspension takes effect: the band still says who asked it (outsider passes 7 and 8)
    await t.tailleur.post('/api/coups/1/confirm');
    const page = await t.page('payeur');
    const band = page.locator('tq-alert-banner [data-alert=suspended]');
    await band.waitFor();
    expect(await page.locator('tq-alert-banner [data-alert=held]').count(), 'the held band gives way to the suspended one').to.equal(0);
    expect(await band.locator('[data-suspend-by]').textContent()).to.match(/by chef at \d\d:\d\d/);
    expect(await band.locator('[data-suspend-reason]').textContent()).to.equal('marked cards');
    await screenshot(page, 'payeur-suspended-by');
  });

  it('says, when the chef confirms a suspension while a call waits, that it waits for that call', async () => {
    const t = await tables.open(7);
    await t.ready();
    await dealCards(t.tailleur, cardsIn(COUP_1));
    const page = await t.page('chef');
    const form = page.locator('tq-suspend-form');
    await form.locator('input[name=suspend-reason]').fill('marked cards');
    await form.locator('[data-action=suspend]').click();
    // it said "Confirm: suspend the shoe now" of a suspension held until the call (outsider pass 18)
    await waitText(form.locator('[data-action=suspend]'), 'Confirm: suspend the shoe once the call of coup 1 is settled');
    await form.locator('[data-action=suspend]').click();
    await waitText(form.locator('[data-suspend-not-now=held]'), /waits for the call of coup 1/);
  });

  it('answers a second suspension with the first one before it is asked: who asked it, why, what it waits for', async () => {
    const t = await tables.open(7);
    await t.ready();
    await dealCards(t.tailleur, cardsIn(COUP_1));
    await (await t.table.as('chef')).post('/api/shoe/suspend', { reason: 'marked cards' });
    const page = await t.page('chef');
    await page.locator('tq-table-status [data-held="suspended"]').waitFor();
    // the form no longer offers what can only be answered "already waits" (outsider pass 12): it says the first one
    const form = page.locator('tq-suspend-form');
    const held = form.locator('[data-suspend-not-now=held]');
    await waitText(
      held,
      /Suspension asked by chef \(marked cards\): waits for the call of coup 1\. The shoe ends once that is settled\. To give another reason, ask it again; to let the shoe go on, withdraw it\./,
    );
    expect(await form.locator('input[name=suspend-reason]').count()).to.equal(0);
    // a second request sent anyway is answered with the first, not swallowed (the API's SUSPENSION_PENDING)
    const chef = await t.table.as('chef');
    const second = await chef.post('/api/shoe/suspend', { reason: 'change of dealer' }).then(
      () => 'accepted',
      (e: unknown) => (e as Error).message,
    );
    expect(second)
      .to.match(/409/)
      .and.to.match(/SUSPENSION_PENDING/)
      .and.to.match(/marked cards/);
    await t.tailleur.post('/api/coups/1/confirm');
    await page.locator('tq-table-status [data-phase=ended]').waitFor();
    await waitText(form.locator('[data-suspend-not-now=ended]'), 'The shoe has ended: there is nothing to suspend.');
  });
});
