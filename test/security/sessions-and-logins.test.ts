/**
 * Found when probed as an attacker: sessions grew without bound (100 k
 * stored: 5–8.5 s per login); a login flood turned the real crew away (5 of
 * 16 logins 429); a session's role came from the sessions file, not the users
 * file; ~10,000 made-up names from new addresses reset the per-user limiter.
 */
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { LoginLimiter, type LoginOutcome } from '../../server/http/login-limiter.ts';
import { SESSION_CAPS, SESSION_COOKIE, SessionStore, tokenHash } from '../../server/http/sessions.ts';
import type { Client } from '../server/http/support/client.ts';
import { startServer, testUsers } from '../server/http/support/server.ts';

describe('security: sessions and logins', function () {
  this.timeout(60_000);

  it(`keeps at most ${SESSION_CAPS.perUser} live sessions per user: the least recently used ends`, async () => {
    const server = await startServer();
    try {
      const clients: Client[] = [];
      for (let k = 0; k < SESSION_CAPS.perUser + 3; k++) clients.push(await server.as('payeur'));
      const alive = await Promise.all(clients.map(async (c) => (await c.get('/api/me')).status));
      expect(alive).to.deep.equal([401, 401, 401, ...Array(SESSION_CAPS.perUser).fill(200)]);
    } finally {
      await server.close();
    }
  });

  it(`keeps at most ${SESSION_CAPS.total} live sessions in all`, async () => {
    const store = new SessionStore();
    for (let k = 0; k < SESSION_CAPS.total + 40; k++) await store.create({ user: `u${k}`, role: 'payeur' }, 'stamp');
    expect(store.size).to.equal(SESSION_CAPS.total);
  });

  it("takes a session's role from the users file: a sessions file saying chef for the payeur gives a payeur", async () => {
    const token = randomBytes(32).toString('hex');
    const now = Date.now();
    const forged = {
      user: 'payeur',
      role: 'chef' as const,
      id: tokenHash(token),
      stamp: testUsers().stamp('payeur')!,
      createdAt: now,
      expiresAt: now + 3_600_000,
      lastSeenAt: now,
    };
    const server = await startServer({ sessionStore: new SessionStore({}, [forged]) });
    try {
      const c = server.client();
      c.cookie = `${SESSION_COOKIE}=${token}`;
      expect((await c.get('/api/me')).body).to.deep.include({ user: 'payeur', role: 'payeur' });
      expect((await c.get('/api/access-log')).status, 'a chef-only read').to.equal(403);
    } finally {
      await server.close();
    }
  });

  const wrong = async () => undefined;

  it("keeps a real user's count through 10,000 made-up names from new addresses: the 10th wrong PIN still delays the name", async () => {
    const limiter = new LoginLimiter({ isUser: (u) => u === 'chef' });
    for (let k = 0; k < 9; k++) expect((await limiter.attempt('chef', `10.1.0.${k}`, wrong)).kind).to.equal('wrong');
    for (let k = 0; k < 10_000; k++) await limiter.attempt(`made-up-${k}`, `10.2.${k >> 8}.${k & 255}`, wrong);
    expect((await limiter.attempt('chef', '10.1.1.1', wrong)).kind, 'the 10th wrong PIN').to.equal('wrong');
    expect(await limiter.attempt('chef', '10.1.1.2', wrong)).to.deep.include({ kind: 'locked', scope: 'user' });
  });

  it('lets the real user log in from an address it used before while a flood fills every PIN check, ahead of the queue', async () => {
    const limiter = new LoginLimiter({ maxHashing: 2, maxWaiting: 4 });
    const chef = { user: 'chef' };
    expect((await limiter.attempt('chef', '10.9.9.9', async () => chef)).kind).to.equal('ok');
    const slow: (() => void)[] = [];
    const held = () => new Promise<undefined>((resolve) => slow.push(() => resolve(undefined)));
    const order: string[] = [];
    const flood = Array.from({ length: 6 }, (_, k) => limiter.attempt(`guess${k}`, `10.3.0.${k}`, held).then(() => order.push(`guess${k}`)));
    const turnedAway = await limiter.attempt('guess99', '10.3.0.99', held);
    expect(turnedAway.kind, 'an attacker beyond the queue').to.equal('limited');
    const real: Promise<LoginOutcome<typeof chef>> = limiter.attempt('chef', '10.9.9.9', async () => chef);
    real.then(() => order.push('chef'));
    while (slow.length > 0 || order.length < 7) {
      await new Promise((r) => setImmediate(r));
      slow.shift()?.();
    }
    await Promise.all(flood);
    expect((await real).kind).to.equal('ok');
    expect(order.indexOf('chef'), 'served right after the two checks running').to.be.at.most(2);
  });
});
