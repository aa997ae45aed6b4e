/**
 * Malformed requests (API.md: 400 `{"error":"BAD_REQUEST","field",…}`): each
 * is refused before it reaches the table, naming the field at fault, and the
 * table is left as it was.
 */
import { expect } from 'chai';
import type { Client } from './support/client.ts';
import { BURN } from './support/cards.ts';
import { startServer, type TestServer } from './support/server.ts';

type Case = { what: string; path: string; body: unknown; field: string; says?: RegExp; as?: 'tailleur' | 'payeur' | 'chef' };

const CASES: Case[] = [
  { what: 'a bet without an amount', path: '/api/bets', body: { player: 's3', chance: 'rouge' }, field: 'amount', says: /^amount is required$/ },
  { what: 'a negative amount', path: '/api/bets', body: { player: 's3', chance: 'rouge', amount: -500 }, field: 'amount', says: /must be positive/ },
  { what: 'a zero amount', path: '/api/bets', body: { player: 's3', chance: 'rouge', amount: 0 }, field: 'amount' },
  {
    what: 'an amount as a string',
    path: '/api/bets',
    body: { player: 's3', chance: 'rouge', amount: '10000' },
    field: 'amount',
    says: /whole number of cents/,
  },
  {
    what: 'an amount in fractions of a cent',
    path: '/api/bets',
    body: { player: 's3', chance: 'rouge', amount: 10.5 },
    field: 'amount',
    says: /whole number of cents/,
  },
  {
    what: 'an unknown chance',
    path: '/api/bets',
    body: { player: 's3', chance: 'vert', amount: 10_000 },
    field: 'chance',
    says: /rouge, noir, couleur, inverse/,
  },
  { what: 'extra junk in a bet', path: '/api/bets', body: { player: 's3', chance: 'rouge', amount: 10_000, tip: 5 }, field: 'tip', says: /not a known field/ },
  { what: 'a bet without a player', path: '/api/bets', body: { chance: 'rouge', amount: 10_000 }, field: 'player' },
  { what: 'a blank player', path: '/api/bets', body: { player: '  ', chance: 'rouge', amount: 10_000 }, field: 'player' },
  { what: 'insured given as text', path: '/api/bets', body: { player: 's3', chance: 'rouge', amount: 10_000, insured: 'yes' }, field: 'insured' },
  { what: 'a body that is an array', path: '/api/bets', body: [1, 2], field: 'body' },
  { what: 'a withdrawal without a chance', path: '/api/bets/withdraw', body: { player: 's3' }, field: 'chance' },
  { what: 'an insurance for an unknown chance', path: '/api/bets/insure', body: { player: 's3', chance: 'red' }, field: 'chance' },
  {
    what: 'a move that does not say where',
    path: '/api/prison/choice',
    body: { player: 's3', chance: 'rouge', action: 'move' },
    field: 'to',
    says: /a move names the chance/,
  },
  { what: 'a destination with a leave', path: '/api/prison/choice', body: { player: 's3', chance: 'rouge', action: 'leave', to: 'noir' }, field: 'to' },
  { what: 'an unknown prison action', path: '/api/prison/choice', body: { player: 's3', chance: 'rouge', action: 'escape' }, field: 'action' },
  { what: 'a coup number that is not a number', path: '/api/coups/first/confirm', body: undefined, field: 'coup', as: 'tailleur' },
  { what: 'coup number zero', path: '/api/coups/0/confirm', body: undefined, field: 'coup', as: 'tailleur' },
  { what: 'a dispute without the announcement', path: '/api/coups/1/dispute', body: {}, field: 'announced', as: 'tailleur' },
  { what: 'a void with an unknown reason', path: '/api/cards/6/void', body: { reason: 'lost' }, field: 'reason', as: 'tailleur' },
  { what: 'a void of card "six"', path: '/api/cards/six/void', body: { reason: 'floor' }, field: 'seq', as: 'tailleur' },
  { what: 'a shoe of minus one card', path: '/api/shoe/start', body: { cards: -1 }, field: 'cards', as: 'tailleur' },
  { what: 'a ruling that is neither cards nor annul', path: '/api/coups/1/resolve', body: { ruling: 'maybe', reason: 'x' }, field: 'ruling', as: 'chef' },
  { what: 'a ruling without its reason', path: '/api/coups/1/resolve', body: { ruling: 'cards' }, field: 'reason', as: 'chef' },
  { what: 'a suspension without a reason', path: '/api/shoe/suspend', body: {}, field: 'reason', as: 'chef' },
];

describe('HTTP: malformed requests are refused with 400 naming the field', () => {
  let server: TestServer;
  const crew = {} as Record<'tailleur' | 'payeur' | 'chef', Client>;

  before(async () => {
    server = await startServer();
    for (const role of ['tailleur', 'payeur', 'chef'] as const) crew[role] = await server.as(role);
    await crew.tailleur.post('/api/shoe/start');
    await server.dealAll(BURN);
    await crew.tailleur.post('/api/bets/open');
  });
  after(() => server.close());

  for (const c of CASES) {
    it(`refuses ${c.what} (field "${c.field}")`, async () => {
      const before = server.table.state();
      const r = await crew[c.as ?? 'payeur'].post(c.path, c.body);
      expect(r.status, r.text).to.equal(400);
      expect(r.body.error).to.equal('BAD_REQUEST');
      expect(r.body.field).to.equal(c.field);
      expect(r.body.message)
        .to.be.a('string')
        .and.match(new RegExp(`^${c.field} `));
      if (c.says) expect(r.body.message).to.match(c.says);
      expect(server.table.state()).to.equal(before);
    });
  }

  it('refuses a body that is not JSON', async () => {
    const r = await crew.payeur.request('POST', '/api/bets', '{"player": "s3", ', { 'content-type': 'application/json' });
    expect(r.status).to.equal(400);
    expect(r.body).to.deep.equal({ error: 'BAD_REQUEST', field: 'body', message: 'body is not valid JSON' });
  });

  it('refuses a body over the 16 kB limit with 413', async () => {
    const r = await crew.payeur.post('/api/bets', { player: 'x'.repeat(20_000), chance: 'rouge', amount: 500 });
    expect(r.status).to.equal(413);
    expect(r.body.error).to.equal('PAYLOAD_TOO_LARGE');
  });

  it('refuses a body sent as text/plain (what a cross-site form can send) with 415', async () => {
    const r = await crew.payeur.request('POST', '/api/bets', JSON.stringify({ player: 's3', chance: 'rouge', amount: 500 }), { 'content-type': 'text/plain' });
    expect(r.status).to.equal(415);
    expect(r.body.error).to.equal('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a login without a PIN', async () => {
    const r = await server.client().post('/api/login', { user: 'tailleur' });
    expect(r.status).to.equal(400);
    expect(r.body).to.include({ error: 'BAD_REQUEST', field: 'pin', message: 'pin is required' });
  });

  it('accepts the same bet once it is well formed', async () => {
    expect((await crew.payeur.post('/api/bets', { player: 's3', chance: 'rouge', amount: 10_000 })).status).to.equal(200);
  });
});
