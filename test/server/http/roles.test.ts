/**
 * Role boundaries (docs/rules.md#roles; API.md role column):
 * every command answers 403 to every role but its own and 401 without a
 * session, and a refused command changes nothing. The expected roles are
 * written here from API.md, not read from permissions.ts.
 */
import { expect } from 'chai';
import { ROLES, type Role } from '../../../server/table/table.ts';
import type { Client } from './support/client.ts';
import { SseClient } from './support/sse-client.ts';
import { startServer, type TestServer } from './support/server.ts';

const COMMANDS: { path: string; body?: object; role: Role; action: string }[] = [
  { path: '/api/shoe/start', body: {}, role: 'tailleur', action: 'start a shoe' },
  { path: '/api/bets/open', role: 'tailleur', action: 'open the bets' },
  { path: '/api/bets/close', role: 'tailleur', action: 'close the bets' },
  { path: '/api/coups/1/confirm', role: 'tailleur', action: 'confirm a call' },
  { path: '/api/coups/1/dispute', body: { announced: 'Rouge perd et couleur' }, role: 'tailleur', action: 'dispute a call' },
  { path: '/api/cards/6/void', body: { reason: 'floor' }, role: 'tailleur', action: 'void a card' },
  { path: '/api/sim/deal', role: 'tailleur', action: 'deal from the simulator' },
  { path: '/api/bets', body: { player: 's3', chance: 'rouge', amount: 10_000 }, role: 'payeur', action: 'place a bet' },
  { path: '/api/bets/withdraw', body: { player: 's3', chance: 'rouge' }, role: 'payeur', action: 'withdraw a bet' },
  { path: '/api/bets/insure', body: { player: 's3', chance: 'rouge' }, role: 'payeur', action: 'insure a bet' },
  { path: '/api/prison/choice', body: { player: 's3', chance: 'rouge', action: 'leave' }, role: 'payeur', action: 'record a prison choice' },
  { path: '/api/coups/1/resolve', body: { ruling: 'annul', reason: 'misdeal' }, role: 'chef', action: 'resolve a dispute' },
  { path: '/api/shoe/suspend', body: { reason: 'cards marked' }, role: 'chef', action: 'suspend the shoe' },
  { path: '/api/shoe/unhold', body: {}, role: 'chef', action: 'withdraw the held suspension' },
  { path: '/api/witness/unwitnessed', role: 'chef', action: 'acknowledge dealing without the central witness' },
];

const AUDIT_READS = [
  '/api/shoes',
  '/api/shoes/SHOE/log',
  '/api/shoes/SHOE/events',
  '/api/shoes/SHOE/state',
  '/api/shoes/SHOE/verify',
  '/api/shoes/SHOE/report',
  '/api/shoes/SHOE/settlement.csv',
  '/api/shoes/SHOE/report.html',
];
const AUDITORS: Role[] = ['surveillance', 'chef'];

describe('HTTP: who may do what', () => {
  let server: TestServer;
  const clients = {} as Record<Role, Client>;
  let shoe: string;

  before(async () => {
    server = await startServer();
    for (const role of ROLES) clients[role] = await server.as(role);
    shoe = (await clients.tailleur.post('/api/shoe/start')).body.view.shoe;
  });
  after(() => server.close());

  for (const c of COMMANDS) {
    for (const role of ROLES.filter((r) => r !== c.role)) {
      it(`refuses ${c.path} to the ${role} (403), changing nothing`, async () => {
        const before = server.table.state();
        const r = await clients[role].post(c.path, c.body);
        expect(r.status).to.equal(403);
        expect(r.body).to.deep.equal({ error: 'FORBIDDEN', message: `the ${role} cannot ${c.action}` });
        expect(server.table.state()).to.equal(before);
      });
    }
    it(`refuses ${c.path} without a session (401)`, async () => {
      const r = await server.client().post(c.path, c.body);
      expect(r.status).to.equal(401);
      expect(r.body.error).to.equal('UNAUTHENTICATED');
    });
  }

  it('says it in words a crew reads: the payeur cannot confirm a call, the tailleur cannot place a bet', async () => {
    expect((await clients.payeur.post('/api/coups/1/confirm')).body.message).to.equal('the payeur cannot confirm a call');
    expect((await clients.tailleur.post('/api/bets', { player: 's1', chance: 'noir', amount: 500 })).body.message).to.equal('the tailleur cannot place a bet');
  });

  it('checks the role before the body: a surveillance request with a bad body is still 403', async () => {
    expect((await clients.surveillance.post('/api/bets', { amount: 'lots' })).status).to.equal(403);
  });

  for (const role of ROLES) {
    it(`shows the table and the live stream to the ${role}`, async () => {
      expect((await clients[role].get('/api/table')).status).to.equal(200);
      const sse = await SseClient.open(server.url, clients[role].cookie);
      try {
        expect(sse.response.status).to.equal(200);
      } finally {
        sse.close();
      }
    });
  }

  it('refuses the table and the live stream without a session (401)', async () => {
    expect((await server.client().get('/api/table')).status).to.equal(401);
    const sse = await SseClient.open(server.url, undefined);
    expect(sse.response.status).to.equal(401);
  });

  for (const path of AUDIT_READS) {
    it(`opens ${path} to surveillance and the chef only`, async () => {
      const url = path.replace('SHOE', shoe);
      for (const role of AUDITORS) expect((await clients[role].get(url)).status, role).to.equal(200);
      for (const role of ROLES.filter((r) => !AUDITORS.includes(r))) {
        const r = await clients[role].get(url);
        expect(r.status, role).to.equal(403);
        expect(r.body.message).to.equal(`the ${role} cannot read the shoe archive`);
      }
      expect((await server.client().get(url)).status).to.equal(401);
    });
  }
});
