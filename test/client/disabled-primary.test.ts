/**
 * A main action that cannot be taken does not look like one: the tailleur's
 * "Confirm the call" with no call waiting was drawn in a faded gold, which an
 * outsider read as pressable.
 */
import { expect } from 'chai';
import { freshTables } from './support/fresh-table.ts';
import { dealCards } from './support/demo-table.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const SEED_7_COUP_1 = seededDeal(7, 1).coups[0]!;

describe('dashboard: a disabled main action (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('disabled-primary');

  it('draws the disabled confirm button grey, not gold, and gold again once a call waits', async () => {
    const t = await tables.open(7);
    await t.ready();
    const page = await t.page('tailleur', 'portrait');
    const confirm = page.locator('tq-tailleur button[data-action=confirm]');
    await page.locator('tq-tailleur button[data-action=confirm][disabled]').waitFor();
    const gold = 'rgb(226, 184, 75)';
    expect(await confirm.evaluate((b) => getComputedStyle(b).backgroundColor)).to.not.equal(gold);
    // once a call waits (coup 1 dealt), the same button is the gold main action again
    await dealCards(t.tailleur, cardsIn(SEED_7_COUP_1));
    await page.locator('tq-tailleur button[data-action=confirm]:not([disabled])').waitFor();
    expect(await confirm.evaluate((b) => getComputedStyle(b).backgroundColor)).to.equal(gold);
  });

  it('draws the disabled dispute button grey, not red, and red again once a call can be disputed', async () => {
    const t = await tables.open(7);
    await t.ready();
    const page = await t.page('tailleur', 'portrait');
    const dispute = page.locator('tq-tailleur button[data-action=dispute]');
    await page.locator('tq-tailleur button[data-action=dispute][disabled]').waitFor();
    const red = 'rgb(92, 26, 29)';
    expect(await dispute.evaluate((b) => getComputedStyle(b).backgroundColor)).to.not.equal(red);
    await dealCards(t.tailleur, cardsIn(SEED_7_COUP_1));
    await page.locator('tq-tailleur button[data-action=dispute]:not([disabled])').waitFor();
    expect(await dispute.evaluate((b) => getComputedStyle(b).backgroundColor)).to.equal(red);
  });
});
