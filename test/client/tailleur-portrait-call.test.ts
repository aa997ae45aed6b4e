/**
 * On the tailleur's portrait tablet (768×1024) the call stays in sight above
 * the sticky actions. Seen playing a whole shoe as the crew: with two rows of five
 * cards (four large cards a line) the call and its status fell under the
 * actions panel, the more so once a dispute's banner showed, and the tailleur
 * had to scroll to read what he announces. Seed 15's coup 1 has five cards in
 * each row.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { waitText } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const COUP_1 = seededDeal(15, 1).coups[0]!;

/** The call's box ends above the actions panel's top (it is not drawn under it). */
async function callAboveActions(page: Page): Promise<{ callBottom: number; actionsTop: number }> {
  const call = (await page.locator('#live-call [data-call]').boundingBox())!;
  const actions = (await page.locator('tq-tailleur .side .actions').boundingBox())!;
  return { callBottom: call.y + call.height, actionsTop: actions.y };
}

describe('dashboard: the tailleur’s call in sight on a portrait tablet (Chromium, real server, seed 15)', function () {
  this.timeout(120_000);
  const tables = freshTables('tailleur-portrait-call');

  it('shows the call of two rows of five cards above the actions, with a dispute’s banner too', async () => {
    expect([COUP_1.noir.length, COUP_1.rouge.length]).to.deep.equal([5, 5]);
    const t = await tables.open(15);
    const page = await t.page('tailleur', 'portrait');
    await t.ready();
    await dealCards(t.tailleur, cardsIn(COUP_1));
    await waitText(page.locator('#live-call [data-call]'), COUP_1.call);
    let at = await callAboveActions(page);
    expect(at.callBottom, `call ends at ${at.callBottom}, actions start at ${at.actionsTop}`).to.be.at.most(at.actionsTop);

    await t.tailleur.post('/api/coups/1/dispute', { announced: COUP_1.call === 'Rouge perd et couleur' ? 'Rouge gagne et couleur' : 'Rouge perd et couleur' });
    await page.locator('tq-alert-banner [data-alert=dispute]').waitFor();
    await page.locator('#live-call [data-status=disputed]').waitFor();
    at = await callAboveActions(page);
    expect(at.callBottom, `disputed: call ends at ${at.callBottom}, actions start at ${at.actionsTop}`).to.be.at.most(at.actionsTop);
  });
});
