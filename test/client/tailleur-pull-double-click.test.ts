/**
 * A double click on "Pull a card (simulator)" drew two cards, one dealt nobody asked for, while "Open bets" clicked
 * twice opens once (outsider pass 23). The second click of a double click is the same press; a second press after the
 * first (past the double click's moment) draws the next card. Simulator seed 7, the real demo table.
 */
import { expect } from 'chai';
import { scriptErrors } from './support/chromium.ts';
import { freshTables } from './support/fresh-table.ts';
import { until } from '../support/until.ts';

describe('dashboard: the tailleur’s pull button clicked twice (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('tailleur-pull-double-click');

  it('draws one card on a double click, and the next card on a press after it', async () => {
    const t = await tables.open(7);
    await t.ready();
    const page = await t.page('tailleur');
    const pull = page.locator('tq-tailleur button[data-action=pull]:not([disabled])');
    const lastSeq = async () => (await t.tailleur.get('/api/table')).view.lastSeq as number;
    const before = await lastSeq();
    await pull.dblclick();
    await until(async () => (await lastSeq()) > before, 'the first card drawn', 5000);
    await page.waitForTimeout(1000); // time for a second card, were one asked for
    expect(await lastSeq(), 'one card for one double click').to.equal(before + 1);
    await pull.click();
    await until(async () => (await lastSeq()) === before + 2, 'a second press draws the next card', 5000);
    await page.waitForTimeout(450); // past the double click's moment (client/pull-click.ts), within the browser's
    await pull.click(); // a deliberate third press soon after the card came
    await until(async () => (await lastSeq()) === before + 3, 'and a third the one after', 5000);
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
