/**
 * The stake entry's result line belongs to the coup it was said for. Seen
 * playing as an Italian payeur: "Puntata: s1 · Rouge · 100,00", placed for
 * coup 1, still stood under the entry while coup 2 took its stakes, as if s1
 * had just been placed again; a refusal stayed the same way.
 */
import { expect } from 'chai';
import { screenshot, scriptErrors } from './support/chromium.ts';
import { dealCards, type Crew } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { payeurAtOpenBets } from './support/payeur-page.ts';
import { enterStake } from './support/stake-keys.ts';
import { waitCount, waitText } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const [COUP_1, COUP_2] = seededDeal(7, 2).coups;

/** Bets closed, the coup dealt and confirmed, the next coup's bets open. */
async function playCoup(tailleur: Crew, n: number, cards: number): Promise<void> {
  await tailleur.post('/api/bets/close');
  await dealCards(tailleur, cards);
  await tailleur.post(`/api/coups/${n}/confirm`);
  await tailleur.post('/api/bets/open');
}

describe('dashboard: the payeur’s last stake line stays with its coup (Chromium, real server, seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('payeur-last-bet-line');

  it('takes « Puntata: … » of coup 1 and a refusal of coup 2 off the entry once the next coup takes stakes', async () => {
    const { t, page } = await payeurAtOpenBets(tables, 7, { italian: true });
    const entry = page.locator('tq-stake-entry');
    const said = entry.locator('.ok-msg, [data-error]');

    await enterStake(page, 's1', 'r', '100');
    await waitText(said, 'Puntata: s1 · Rouge · 100,00');
    await playCoup(t.tailleur, 1, cardsIn(COUP_1!));
    await waitText(page.locator('tq-payeur tq-standing .standing'), 'Confermato: pagare · Colpo 1');
    await page.locator('tq-table-status [data-phase=open]').waitFor();
    await screenshot(page, 'payeur-last-bet-line-coup-2');
    await waitCount(said, 0);

    // a refusal in coup 2 goes the same way in coup 3
    await enterStake(page, 's2', 'n', '1');
    await entry.locator('[data-error]').waitFor();
    await playCoup(t.tailleur, 2, cardsIn(COUP_2!));
    await waitText(page.locator('tq-payeur tq-standing .standing'), 'Confermato: pagare · Colpo 2');
    await page.locator('tq-table-status [data-phase=open]').waitFor();
    await waitCount(said, 0);

    // and the next stake is said as before
    await enterStake(page, 's3', 'c', '50');
    await waitText(said, 'Puntata: s3 · Couleur · 50,00');
    expect(await said.count()).to.equal(1);
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
