/**
 * Reasons the table refuses to open a coup (server/table/deal-guards.ts;
 * docs/central-store.md#unwitnessed), over HTTP: while one holds, opening the
 * bets answers 409 DEALING_REFUSED with the reason and stores nothing; the
 * chef's acknowledgement of dealing unwitnessed is stored in the shoe.
 */
import { expect } from 'chai';
import type { Client } from './support/client.ts';
import { startServer, type TestServer } from './support/server.ts';

describe('HTTP: the table refuses to open a coup while a reason holds', () => {
  let server: TestServer;
  let tailleur: Client;
  let chef: Client;

  before(async () => {
    server = await startServer();
    tailleur = await server.as('tailleur');
    chef = await server.as('chef');
    await tailleur.post('/api/shoe/start');
    const burn = ['8C', '8H', '2D', '3S', '4H', '5C', '6D', '7S', '9H', 'TC'];
    for (let seq = 1; seq <= (server.table.state().rules?.burn ?? 0); seq++) await server.table.storeCard({ seq, card: burn[seq - 1]!, exposed: false });
  });
  after(() => server.close());

  it('answers 409 with the reason and stores nothing, then opens once the reason is gone', async () => {
    let reason: string | null = 'the central witness has been unreachable since 12:00';
    const off = server.table.refuseToDealWhen(() => reason);
    try {
      const before = server.table.state();
      const refused = await tailleur.post('/api/bets/open');
      expect(refused.status).to.equal(409);
      expect(refused.body).to.deep.equal({ error: 'DEALING_REFUSED', message: `the table refuses to open a coup: ${reason}` });
      expect(server.table.state()).to.equal(before);
      reason = null;
      expect((await tailleur.post('/api/bets/open')).status).to.equal(200);
    } finally {
      off();
    }
  });

  it("stores the chef's acknowledgement of dealing unwitnessed in the shoe, with the chef's name", async () => {
    const r = await chef.post('/api/witness/unwitnessed');
    expect(r.status, JSON.stringify(r.body)).to.equal(200);
    const events = await server.table.eventsSince(server.table.state().shoe, -1);
    expect(events.at(-1)).to.include({ type: 'witness', state: 'dealing-unwitnessed', by: 'chef' });
  });
});
