/**
 * A double click on a question's button selects no text of the page: the
 * first click answers and the question goes, and the second landed on what
 * came up under the pointer. An outsider's double click on "Yes, annul it"
 * selected the word HISTORY (outsider pass 18). Data a user may copy (cards, ids)
 * stays selectable.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { CALLS } from '../../client/french.ts';
import { screenshot } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { waitCount } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const COUP_1 = seededDeal(7, 1).coups[0]!;
const ANNOUNCED = CALLS.find((c) => c !== COUP_1.call)!;

/** Whether a double click can select the text of the first element `target` finds (its computed user-select). */
const selectable = (page: Page, target: string) =>
  page
    .locator(target)
    .first()
    .evaluate((el) => getComputedStyle(el).userSelect !== 'none');

describe('dashboard: a double click on a question’s button selects no text (Chromium, real server, seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('double-click-selects-nothing');

  it('keeps the headings and buttons a double click lands on from selecting, yet the history’s rows and the shoe’s id stay selectable', async () => {
    const t = await tables.open(7);
    await t.ready();
    await dealCards(t.tailleur, cardsIn(COUP_1));
    const chef = await t.page('chef');
    await t.tailleur.post('/api/coups/1/dispute', { announced: ANNOUNCED });
    const card = chef.locator('tq-dispute-card [data-dispute="1"]');
    await card.locator('input[value=annul]').check();
    await card.locator('textarea[name=reason]').fill('card seen face up');
    await card.locator('button[data-resolve]').click();
    const yes = card.locator('button[data-annul-yes]');
    const box = (await yes.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    // the first click annuls; the second lands on whatever then stands where the button was
    await chef.mouse.click(x, y);
    await waitCount(chef.locator('tq-dispute-card'), 0);
    await chef.mouse.click(x, y, { clickCount: 2 });
    await chef.mouse.click(x, y, { clickCount: 3 });
    await screenshot(chef, 'double-click-selects-nothing');
    // the history's headings came up under the pointer: neither they nor any button select on a double click
    for (const target of ['tq-chef tq-history h2', 'tq-chef tq-history h3', 'tq-chef h2', 'tq-chef button', 'tq-app button'])
      expect(await selectable(chef, target), `${target} selectable`).to.equal(false);
    // the data a user may copy still selects: the history's rows, the shoe's id
    for (const target of ['tq-chef tq-history td', 'tq-chef tq-table-status']) expect(await selectable(chef, target), `${target} selectable`).to.equal(true);
  });
});
