/**
 * Logging in and out (API.md "Session"): the `tq_session` cookie and its
 * attributes, /api/me, expiry, and the per-user lock after five wrong PINs.
 */
import { expect } from 'chai';
import { startServer, type TestServer } from './support/server.ts';

describe('HTTP: sessions', () => {
  let server: TestServer;
  let now: number;

  beforeEach(async () => {
    now = Date.parse('2025-01-01T20:00:00.000Z');
    const clock = () => now;
    server = await startServer({ sessions: { now: clock, ttlMs: 60_000 }, login: { now: clock } });
  });
  afterEach(() => server.close());

  it('logs in with the right PIN and sets an HttpOnly, SameSite=Strict session cookie for the whole site', async () => {
    const c = server.client();
    const r = await c.post('/api/login', { user: 'payeur', pin: '2222' });
    expect(r.status).to.equal(200);
    expect(r.body).to.deep.equal({ user: 'payeur', role: 'payeur' });
    const cookie = r.headers.getSetCookie().find((h) => h.startsWith('tq_session='))!;
    expect(cookie).to.match(/^tq_session=[0-9a-f]{64};/);
    expect(cookie)
      .to.match(/; HttpOnly/)
      .and.match(/; SameSite=Strict/)
      .and.match(/; Path=\//);
    expect(cookie).not.to.match(/; Secure/);
    expect((await c.get('/api/me')).body).to.deep.equal({ user: 'payeur', role: 'payeur' });
  });

  it('marks the cookie Secure when configured for https', async () => {
    const secure = await startServer({ sessions: { secureCookie: true } });
    try {
      const r = await secure.client().post('/api/login', { user: 'chef', pin: '3333' });
      expect(r.headers.getSetCookie()[0]).to.match(/; Secure/);
    } finally {
      await secure.close();
    }
  });

  it('refuses a wrong PIN and an unknown user alike, with 401', async () => {
    for (const body of [
      { user: 'tailleur', pin: '0000' },
      { user: 'nobody', pin: '1111' },
    ]) {
      const r = await server.client().post('/api/login', body);
      expect(r.status).to.equal(401);
      expect(r.body).to.deep.equal({ error: 'UNAUTHENTICATED', message: 'unknown user or wrong PIN' });
      expect(r.headers.getSetCookie()).to.deep.equal([]);
    }
  });

  it('answers /api/session with who is logged in, and with nobody (200, not 401) without a session or with a made-up one', async () => {
    const c = server.client();
    expect(await c.get('/api/session').then((r) => [r.status, r.body])).to.deep.equal([200, { me: null }]);
    await c.post('/api/login', { user: 'chef', pin: '3333' });
    expect(await c.get('/api/session').then((r) => [r.status, r.body])).to.deep.equal([200, { me: { user: 'chef', role: 'chef' } }]);
    const forged = server.client();
    forged.cookie = `tq_session=${'ab'.repeat(32)}`;
    expect(await forged.get('/api/session').then((r) => [r.status, r.body])).to.deep.equal([200, { me: null }]);
  });

  it('answers /api/me with 401 without a session, or with a made-up one', async () => {
    expect((await server.client().get('/api/me')).status).to.equal(401);
    const forged = server.client();
    forged.cookie = `tq_session=${'ab'.repeat(32)}`;
    expect((await forged.get('/api/me')).status).to.equal(401);
  });

  it('logs out: 204, the cookie cleared, and the old session id no longer works', async () => {
    const c = await server.as('tailleur');
    const old = c.cookie;
    const r = await c.post('/api/logout');
    expect(r.status).to.equal(204);
    expect(r.headers.getSetCookie()[0]).to.match(/^tq_session=;/);
    expect((await c.get('/api/me')).status).to.equal(401);
    const replay = server.client();
    replay.cookie = old;
    expect((await replay.get('/api/me')).status).to.equal(401);
  });

  it('expires a session after its lifetime', async () => {
    const c = await server.as('surveillance');
    now += 59_000;
    expect((await c.get('/api/me')).status).to.equal(200);
    now += 2_000;
    const r = await c.get('/api/table');
    expect(r.status).to.equal(401);
    expect(r.body.error).to.equal('UNAUTHENTICATED');
  });

  it('locks a user for 30 s after 5 wrong PINs, even for the right PIN, then lets them in', async () => {
    for (let k = 0; k < 5; k++) expect((await server.client().post('/api/login', { user: 'tailleur', pin: '9999' })).status).to.equal(401);
    const locked = await server.client().post('/api/login', { user: 'tailleur', pin: '1111' });
    expect(locked.status).to.equal(401);
    expect(locked.body.message).to.equal('too many wrong PINs for tailleur: try again in 30 s');
    expect(locked.headers.get('retry-after')).to.equal('30');
    expect((await server.client().post('/api/login', { user: 'payeur', pin: '2222' })).status, 'other users are not locked').to.equal(200);
    now += 30_000;
    expect((await server.client().post('/api/login', { user: 'tailleur', pin: '1111' })).status).to.equal(200);
  });

  it('forgets wrong PINs after a good login', async () => {
    for (let k = 0; k < 4; k++) await server.client().post('/api/login', { user: 'chef', pin: '0000' });
    await server.as('chef');
    for (let k = 0; k < 4; k++) await server.client().post('/api/login', { user: 'chef', pin: '0000' });
    expect((await server.client().post('/api/login', { user: 'chef', pin: '3333' })).status).to.equal(200);
  });

  it('never writes a PIN to the log', async () => {
    await server.client().post('/api/login', { user: 'tailleur', pin: '1111' });
    await server.client().post('/api/login', { user: 'tailleur', pin: '8642' });
    const text = JSON.stringify(server.logs);
    expect(text).not.to.contain('8642');
    expect(text).not.to.contain('"1111"');
  });
});
