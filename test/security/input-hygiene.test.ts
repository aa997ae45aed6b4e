/**
 * Seats and free text: a stake names one of the table's configured seats
 * (default s1…s12), and no control, zero-width or bidi character is stored in
 * a reason, a note or an announced call — so `s3` and `s3` + U+200B can never
 * be two players, and no text reads differently from what was stored.
 */
import { expect } from 'chai';
import { BURN } from '../server/http/support/cards.ts';
import type { Client } from '../server/http/support/client.ts';
import { startServer, type TestServer } from '../server/http/support/server.ts';

const HIDDEN = {
  'zero-width space': '\u200b',
  'right-to-left override': '\u202e',
  'left-to-right isolate': '\u2066',
  'line feed': '\n',
  NUL: '\u0000',
  BOM: '\ufeff',
  'line separator': '\u2028',
};

async function openTable(server: TestServer): Promise<{ tailleur: Client; payeur: Client; chef: Client }> {
  const crew = { tailleur: await server.as('tailleur'), payeur: await server.as('payeur'), chef: await server.as('chef') };
  await crew.tailleur.post('/api/shoe/start');
  await server.dealAll(BURN);
  await crew.tailleur.post('/api/bets/open');
  return crew;
}

describe('security: seats and free text', () => {
  let server: TestServer;
  afterEach(() => server.close());

  it('takes bets for s1…s12 by default and refuses any other seat with a 400 naming "player"', async () => {
    server = await startServer();
    const { payeur } = await openTable(server);
    expect((await payeur.post('/api/bets', { player: 's12', chance: 'rouge', amount: 1000 })).status).to.equal(200);
    for (const player of ['s13', 's0', 'S1', 'seat 1', '<img src=x>', '=1+1', 's3\u200b', '\u202es3', 's3\u0000']) {
      const r = await payeur.post('/api/bets', { player, chance: 'rouge', amount: 1000 });
      expect(r.status, JSON.stringify(player)).to.equal(400);
      expect(r.body.field).to.equal('player');
    }
    expect(server.table.state().stakes.map((s) => s.player)).to.deep.equal(['s12']);
  });

  it('uses the seats the table is configured with', async () => {
    server = await startServer({ seats: ['box1', 'box2'] });
    const { payeur } = await openTable(server);
    expect((await payeur.post('/api/bets', { player: 'box2', chance: 'noir', amount: 1000 })).status).to.equal(200);
    const r = await payeur.post('/api/bets', { player: 's1', chance: 'noir', amount: 1000 });
    expect(r.status).to.equal(400);
    expect(r.body).to.include({ field: 'player', message: "player must be one of the table's seats (box1, box2)" });
    expect((await payeur.post('/api/bets/withdraw', { player: 's1', chance: 'noir' })).body.field).to.equal('player');
  });

  for (const [name, ch] of Object.entries(HIDDEN)) {
    it(`refuses a ${name} in a suspension reason, a ruling's reason and an announced call, storing nothing`, async () => {
      server = await startServer();
      const { tailleur, chef } = await openTable(server);
      const before = server.table.state().events;
      const cases: [Client, string, unknown, string][] = [
        [chef, '/api/shoe/suspend', { reason: `camera${ch} fault` }, 'reason'],
        [chef, '/api/coups/1/resolve', { ruling: 'cards', reason: `o${ch}k` }, 'reason'],
        [tailleur, '/api/coups/1/dispute', { announced: `Rouge${ch} gagne` }, 'announced'],
      ];
      for (const [client, path, body, field] of cases) {
        const r = await client.post(path, body);
        expect(r.status, `${path}: ${r.text}`).to.equal(400);
        expect(r.body.field).to.equal(field);
      }
      expect(server.table.state().events).to.equal(before);
    });
  }
});
