/**
 * Attack: amounts without an upper bound. Three bets of 9007199254740991
 * cents made a stake beyond Number.MAX_SAFE_INTEGER, where a cent is lost.
 * A stake is bounded at 1000 × the table maximum, so every sum of money the
 * table makes stays an exact integer.
 */
import { expect } from 'chai';
import { VENICE_RULES } from '../../shoe/rules.ts';
import { BURN, coupCards, ROUGE_ET_COULEUR } from '../server/http/support/cards.ts';
import type { Client } from '../server/http/support/client.ts';
import { startServer, type TestServer } from '../server/http/support/server.ts';

const LIMIT = 1000 * VENICE_RULES.max;

describe('security: amounts are bounded and sums stay exact', () => {
  let server: TestServer;
  let tailleur: Client;
  let payeur: Client;

  beforeEach(async () => {
    server = await startServer();
    tailleur = await server.as('tailleur');
    payeur = await server.as('payeur');
    await tailleur.post('/api/shoe/start');
    await server.dealAll(BURN);
    await tailleur.post('/api/bets/open');
  });
  afterEach(() => server.close());

  it('refuses three bets of 9007199254740991 cents: no stake ever passes MAX_SAFE_INTEGER', async () => {
    for (let k = 0; k < 3; k++) {
      const r = await payeur.post('/api/bets', { player: 's1', chance: 'rouge', amount: Number.MAX_SAFE_INTEGER });
      expect(r.status, r.text).to.be.oneOf([400, 409]);
    }
    expect(server.table.state().stakes).to.deep.equal([]);
  });

  it('takes a stake up to 1000 × the table maximum, in several bets, and not a cent more', async () => {
    expect((await payeur.post('/api/bets', { player: 's1', chance: 'rouge', amount: LIMIT - 1 })).status).to.equal(200);
    expect((await payeur.post('/api/bets', { player: 's1', chance: 'rouge', amount: 1 })).status).to.equal(200);
    const over = await payeur.post('/api/bets', { player: 's1', chance: 'rouge', amount: 1 });
    expect(over.status).to.equal(409);
    expect(over.body.error).to.equal('STAKE_TOO_LARGE');
    expect(server.table.state().stakes[0]!.amount).to.equal(LIMIT);
  });

  it('settles the largest stakes on every seat and chance with every figure an exact integer', async () => {
    for (let seat = 1; seat <= 12; seat++) {
      for (const chance of ['rouge', 'noir', 'couleur', 'inverse']) {
        expect((await payeur.post('/api/bets', { player: `s${seat}`, chance, amount: LIMIT, insured: true })).status).to.equal(200);
      }
    }
    await server.dealAll(coupCards(ROUGE_ET_COULEUR));
    await tailleur.post('/api/coups/1/confirm');
    const audit = await server.as('surveillance');
    const shoe = (await audit.get('/api/shoes')).body[0].id as string;
    const report = await audit.get(`/api/shoes/${shoe}/report`);
    const numbers: number[] = [];
    JSON.parse(report.text, (_k, v) => {
      if (typeof v === 'number') numbers.push(v);
      return v;
    });
    expect(numbers.every((n) => Number.isSafeInteger(n) || !Number.isInteger(n))).to.equal(true);
    expect(report.body.players.s1.net).to.equal(VENICE_RULES.max * 2 - 2 * VENICE_RULES.max - 4 * 5000);
  });
});
