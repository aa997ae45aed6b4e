/**
 * Once the chef's suspension has ended the shoe, the table takes no more cards
 * from the shoe still in the shuffler: the shuffler's words on every table
 * screen say the shoe ended and a new one is to start, not the machine's
 * "dealing" (outsider pass 18). The machine's own state stays in the title.
 */
import { expect } from 'chai';
import { screenshot } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { textOf, waitText } from './support/wait.ts';

describe('dashboard: the shuffler’s words after a suspension (Chromium, real server, seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('shuffler-pill-shoe-ended');

  it('says "shoe ended — start a new shoe" on the tailleur’s, payeur’s, chef’s and surveillance’s screens, in English and Italian', async () => {
    const t = await tables.open(7);
    await t.ready();
    await dealCards(t.tailleur, 2);
    const pages = {
      tailleur: await t.page('tailleur'),
      payeur: await t.page('payeur'),
      chef: await t.page('chef'),
      surveillance: await t.page('surveillance', 'wide'),
    };
    const words = (role: keyof typeof pages) => pages[role].locator('tq-table-status [data-shuffler-state]').first();
    await waitText(words('tailleur'), 'TQSIM · dealing');
    await (await t.table.as('chef')).post('/api/shoe/suspend', { reason: 'marked cards' });
    for (const role of ['tailleur', 'payeur', 'chef', 'surveillance'] as const) {
      await waitText(words(role), 'TQSIM · shoe ended — start a new shoe');
      expect(await words(role).getAttribute('title'), `${role}: the machine's own state in the title`).to.equal('dealing');
    }
    await screenshot(pages.tailleur, 'shuffler-pill-shoe-ended');
    await pages.tailleur.locator('tq-app button[data-lang=it]').click();
    expect(await textOf(words('tailleur'))).to.equal('TQSIM · sabot finito — inizia un nuovo sabot');
  });
});
