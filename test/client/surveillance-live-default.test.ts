/**
 * Surveillance opens on the shoe in play: QA landed on "Choose a shoe to
 * replay" while a shoe was live. Another shoe can still be chosen from the list.
 */
import { expect } from 'chai';
import { freshTables } from './support/fresh-table.ts';
import { textOf } from './support/wait.ts';

describe('dashboard: surveillance opens the live shoe (Chromium, real server, seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('surveillance-live-default');

  it('shows the shoe in play, selected in the list, without a click', async () => {
    const t = await tables.open(7);
    await t.ready();
    const live = (await t.tailleur.get('/api/table')).view.shoe as string;
    const page = await t.page('surveillance');
    await page.locator(`tq-shoe-list button[data-shoe="${live}"][aria-current=true]`).waitFor();
    await page.locator(`tq-surveillance tq-replay[shoe="${live}"]`).waitFor();
    expect(await textOf(page.locator('tq-replay'))).to.not.contain('Choose a shoe to replay');
  });
});
