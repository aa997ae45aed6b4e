/**
 * A pull the demo refuses (before the bets are open, or once the shoe has
 * ended) is explained in the tailleur's language: an Italian screen said "Nessuna carta dalla
 * mescolatrice: open the bets first …", the reason in English, and the
 * reason stayed up after the next key had nothing to do.
 */
import { expect } from 'chai';
import { scriptErrors } from './support/chromium.ts';
import { freshTables } from './support/fresh-table.ts';
import { textOf } from './support/wait.ts';

describe('dashboard: the refused pull in Italian (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('pull-reason-italian');

  it('says why no card was drawn in Italian when the bets are not open', async () => {
    const t = await tables.open(7);
    const page = await t.page('tailleur', 'portrait');
    await page.locator('tq-app button[data-lang=it]').click();
    await page.locator('tq-table-status [data-cards-left]').waitFor();
    // the shoe started and burnt: the next pull would start a coup before "faites vos jeux"
    for (let k = 0; k < 6; k++) await page.keyboard.press('n');
    const error = page.locator('tq-tailleur [data-error]');
    await error.waitFor();
    const text = await textOf(error);
    expect(text).to.contain('prima apri le puntate');
    expect(text).to.not.contain('open the bets');
    // the next key answers the refusal: Enter, with no call to confirm, leaves no stale reason on the screen
    await page.keyboard.press('Enter');
    await error.waitFor({ state: 'detached' });
    expect(scriptErrors(page)).to.deep.equal([]);
  });

  it('says in Italian to start a new shoe when the shoe has ended, and draws nothing', async () => {
    const t = await tables.open(7);
    await t.ready();
    const chef = await t.table.as('chef');
    await chef.post('/api/shoe/suspend', { reason: 'prova' });
    const page = await t.page('tailleur', 'portrait');
    await page.locator('tq-app button[data-lang=it]').click();
    await page.locator('tq-table-status [data-cards-left]').waitFor();
    const before = (await t.tailleur.get('/api/table')).view as { shoe: string; lastSeq: number };
    await page.keyboard.press('n');
    const error = page.locator('tq-tailleur [data-error]');
    await error.waitFor();
    const text = await textOf(error);
    expect(text).to.contain('il sabot è terminato: prima avvia un nuovo sabot');
    expect(text).to.not.contain('start a new shoe');
    const after = (await t.tailleur.get('/api/table')).view as { shoe: string; lastSeq: number };
    expect(after).to.include({ shoe: before.shoe, lastSeq: before.lastSeq });
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
