/**
 * The chef withdraws a held suspension (docs/rules.md#unhold) from the held-suspension
 * box, asked first like every action that cannot be taken back by a click: the question
 * takes the focus, Enter answers it, Esc lets it go, and the second click of a double
 * click is no answer. Once withdrawn, the held band goes from every screen, "who did
 * what" says so, and the call's confirmation leaves the shoe going on.
 */
import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { screenshot, scriptErrors } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { textOf, waitText } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';
import { until } from '../support/until.ts';

const COUP_1 = seededDeal(7, 1).coups[0]!;

/** Whether `el` has the focus inside its shadow root. */
const focused = (el: Locator) => el.evaluate((e) => (e.getRootNode() as ShadowRoot).activeElement === e);

/** Every request to withdraw a held suspension the page sends. */
function unholdRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/shoe/unhold')) sent.push(r.method());
  });
  return sent;
}

describe('dashboard: the chef withdraws a held suspension (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('chef-unhold');

  it('asks first, then withdraws it: every screen drops the held band, the history says so, and the shoe goes on', async () => {
    const t = await tables.open(7);
    await t.ready();
    await dealCards(t.tailleur, cardsIn(COUP_1));
    await (await t.table.as('chef')).post('/api/shoe/suspend', { reason: 'marked cards' });
    const chef = await t.page('chef');
    const payeur = await t.page('payeur');
    const tailleur = await t.page('tailleur');
    for (const page of [chef, payeur, tailleur]) await page.locator('tq-table-status [data-held="suspended"]').waitFor();
    const sent = unholdRequests(chef);
    const form = chef.locator('tq-suspend-form');
    const withdraw = form.locator('button[data-action=unhold]');
    const yes = form.locator('[data-unhold-yes]');
    await waitText(withdraw, 'Withdraw the suspension');

    // a double click asks, and its second click answers nothing
    await withdraw.dblclick();
    await yes.waitFor();
    await yes.dispatchEvent('click', { detail: 2 });
    expect(sent).to.deep.equal([]);
    // the question names who asked and why; cancelled, it goes
    expect(await textOf(form.locator('[data-unhold-ask] p'))).to.equal('Withdraw the suspension asked by chef (marked cards)? The shoe then goes on.');
    await form.locator('[data-unhold-cancel]').click();
    await form.locator('[data-unhold-ask]').waitFor({ state: 'detached' });

    // asked with one click, its yes has the focus; Esc lets it go, the focus back on "withdraw"
    await withdraw.click();
    await until(() => focused(yes), 'the question’s yes to take the focus');
    await screenshot(chef, 'chef-unhold-ask');
    await chef.keyboard.press('Escape');
    await withdraw.waitFor();
    expect(await form.locator('[data-unhold-ask]').count()).to.equal(0);
    await until(() => focused(withdraw), 'the focus back on “Withdraw the suspension”');
    expect(sent).to.deep.equal([]);
    expect((await t.tailleur.get('/api/table')).view.held).to.include({ reason: 'suspended' });

    // asked again, with why (the withdrawal had no field for it, outsider pass 14): Enter in the note answers it
    await withdraw.click();
    await yes.waitFor();
    await form.locator('input[name=unhold-note]').fill('inspector arrived');
    await chef.keyboard.press('Enter');
    for (const page of [chef, payeur, tailleur]) await page.locator('tq-table-status [data-held]').waitFor({ state: 'detached' });
    expect(sent).to.deep.equal(['POST']);
    expect((await t.tailleur.get('/api/table')).view.held).to.equal(null);
    // the tailleur's and payeur's screens say it was withdrawn, by whom and why: their held band just went (outsider pass 18)
    for (const page of [payeur, tailleur]) {
      const band = page.locator('tq-alert-banner [data-alert=unheld]');
      expect(await waitText(band.locator('[data-alert-words]'), 'withdrawn')).to.equal('Suspension withdrawn by chef (inspector arrived): the shoe goes on');
      expect(await textOf(band.locator('.msg'))).to.match(/Suspension withdrawn by chef \(inspector arrived\): the shoe goes on · \d\d:\d\d/);
    }
    // the form is the suspension's again, and "who did what" says the chef withdrew it
    await form.locator('input[name=suspend-reason]').waitFor();
    await waitText(chef.locator('tq-activity li[data-event=unhold]'), /Suspension withdrawn by chef.*inspector arrived/);
    await screenshot(chef, 'chef-unhold-done');

    // the call's confirmation no longer ends the shoe
    await t.tailleur.post('/api/coups/1/confirm');
    expect((await t.tailleur.get('/api/table')).view.phase).to.not.equal('ended');
    expect(await chef.locator('tq-table-status [data-phase=ended]').count()).to.equal(0);
    expect(scriptErrors(chef)).to.deep.equal([]);
  });

  it('drops the button as soon as the suspension is no longer held, whoever withdrew it', async () => {
    const t = await tables.open(7);
    await t.ready();
    await dealCards(t.tailleur, cardsIn(COUP_1));
    const chef = await t.page('chef');
    const api = await t.table.as('chef');
    await api.post('/api/shoe/suspend', { reason: 'marked cards' });
    const form = chef.locator('tq-suspend-form');
    await form.locator('button[data-action=unhold]').click();
    await form.locator('[data-unhold-yes]').waitFor();
    // withdrawn from another chef's screen while this one asks: the question goes with the held suspension
    await api.post('/api/shoe/unhold', {});
    await form.locator('[data-unhold-ask]').waitFor({ state: 'detached' });
    await form.locator('input[name=suspend-reason]').waitFor();
    expect(await form.locator('button[data-action=unhold]').count()).to.equal(0);
  });
});
