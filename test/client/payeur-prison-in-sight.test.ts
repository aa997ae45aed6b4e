/**
 * The payeur's prison choices in the first screen of a 1024×768 tablet after a
 * 31 après. The board sat under the settlement's four tables, below the fold:
 * the banner linked to it, but the payeur scrolled away from the entry and the
 * coup for every choice (outside crew pass 45, F3). While choices are open the
 * board stands over the entry, each stake one line; once they are made it goes
 * back under the settlement. Seed 831: coup 4 is a 31 après.
 */
import { expect } from 'chai';
import { screenshot, scriptErrors } from './support/chromium.ts';
import { box, inFirstScreen } from './support/first-screen.ts';
import { freshTables } from './support/fresh-table.ts';
import { playCoups, type SeatBet } from './support/play-coups.ts';
import { waitCount } from './support/wait.ts';
import { seededDeal } from '../support/seeded-deal.ts';

const SEED = 831;
const COUPS = seededDeal(SEED, 4).coups;
const CHANCES = ['rouge', 'noir', 'couleur', 'inverse'] as const;

describe('dashboard: the payeur’s prison choices in sight after a 31 après (Chromium, simulator seed 831)', function () {
  this.timeout(180_000);
  const tables = freshTables('payeur-prison-in-sight');

  it('puts every open choice over the entry, both in the first 1024×768 screen, and the board back under the settlement once they are made', async () => {
    expect(COUPS[3]!.call).to.equal('Un après');
    const t = await tables.open(SEED);
    const payeur = await t.table.as('payeur');
    await t.ready();
    const seats: SeatBet[] = [1, 2, 3, 4, 5, 6].map((k) => [`s${k}`, CHANCES[k % 4]!, 10_000 * k]);
    await playCoups(t, payeur, COUPS, { 3: seats });
    await t.tailleur.post('/api/bets/open');

    const page = await t.page('payeur', 'tablet');
    const rows = page.locator('tq-prison tr[data-stake]');
    await waitCount(rows, 6);
    await screenshot(page, 'payeur-prison-in-sight');
    await inFirstScreen(page, page.locator('tq-stake-entry input').first(), 'the seat field');
    for (let k = 0; k < 6; k++) {
      const row = rows.nth(k);
      await inFirstScreen(page, row.locator('button[data-choice=leave]'), `row ${k + 1}'s Leave`);
      await inFirstScreen(page, row.locator('button[data-choice=partager]'), `row ${k + 1}'s Partager`);
      // whole across: the move's chance and button too
      const right = await box(row.locator('button[data-choice=move]'), `row ${k + 1}'s Move`);
      expect(right.x + right.width, `row ${k + 1}'s Move inside the screen`).to.be.at.most(1024);
    }
    const entry = await box(page.locator('tq-stake-entry input').first(), 'the seat field');
    const board = await box(page.locator('tq-prison'), 'the prison board');
    expect(board.y + board.height, 'over the entry').to.be.at.most(entry.y);

    const leave = page.locator('tq-prison button[data-choice=leave]');
    for (let k = 6; k > 0; k--) {
      await leave.first().click();
      await waitCount(leave, k - 1);
    }
    await page.waitForFunction(
      () => {
        const board = document.querySelector('tq-app')?.shadowRoot?.querySelector('tq-payeur')?.shadowRoot?.querySelector('#prison');
        const settlement = document.querySelector('tq-app')?.shadowRoot?.querySelector('tq-payeur')?.shadowRoot?.querySelector('tq-settlement');
        return board && settlement && board.getBoundingClientRect().top > settlement.getBoundingClientRect().bottom;
      },
      undefined,
      { timeout: 10_000 },
    );
    const { view } = await t.tailleur.get('/api/table');
    expect(view.prisonChoices, 'every choice made').to.equal(0);
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
