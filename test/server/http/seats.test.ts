/**
 * API.md "Seats": the seat ids a stake may name, for the payeur's entry to
 * read "S4" or "4" as the seat s4 (client/seat-typed.ts). The API itself
 * still takes only the exact id.
 */
import { expect } from 'chai';
import { startServer, type TestServer } from './support/server.ts';

describe('HTTP: the table’s seats', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('lists the twelve default seats to every role, and to nobody without a session', async () => {
    server = await startServer();
    for (const user of ['tailleur', 'payeur', 'chef', 'surveillance'] as const) {
      const r = await (await server.as(user)).get('/api/seats');
      expect(r.status, user).to.equal(200);
      expect(r.body).to.deep.equal({ seats: Array.from({ length: 12 }, (_, k) => `s${k + 1}`) });
    }
    expect((await server.client().get('/api/seats')).status).to.equal(401);
  });

  it('lists a table’s own seats in its order, and a stake must still name one exactly', async () => {
    server = await startServer({ seats: ['Nord', 'Sud'] });
    const payeur = await server.as('payeur');
    expect((await payeur.get('/api/seats')).body).to.deep.equal({ seats: ['Nord', 'Sud'] });
    await server.dealAll(['AS', '2S', '3S', '4S', '5S']);
    await (await server.as('tailleur')).post('/api/bets/open');
    const refused = await payeur.post('/api/bets', { player: 'nord', chance: 'rouge', amount: 10_000 });
    expect([refused.status, refused.body.field]).to.deep.equal([400, 'player']);
  });
});
