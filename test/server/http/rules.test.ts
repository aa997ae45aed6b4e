/**
 * Requests that are well formed but break a rule of the game (API.md: 409
 * `{"error":"<RuleCode>"}` with the codes of shoe/errors.ts): the rules
 * engine refuses them and the answer carries its code and its words.
 */
import { expect } from 'chai';
import { RULE_CODES } from '../../../shoe/errors.ts';
import type { Client } from './support/client.ts';
import { BURN, coupCards, ROUGE_ET_COULEUR } from './support/cards.ts';
import { crewPerTest } from './support/server.ts';

describe('HTTP: rules of the game refuse with 409 and the rule code', () => {
  const crew = crewPerTest();

  async function refused(client: Client, path: string, body: unknown, code: keyof typeof RULE_CODES): Promise<void> {
    const before = crew.server.table.state();
    const r = await client.post(path, body);
    expect(r.status, r.text).to.equal(409);
    expect(r.body.error).to.equal(code);
    expect(r.body.message).to.contain(RULE_CODES[code]);
    expect(crew.server.table.state(), 'a refused command changes nothing').to.equal(before);
  }

  async function openBets(): Promise<void> {
    await crew.tailleur.post('/api/shoe/start');
    await crew.server.dealAll(BURN);
    await crew.tailleur.post('/api/bets/open');
  }

  it('refuses bets before any shoe is started: SHOE_NOT_STARTED', async () => {
    await refused(crew.payeur, '/api/bets', { player: 's3', chance: 'rouge', amount: 10_000 }, 'SHOE_NOT_STARTED');
  });

  it('refuses a second shoe while one is in play: SHOE_ALREADY_STARTED', async () => {
    await crew.tailleur.post('/api/shoe/start');
    await refused(crew.tailleur, '/api/shoe/start', {}, 'SHOE_ALREADY_STARTED');
  });

  it('refuses to open the bets before the five burn cards: BURN_NOT_DONE', async () => {
    await crew.tailleur.post('/api/shoe/start');
    await crew.server.dealAll(BURN.slice(0, 3));
    await refused(crew.tailleur, '/api/bets/open', undefined, 'BURN_NOT_DONE');
  });

  it('refuses a bet under the table minimum: BELOW_MINIMUM', async () => {
    await openBets();
    await refused(crew.payeur, '/api/bets', { player: 's3', chance: 'rouge', amount: 499 }, 'BELOW_MINIMUM');
  });

  it('refuses a bet once the bets are closed: BETS_CLOSED', async () => {
    await openBets();
    await crew.tailleur.post('/api/bets/close');
    await refused(crew.payeur, '/api/bets', { player: 's3', chance: 'rouge', amount: 10_000 }, 'BETS_CLOSED');
    await refused(crew.payeur, '/api/bets/withdraw', { player: 's3', chance: 'rouge' }, 'BETS_CLOSED');
  });

  it('refuses a bet once the first card has closed the bets: BETS_CLOSED', async () => {
    await openBets();
    await crew.server.deal('KH');
    await refused(crew.payeur, '/api/bets', { player: 's3', chance: 'rouge', amount: 10_000 }, 'BETS_CLOSED');
  });

  it('refuses to withdraw a stake that is not there: NO_STAKE', async () => {
    await openBets();
    await refused(crew.payeur, '/api/bets/withdraw', { player: 's9', chance: 'noir' }, 'NO_STAKE');
  });

  it('refuses to open the bets twice: BETS_ALREADY_OPEN', async () => {
    await openBets();
    await refused(crew.tailleur, '/api/bets/open', undefined, 'BETS_ALREADY_OPEN');
  });

  it('refuses to open the bets again once they are closed, before any card: COUP_IN_PROGRESS, said as the cards coming next', async () => {
    await openBets();
    const close = await crew.tailleur.post('/api/bets/close');
    expect(close.status, close.text).to.equal(200);
    await refused(crew.tailleur, '/api/bets/open', undefined, 'COUP_IN_PROGRESS');
  });

  it('refuses to void a card that is not the last drawn: VOID_NOT_LAST', async () => {
    await openBets();
    await crew.server.dealAll(['KH', 'QH']);
    await refused(crew.tailleur, '/api/cards/6/void', { reason: 'floor' }, 'VOID_NOT_LAST');
  });

  it('refuses to confirm a coup that is still being dealt: COUP_NOT_COMPLETE', async () => {
    await openBets();
    await crew.server.dealAll(ROUGE_ET_COULEUR.noir);
    await refused(crew.tailleur, '/api/coups/1/confirm', undefined, 'COUP_NOT_COMPLETE');
  });

  it('refuses to confirm a coup never dealt: NO_COUP', async () => {
    await openBets();
    await refused(crew.tailleur, '/api/coups/7/confirm', undefined, 'NO_COUP');
  });

  it('refuses to confirm a call twice: ALREADY_CONFIRMED', async () => {
    await openBets();
    await crew.server.dealAll(coupCards(ROUGE_ET_COULEUR));
    expect((await crew.tailleur.post('/api/coups/1/confirm')).status).to.equal(200);
    await refused(crew.tailleur, '/api/coups/1/confirm', undefined, 'ALREADY_CONFIRMED');
  });

  it('refuses to open the next coup before the call is confirmed: CALL_NOT_CONFIRMED', async () => {
    await openBets();
    await crew.server.dealAll(coupCards(ROUGE_ET_COULEUR));
    await refused(crew.tailleur, '/api/bets/open', undefined, 'CALL_NOT_CONFIRMED');
  });

  it('refuses to open the next coup while its call waits for the chef’s ruling: DISPUTE_OPEN, not CALL_NOT_CONFIRMED', async () => {
    await openBets();
    await crew.server.dealAll(coupCards(ROUGE_ET_COULEUR));
    await crew.tailleur.post('/api/coups/1/dispute', { announced: 'Rouge perd et couleur' });
    await refused(crew.tailleur, '/api/bets/open', undefined, 'DISPUTE_OPEN');
  });

  it('refuses a dispute that announces the call itself: ANNOUNCED_IS_CALL', async () => {
    await openBets();
    await crew.server.dealAll(coupCards(ROUGE_ET_COULEUR));
    await refused(crew.tailleur, '/api/coups/1/dispute', { announced: ROUGE_ET_COULEUR.call }, 'ANNOUNCED_IS_CALL');
  });

  it('refuses to confirm a disputed call (the crew.chef resolves it): DISPUTED', async () => {
    await openBets();
    await crew.server.dealAll(coupCards(ROUGE_ET_COULEUR));
    await crew.tailleur.post('/api/coups/1/dispute', { announced: 'Rouge perd et couleur' });
    await refused(crew.tailleur, '/api/coups/1/confirm', undefined, 'DISPUTED');
  });

  it('refuses a ruling on a coup nobody disputed: NO_DISPUTE', async () => {
    await openBets();
    await crew.server.dealAll(coupCards(ROUGE_ET_COULEUR));
    await refused(crew.chef, '/api/coups/1/resolve', { ruling: 'cards', reason: 'none needed' }, 'NO_DISPUTE');
  });

  it('refuses a prison choice where nobody is in prison: NO_PRISON_STAKE', async () => {
    await openBets();
    await refused(crew.payeur, '/api/prison/choice', { player: 's3', chance: 'rouge', action: 'partager' }, 'NO_PRISON_STAKE');
  });

  it('refuses to suspend a shoe that has ended: SHOE_ENDED', async () => {
    await openBets();
    await crew.chef.post('/api/shoe/suspend', { reason: 'cards marked' });
    await refused(crew.chef, '/api/shoe/suspend', { reason: 'again' }, 'SHOE_ENDED');
  });

  it('logs each refusal as one command line with its code', async () => {
    await openBets();
    await crew.payeur.post('/api/bets', { player: 's3', chance: 'rouge', amount: 100 });
    const line = crew.server.logs.find((l) => l.msg === 'command' && l.outcome === 'refused');
    expect(line).to.include({ command: 'bets.place', user: 'payeur', role: 'payeur', code: 'BELOW_MINIMUM' });
  });
});
