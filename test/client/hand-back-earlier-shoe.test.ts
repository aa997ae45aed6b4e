/**
 * The hand-back of a shoe two shoes back (client/components/tq-hand-back.ts). A mark goes into the record of the
 * shoe in play and nothing follows a shoe's end (docs/shoe-log.md#handed-back), so when the shoe after the one that
 * left the chips ends too, the mark waits for the shoe after that. An outsider playing chef asked "Handed back …?",
 * the chef's suspension of the shoe in play took the question away without a word, and the disabled button said
 * "once the next shoe has begun" of a shoe whose next shoe had begun and ended.
 */
import { expect } from 'chai';
import { screenshot, scriptErrors } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { textOf, waitCount, waitText } from './support/wait.ts';
import { until } from '../support/until.ts';

describe('dashboard: the hand-back of an earlier shoe while the shoe in play ends (Chromium, real server)', function () {
  this.timeout(120_000);
  const tables = freshTables('hand-back-earlier-shoe');

  it('says why the question went and names the shoe the mark waits for', async () => {
    const t = await tables.open(7);
    await t.ready();
    const chefPage = await t.page('chef', 'table');
    const payeur = await t.table.as('payeur');
    const chef = await t.table.as('chef');
    await payeur.post('/api/bets', { player: 's1', chance: 'rouge', amount: 10000 });
    await dealCards(t.tailleur, 1);
    const first = (await chef.post('/api/shoe/suspend', { reason: 'shuffler door opened' })).view.shoe as string;
    const second = (await t.tailleur.post('/api/shoe/start')).view.shoe as string;

    const entry = chefPage.locator(`tq-hand-back [data-hand-back="${first}"]`);
    const press = entry.locator('button[data-handed-back]');
    await until(async () => !(await press.isDisabled()), 'the mark offered in the second shoe');
    await press.click();
    await waitText(entry.locator('[data-handed-back-ask]'), /Handed back 100\.00 to the players\?/);

    // the chef suspends the shoe in play before answering: it ends at once, and its record takes no mark any more
    await chef.post('/api/shoe/suspend', { reason: 'inspector called' });
    await chefPage.locator('tq-table-status [data-phase=ended]').waitFor();
    await waitCount(entry.locator('[data-handed-back-ask]'), 0);
    expect(await textOf(entry.locator('[data-ask-withdrawn]')), 'the question is not gone without a word').to.equal(
      `Question withdrawn: shoe ${second.slice(-8)} ended before your answer; nothing was marked.`,
    );
    expect(await press.isDisabled()).to.equal(true);
    const hint = await textOf(entry.locator('[data-mark-later]'));
    expect(hint, 'the shoe it waits for, not "the next shoe" of the entry').to.contain(`once the shoe after ${second.slice(-8)} has begun`);
    expect(await press.getAttribute('title')).to.equal(hint);
    await screenshot(chefPage, 'chef-hand-back-earlier-shoe');

    // the shoe after it begins: the chips of the first shoe can be marked, in the third shoe's record
    await t.tailleur.post('/api/shoe/start');
    await waitCount(entry.locator('[data-mark-later]'), 0);
    await until(async () => !(await press.isDisabled()), 'the mark offered in the third shoe');
    await press.click();
    await waitCount(entry.locator('[data-ask-withdrawn]'), 0);
    await entry.locator('[data-handed-back-yes]').click();
    await waitCount(entry, 0);
    expect(scriptErrors(chefPage)).to.deep.equal([]);
  });
});
