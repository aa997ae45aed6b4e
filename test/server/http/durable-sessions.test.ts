/**
 * Sessions survive a restart (API.md "Session"): kept in the data directory
 * as the SHA-256 of their token, with an absolute expiry and an idle
 * timeout that hold across the restart too.
 */
import { expect } from 'chai';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import type { RunningTable } from '../../../server/app/table-server.ts';
import { createDemoUsers } from '../../../server/http/users.ts';
import { SessionStore } from '../../../server/http/sessions.ts';
import { startTableOn } from '../app/table-server-support.ts';
import { until } from '../../support/until.ts';
import { Client } from './support/client.ts';
import { SseClient } from './support/sse-client.ts';
import { startServer, type TestServer } from './support/server.ts';

describe('HTTP: sessions across a restart', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tq-sessions-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  describe('a table server restarted on the same data directory', function () {
    this.timeout(20_000);
    let table: RunningTable | undefined;

    beforeEach(async () => {
      await createDemoUsers(join(dir, 'users.json'));
      table = await startTableOn(dir);
    });
    afterEach(() => table?.close());

    const restart = async () => {
      await table!.close();
      table = await startTableOn(dir);
    };
    const again = (c: Client) => Object.assign(new Client(table!.url), { cookie: c.cookie });

    it('keeps the crew logged in: the same cookie still works after the restart', async () => {
      const chef = new Client(table!.url);
      await chef.login('chef', '3333');
      await restart();
      const me = await again(chef).get('/api/me');
      expect(me.status).to.equal(200);
      expect(me.body).to.deep.equal({ user: 'chef', role: 'chef' });
    });

    it("keeps only the token's SHA-256 in <data>/sessions.json, readable by its owner only", async () => {
      const payeur = new Client(table!.url);
      await payeur.login('payeur', '2222');
      const token = payeur.cookie!.split('=')[1]!;
      const text = await readFile(join(dir, 'sessions.json'), 'utf8');
      expect(text).not.to.contain(token);
      expect(JSON.parse(text).sessions.map((s: { hash: string; user: string }) => [s.hash, s.user])).to.deep.equal([
        [createHash('sha256').update(token).digest('hex'), 'payeur'],
      ]);
      expect((await stat(join(dir, 'sessions.json'))).mode & 0o777).to.equal(0o600);
    });

    it('does not bring back a session logged out before the restart', async () => {
      const tailleur = new Client(table!.url);
      await tailleur.login('tailleur', '1111');
      const cookie = tailleur.cookie;
      await tailleur.post('/api/logout');
      await restart();
      const replay = new Client(table!.url);
      replay.cookie = cookie;
      expect((await replay.get('/api/me')).status).to.equal(401);
    });
  });

  describe('expiry and idle timeout, read back from the file', () => {
    const T0 = Date.parse('2026-02-01T18:00:00.000Z');
    let now = T0;
    let server: TestServer | undefined;
    let sessions: SessionStore | undefined;
    const file = () => join(dir, 'sessions.json');

    /** A server on the sessions file, as after a restart (closing writes what is pending, as the table server's close does). */
    const boot = async () => {
      await server?.close();
      await sessions?.flush();
      const sessionStore = await SessionStore.open({ file: file(), ttlMs: 8 * 3_600_000, idleMs: 30 * 60_000, now: () => now });
      sessions = sessionStore;
      server = await startServer({ sessionStore, login: { now: () => now } });
      return server;
    };
    const withCookie = (c: Client) => Object.assign(server!.client(), { cookie: c.cookie });

    beforeEach(() => {
      now = T0;
    });
    afterEach(async () => {
      await server?.close();
      await sessions?.flush();
      server = undefined;
      sessions = undefined;
    });

    it('ends a session at its absolute expiry, however busy it was', async () => {
      const chef = await (await boot()).as('chef');
      for (let minutes = 25; minutes < 8 * 60; minutes += 25) {
        now = T0 + minutes * 60_000;
        if (minutes % 100 === 0) await boot();
        expect((await withCookie(chef).get('/api/me')).status, `after ${minutes} min`).to.equal(200);
      }
      now = T0 + 8 * 3_600_000;
      await boot();
      expect((await withCookie(chef).get('/api/me')).status).to.equal(401);
      expect(JSON.parse(await readFile(file(), 'utf8')).sessions).to.deep.equal([]);
    });

    it('ends a session left idle for 30 min, counting the requests made before the restart', async () => {
      const surveillance = await (await boot()).as('surveillance');
      now = T0 + 20 * 60_000;
      expect((await withCookie(surveillance).get('/api/me')).status).to.equal(200);
      now = T0 + 45 * 60_000; // 25 min after the last request, 45 after the login
      await boot();
      expect((await withCookie(surveillance).get('/api/me')).status).to.equal(200);
      now = T0 + 76 * 60_000; // 31 min idle
      await boot();
      expect((await withCookie(surveillance).get('/api/me')).status).to.equal(401);
    });

    it('counts an open live stream as use: a dashboard showing the table does not idle out', async () => {
      await server?.close();
      const sessionStore = await SessionStore.open({ file: file(), ttlMs: 8 * 3_600_000, idleMs: 30 * 60_000, now: () => now, keepAliveMs: 10 });
      sessions = sessionStore;
      server = await startServer({ sessionStore, login: { now: () => now } });
      const chef = await server.as('chef');
      const stream = await SseClient.open(server.url, chef.cookie);
      try {
        for (const minutes of [20, 40, 60]) {
          now = T0 + minutes * 60_000;
          const stored = () => readFile(file(), 'utf8').then((t) => JSON.parse(t).sessions[0]?.lastSeenAt);
          await until(async () => (await stored()) === new Date(now).toISOString(), `the stream to mark the session used at ${minutes} min`);
        }
        expect((await withCookie(chef).get('/api/me')).status).to.equal(200);
      } finally {
        stream.close();
      }
    });

    it('closes the live stream of a session that has ended', async () => {
      await server?.close();
      const sessionStore = await SessionStore.open({ file: file(), now: () => now, keepAliveMs: 10 });
      sessions = sessionStore;
      server = await startServer({ sessionStore, login: { now: () => now } });
      const chef = await server.as('chef');
      const stream = await SseClient.open(server.url, chef.cookie);
      expect(stream.response.status).to.equal(200);
      await withCookie(chef).post('/api/logout');
      const ended = await stream.next('no-such-event', 5_000).then(
        () => 'a frame',
        (e: Error) => e.message,
      );
      expect(ended).to.equal('the stream ended before a "no-such-event" frame');
    });

    it('ends an idle session without a restart too', async () => {
      const payeur = await (await boot()).as('payeur');
      now = T0 + 30 * 60_000;
      expect((await withCookie(payeur).get('/api/table')).status).to.equal(401);
    });
  });
});
