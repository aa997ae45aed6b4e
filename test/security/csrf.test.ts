/**
 * Attack: a page on another port of the same host (or a sibling subdomain) is
 * "same site", so SameSite=Strict still sends the crew's cookie. It posted a
 * form to POST /api/bets/open and it was stored as the tailleur's; a text/plain
 * body opened a shoe log. Every state-changing request must come from the
 * dashboards' own origin and carry JSON (a shoe log: NDJSON).
 */
import { expect } from 'chai';
import { request } from 'node:http';
import { BURN } from '../server/http/support/cards.ts';
import type { Client } from '../server/http/support/client.ts';
import { startServer, type TestServer } from '../server/http/support/server.ts';

describe('security: cross-site request forgery', () => {
  let server: TestServer;
  let tailleur: Client;
  let self: string;

  beforeEach(async () => {
    server = await startServer();
    tailleur = await server.as('tailleur');
    await tailleur.post('/api/shoe/start');
    await server.dealAll(BURN);
    self = new URL(server.url).origin;
  });
  afterEach(() => server.close());

  const evil = [
    { what: 'a page on another port of the same host', headers: () => ({ origin: 'http://127.0.0.1:1', 'sec-fetch-site': 'same-site' }) },
    { what: 'a sibling subdomain', headers: () => ({ origin: 'http://evil.casino.example', 'sec-fetch-site': 'same-site' }) },
    { what: 'a sandboxed page (Origin: null)', headers: () => ({ origin: 'null' }) },
    { what: 'a browser that says cross-site without an Origin', headers: () => ({ 'sec-fetch-site': 'cross-site' }) },
    { what: 'a referrer from another origin', headers: () => ({ referer: 'http://127.0.0.1:1/attack.html' }) },
  ];

  for (const e of evil) {
    it(`refuses a state change from ${e.what} with 403, storing nothing`, async () => {
      const before = server.table.state().events;
      const r = await tailleur.request('POST', '/api/bets/open', undefined, e.headers());
      expect(r.status, r.text).to.equal(403);
      expect(r.body.error).to.equal('CROSS_ORIGIN');
      expect(server.table.state().events).to.equal(before);
    });
  }

  it('refuses a form post (urlencoded, multipart, text/plain) with 415, storing nothing', async () => {
    const before = server.table.state().events;
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain']) {
      const r = await tailleur.request('POST', '/api/bets/open', type.startsWith('multipart') ? '--x--' : 'a=1', { 'content-type': type });
      expect(r.status, `${type}: ${r.text}`).to.equal(415);
      expect(r.body.error).to.equal('UNSUPPORTED_MEDIA_TYPE');
    }
    expect(server.table.state().events).to.equal(before);
  });

  it('refuses a shoe log sent as text/plain, which a form can send', async () => {
    const audit = await server.as('surveillance');
    const r = await audit.request('POST', '/api/shoes/open', '{"type":"open"}', { 'content-type': 'text/plain' });
    expect(r.status).to.equal(415);
  });

  it('refuses a login posted from another origin', async () => {
    const r = await server.client().request('POST', '/api/login', { user: 'payeur', pin: '2222' }, { origin: 'http://127.0.0.1:1' });
    expect(r.status).to.equal(403);
  });

  it("takes the same request from the dashboards' own origin, or from a client that sends no Origin (curl, the CLI)", async () => {
    const r = await tailleur.request('POST', '/api/bets/open', undefined, { origin: self, 'sec-fetch-site': 'same-origin' });
    expect(r.status, r.text).to.equal(200);
    expect((await tailleur.post('/api/bets/close')).status).to.equal(200);
  });

  it('leaves reads alone: a GET from another origin is answered (the browser keeps the answer from the page)', async () => {
    expect((await tailleur.get('/api/me', { origin: 'http://127.0.0.1:1' })).status).to.equal(200);
  });
});

/** A request with a Host header of our choosing (fetch will not send one). */
function withHost(url: string, method: string, path: string, host: string, body?: unknown): Promise<{ status: number; body: { error?: string } }> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path,
        method,
        headers: { host, ...(text !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }) },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (data += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data.startsWith('{') ? JSON.parse(data) : {} }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

describe('security: DNS rebinding (the Host header)', () => {
  it('answers a made-up host name with 421, on reads and logins alike, and takes IP literals and localhost', async () => {
    const server = await startServer();
    try {
      const port = new URL(server.url).port;
      const login = { user: 'tailleur', pin: '1111' };
      for (const host of [`rebind.attacker.example:${port}`, 'evil']) {
        const r = await withHost(server.url, 'POST', '/api/login', host, login);
        expect(r.status, host).to.equal(421);
        expect(r.body.error).to.equal('UNKNOWN_HOST');
        expect((await withHost(server.url, 'GET', '/api/me', host)).status).to.equal(421);
      }
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `192.168.1.20:${port}`]) {
        expect((await withHost(server.url, 'POST', '/api/login', host, login)).status, host).to.equal(200);
      }
    } finally {
      await server.close();
    }
  });

  it('takes the host names the server is configured with', async () => {
    const server = await startServer({ allowedHosts: ['tq.casino.example'] });
    try {
      const r = await withHost(server.url, 'POST', '/api/login', 'tq.casino.example', { user: 'chef', pin: '3333' });
      expect(r.status).to.equal(200);
    } finally {
      await server.close();
    }
  });
});
