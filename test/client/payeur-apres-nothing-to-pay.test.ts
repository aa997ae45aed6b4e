/**
 * An ordinary après pays nobody: its stakes neither win nor lose and stay on the
 * layout for the next coup (docs/rules.md#apres). The payeur's band said
 * "Confirmed: pay" after one (outsider pass 23). Seeds 10 and 11 open on an après.
 */
import { expect } from 'chai';
import { CALLS } from '../../client/french.ts';
import { scriptErrors } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { textOf, waitText } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const SEED_10 = seededDeal(10, 1).coups[0]!;
const SEED_11 = seededDeal(11, 1).coups[0]!;

describe('dashboard: payeur, an ordinary après (Chromium, real server, seeds 10 and 11)', function () {
  this.timeout(120_000);
  const tables = freshTables('payeur-apres-nothing-to-pay');

  it('says nothing is to pay and the stakes stay on the layout once the après is confirmed, in English and Italian', async () => {
    expect(SEED_10.call).to.equal('Six après');
    const t = await tables.open(10);
    await t.ready();
    await (await t.table.as('payeur')).post('/api/bets', { player: 's1', chance: 'rouge', amount: 10_000 });
    await t.tailleur.post('/api/bets/close');
    await dealCards(t.tailleur, cardsIn(SEED_10));
    await t.tailleur.post('/api/coups/1/confirm');
    const page = await t.page('payeur');
    const band = page.locator('tq-payeur tq-standing [data-standing-key]');
    await waitText(band, 'Confirmed après: nothing to pay; the stakes stay on the layout · Coup 1');
    await page.screenshot({ path: '/tmp/crew23-apres-en.png' });
    await page.locator('tq-app button[data-lang=it]').click();
    await waitText(band, 'Après confermato: nulla da pagare; le puntate restano sul tappeto · Colpo 1');
    expect(await textOf(band)).not.to.contain('pagare ·');
    expect(scriptErrors(page)).to.deep.equal([]);
  });

  it('says the chef ruled the après, and still nothing to pay', async () => {
    expect(SEED_11.call).to.equal('Sept après');
    const t = await tables.open(11);
    await t.ready();
    await (await t.table.as('payeur')).post('/api/bets', { player: 's1', chance: 'noir', amount: 10_000 });
    await t.tailleur.post('/api/bets/close');
    await dealCards(t.tailleur, cardsIn(SEED_11));
    await t.tailleur.post('/api/coups/1/dispute', { announced: CALLS.find((c) => c !== SEED_11.call)! });
    await (await t.table.as('chef')).post('/api/coups/1/resolve', { ruling: 'cards', reason: 'the cards stand' });
    const page = await t.page('payeur');
    await waitText(
      page.locator('tq-payeur tq-standing [data-standing-key]'),
      'Ruled by the chef de table, the cards stand: après, nothing to pay; the stakes stay on the layout · Coup 1',
    );
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
