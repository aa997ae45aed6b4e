/**
 * Attacks on the login: bursts of parallel guesses, a flood of made-up names,
 * and a guesser trying to keep the real user out. PINs are counted before
 * they are hashed, attempts for one name are taken one at a time, each
 * address is limited, and scrypt runs at most a few at once.
 */
import { expect } from 'chai';
import type { UserStore } from '../../server/http/users.ts';
import { startServer, testUsers, type TestServer } from '../server/http/support/server.ts';

/** The demo users, counting the PINs actually checked and the most checked at once. */
function countingUsers(): UserStore & { checked: number; peak: number } {
  const inner = testUsers();
  let running = 0;
  const store = {
    checked: 0,
    peak: 0,
    accounts: inner.accounts,
    hasDemoUsers: () => inner.hasDemoUsers(),
    stamp: (user: string) => inner.stamp(user),
    async authenticate(user: string, pin: string) {
      store.checked += 1;
      running += 1;
      store.peak = Math.max(store.peak, running);
      try {
        return await inner.authenticate(user, pin);
      } finally {
        running -= 1;
      }
    },
  };
  return store;
}

describe('security: login attacks', () => {
  let server: TestServer;
  let users: ReturnType<typeof countingUsers>;
  let now: number;

  beforeEach(async () => {
    now = Date.parse('2026-01-01T20:00:00.000Z');
    users = countingUsers();
    server = await startServer({ users, login: { now: () => now } });
  });
  afterEach(() => server.close());

  it('checks at most 5 PINs of a burst of 200 parallel guesses for one user', async () => {
    const replies = await Promise.all(Array.from({ length: 200 }, (_, k) => server.client().post('/api/login', { user: 'chef', pin: String(1000 + k) })));
    expect(users.checked).to.equal(5);
    expect(
      replies.every((r) => r.status === 401 || r.status === 429),
      replies.map((r) => r.status).join(),
    ).to.equal(true);
    const right = await server.client().post('/api/login', { user: 'chef', pin: '3333' });
    expect(right.status, 'locked even with the right PIN').to.equal(401);
  });

  it('runs at most two PIN checks at a time under a flood of made-up names, answering 429 beyond', async () => {
    const replies = await Promise.all(Array.from({ length: 300 }, (_, k) => server.client().post('/api/login', { user: `nobody${k}`, pin: '1234' })));
    expect(users.peak).to.equal(2);
    expect(users.checked, 'the address is limited too').to.be.at.most(20);
    const statuses = new Set(replies.map((r) => r.status));
    expect([...statuses].every((s) => s === 401 || s === 429)).to.equal(true);
    const limited = replies.find((r) => r.status === 429);
    if (limited) expect(limited.headers.get('retry-after')).to.match(/^\d+$/);
  });

  it('locks for longer each time the same guesser comes back (30 s, then 60 s)', async () => {
    const guess = () => server.client().post('/api/login', { user: 'tailleur', pin: '9999' });
    for (let k = 0; k < 5; k++) await guess();
    expect((await guess()).headers.get('retry-after')).to.equal('30');
    now += 30_000;
    for (let k = 0; k < 5; k++) await guess();
    expect((await guess()).headers.get('retry-after')).to.equal('60');
    now += 60_000;
    expect((await server.client().post('/api/login', { user: 'tailleur', pin: '1111' })).status).to.equal(200);
  });
});
