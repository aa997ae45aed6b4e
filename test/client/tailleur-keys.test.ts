/**
 * The tailleur's keyboard when keys come fast or calls queue up: no key is dropped while a request is on its way, and D disputes
 * the coup in play, never a call nobody chose. Seed 7, cards from the seeded
 * shoe (test/support/seeded-deal.ts).
 */
import { expect } from 'chai';
import { CALLS } from '../../client/french.ts';
import { scriptErrors } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { textOf, waitText } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';
import { until } from '../support/until.ts';

const SEED_7 = seededDeal(7, 2);
const [COUP_1, COUP_2] = [SEED_7.coups[0]!, SEED_7.coups[1]!];

describe('dashboard: the tailleur’s keys (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('tailleur-keys');

  it('confirms with Enter and opens the bets with an O pressed right after it: no key is dropped', async () => {
    const t = await tables.open(7);
    await t.ready();
    await dealCards(t.tailleur, cardsIn(COUP_1));
    const page = await t.page('tailleur');
    await waitText(page.locator('#live-call [data-call]'), COUP_1.call);
    // the confirmation held 300 ms on its way, so the O surely arrives while it is in flight
    await page.route('**/api/coups/1/confirm', async (route) => {
      await new Promise((r) => setTimeout(r, 300));
      await route.continue();
    });
    await page.keyboard.press('Enter');
    await page.keyboard.press('o');
    await page.locator('tq-table-status [data-phase=open]').waitFor({ timeout: 10_000 });
    const { view } = await t.tailleur.get('/api/table');
    expect(view.phase).to.equal('open');
    expect(view.awaitingConfirm).to.equal(null);
    expect(await page.locator('tq-tailleur [data-error]').count()).to.equal(0);
    expect(scriptErrors(page)).to.deep.equal([]);
  });

  it('disputes the coup in play with D while an older call waits, and Enter in the dialog chooses no call', async () => {
    const t = await tables.open(7);
    await t.ready();
    // coup 1 dealt, and coup 2 dealt after it before anyone confirmed coup 1: two calls wait
    await dealCards(t.tailleur, cardsIn(COUP_1) + cardsIn(COUP_2), { outOfTurn: true });
    const page = await t.page('tailleur');
    await waitText(page.locator('#live-call [data-call]'), COUP_2.call);
    await page.locator('[data-pending="1"]').waitFor();

    // with calls queued, D's button says which coup it disputes
    expect(await page.locator('tq-tailleur [data-action=dispute]').getAttribute('data-coup')).to.equal('2');
    expect(await textOf(page.locator('tq-tailleur [data-action=dispute]'))).to.contain('Dispute coup 2');
    await page.keyboard.press('d');
    const dialog = page.locator('tq-dispute-dialog dialog[open]');
    await dialog.waitFor();
    expect(await textOf(dialog.locator('h2'))).to.contain('2');
    // the call the cards say is marked, and cannot be the one announced
    expect(await dialog.locator(`button[data-announce="${COUP_2.call}"]`).isDisabled()).to.equal(true);
    expect(await dialog.locator('[data-cards-say]').count()).to.equal(1);
    // Enter right after D: nothing chosen, the dialog stays open
    await page.keyboard.press('Enter');
    expect(await dialog.count()).to.equal(1);
    // the tailleur names what was announced: a call that is neither the first of the list nor the cards' call
    const k = CALLS.findIndex((c, i) => i > 0 && c !== COUP_2.call);
    await page.keyboard.press(String(k + 1));
    await until(async () => (await t.tailleur.get('/api/table')).view.disputes.length > 0, 'a dispute');
    const { view } = await t.tailleur.get('/api/table');
    expect(view.disputes.map((d: { coup: number; dispute?: { announced: string } }) => [d.coup, d.dispute?.announced])).to.deep.equal([[2, CALLS[k]]]);
    // the older call still waits, undisputed, for Enter
    expect(view.awaitingConfirm).to.equal(1);
    expect(view.awaiting.status).to.equal('awaiting-confirm');
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
