/**
 * The chef asks a held suspension again, for another reason (docs/rules.md#held-end): the held-suspension box
 * offers it beside the withdrawal; the new reason stands in the first's place on every screen, both stay in
 * "who did what", and an empty reason is asked for. An outside crew's chef found no way to ask a second
 * suspension while one was held (outside crew pass 52, F4).
 */
import { expect } from 'chai';
import { screenshot, scriptErrors } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { waitText } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const COUP_1 = seededDeal(7, 1).coups[0]!;

describe('dashboard: the chef asks a held suspension again (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('chef-suspend-again');

  it('holds the new reason on every screen, keeps both in "who did what", and asks for a reason first', async () => {
    const t = await tables.open(7);
    await t.ready();
    await dealCards(t.tailleur, cardsIn(COUP_1));
    await (await t.table.as('chef')).post('/api/shoe/suspend', { reason: 'marked cards' });
    const chef = await t.page('chef');
    const tailleur = await t.page('tailleur');
    for (const page of [chef, tailleur]) await waitText(page.locator('tq-table-status [data-held="suspended"]'), /marked cards/);
    const form = chef.locator('tq-suspend-form');
    await waitText(form.locator('[data-suspend-not-now=held]'), /To give another reason, ask it again; to let the shoe go on, withdraw it\./);

    await form.locator('button[data-action=suspend-again]').click();
    const field = form.locator('input[name=again-reason]');
    await field.waitFor();
    expect(await field.evaluate((e) => (e.getRootNode() as ShadowRoot).activeElement === e), 'the field has the focus').to.equal(true);
    // no reason: asked for, nothing sent
    await chef.keyboard.press('Enter');
    await waitText(form.locator('[role=alert]'), 'Type the reason for the suspension in the box: it is written in the record with it.');
    expect((await t.tailleur.get('/api/table')).view.held.note).to.equal('marked cards');
    await field.fill('player complained of the dealing');
    expect(await form.locator('[role=alert]').count(), 'typing answers "type the reason"').to.equal(0);
    await screenshot(chef, 'chef-suspend-again');
    await chef.keyboard.press('Enter');
    for (const page of [chef, tailleur]) await waitText(page.locator('tq-table-status [data-held="suspended"]'), /player complained of the dealing/);
    await field.waitFor({ state: 'detached' });
    await waitText(chef.locator('tq-activity li[data-event=hold]').first(), /.+/);
    const holds = await chef.locator('tq-activity li[data-event=hold]').allTextContents();
    expect(holds.join(' | '))
      .to.match(/marked cards/)
      .and.to.match(/asked again by chef \(player complained of the dealing\)/);

    // the call's confirmation ends the shoe with the new reason
    await t.tailleur.post('/api/coups/1/confirm');
    const end = (await t.tailleur.get('/api/table')).view;
    expect(end.phase).to.equal('ended');
    expect(scriptErrors(chef)).to.deep.equal([]);
  });
});
