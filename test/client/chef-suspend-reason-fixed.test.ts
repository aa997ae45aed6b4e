/**
 * The suspension is asked twice; between the two clicks the reason is fixed.
 * An outsider armed the suspension with a note, then typed text meant for
 * another request into the same field while the confirmation waited: the
 * confirmation recorded that text. Once armed, the reason is read-only and
 * shown; changing it takes cancelling the confirmation.
 */
import { expect } from 'chai';
import { scriptErrors } from './support/chromium.ts';
import { freshTables } from './support/fresh-table.ts';
import { textOf, waitText } from './support/wait.ts';

const NOTE = 'Shuffler door found open';

describe('dashboard: the chef’s suspension reason, fixed once armed (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('chef-suspend-reason-fixed');

  it('records the reason the first click armed, whatever is typed before the confirmation', async () => {
    const t = await tables.open(7);
    await t.ready();
    const chef = await t.page('chef');
    const form = chef.locator('tq-suspend-form');
    const field = form.locator('input[name=suspend-reason]');
    const button = form.locator('button[data-action=suspend]');
    await field.fill(NOTE);
    await button.click();
    await waitText(button, 'Confirm');

    // armed: the field takes no typing, and the reason to be recorded is shown
    expect(await field.isEditable()).to.equal(false);
    await field.focus();
    await chef.keyboard.type(' — and another request');
    expect(await field.inputValue()).to.equal(NOTE);
    expect(await textOf(form.locator('[data-armed-reason]'))).to.contain(`«${NOTE}»`);

    const sent = chef.waitForRequest('**/api/shoe/suspend');
    await button.click();
    expect((await sent).postDataJSON()).to.deep.equal({ reason: NOTE });
    await chef.locator('tq-table-status [data-phase=ended]').waitFor();
    expect(scriptErrors(chef)).to.deep.equal([]);
  });

  it('lets the reason be edited again once the confirmation is cancelled', async () => {
    const t = await tables.open(7);
    await t.ready();
    const chef = await t.page('chef');
    const form = chef.locator('tq-suspend-form');
    const field = form.locator('input[name=suspend-reason]');
    await field.fill(NOTE);
    await form.locator('button[data-action=suspend]').click();
    await form.locator('button[data-action=cancel-suspend]').click();
    expect(await field.isEditable()).to.equal(true);
    expect(await form.locator('[data-armed-reason]').count()).to.equal(0);
    await field.fill('Another reason');
    expect(await textOf(form.locator('button[data-action=suspend]'))).to.equal('Suspend the shoe');
  });
});
