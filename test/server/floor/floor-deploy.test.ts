/**
 * The floor deployed like a table (docs/deploy.md#the-floor),
 * over a real PostgreSQL and a real HTTPS server whose certificate openssl makes here:
 * its users file read again (a removed chef and an old PIN no longer log in,
 * their sessions end), sessions that survive a restart, an access log, TLS
 * with a Secure cookie, the production rule on plain HTTP, `--allowed-hosts`,
 * loopback by default, and an error that says how to make the users file.
 */
import { expect } from 'chai';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { startFloorServer, type FloorServerOptions, type RunningFloor } from '../../../server/app/floor-server.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../../server/central/throwaway-postgres.ts';
import * as floorCommand from '../../../server/cli/commands/floor.ts';
import * as usersCommand from '../../../server/cli/commands/users.ts';
import { TSX } from '../../../server/demo/demo-shuffler.ts';
import { floorSettings } from '../../../server/cli/commands/floor.ts';
import { ConfigError } from '../../../server/config/config-error.ts';
import { hashPin, loadUsers, writeUsersFile, type UsersFile } from '../../../server/http/users.ts';
import { removeUser, setPin } from '../../../server/cli/users-file.ts';
import { centralPool } from '../../../server/central/central-connect.ts';
import { applyCentralSchema, insertLines, recordFixture, registerTable, removeRecorded, type RecordedShoe } from '../../support/central-store.ts';
import { until } from '../../support/until.ts';
import { runCommand } from '../cli/cli-io.ts';
import { Client } from '../http/support/client.ts';

const silent = pino({ level: 'silent' });
const TQ = fileURLToPath(new URL('../../../server/cli/tq.ts', import.meta.url));

/** A certificate for 127.0.0.1 and the floor's DNS name, as the README tells a casino to make one. */
function makeCertificate(dir: string): { cert: string; key: string } {
  const [cert, key] = [join(dir, 'floor.crt'), join(dir, 'floor.key')];
  const command =
    'req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj /CN=tq-floor -addext subjectAltName=IP:127.0.0.1,DNS:floor.casino.example';
  execFileSync('openssl', [...command.split(' '), '-keyout', key, '-out', cert], { stdio: 'ignore' });
  return { cert, key };
}
const CREW: UsersFile['users'] = [
  { user: 'marco', role: 'chef', pin: hashPin('135790') },
  { user: 'sara', role: 'surveillance', pin: hashPin('246801') },
];

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request with node:http(s), so the Host header and the CA are the test's to choose. */
function send(url: string, path: string, o: { ca?: Buffer; host?: string; cookie?: string; method?: string; body?: object } = {}): Promise<Answer> {
  const u = new URL(path, url);
  const body = o.body && JSON.stringify(o.body);
  return new Promise((resolve, reject) => {
    const req = (u.protocol === 'https:' ? httpsRequest : httpRequest)(
      u,
      {
        method: o.method ?? 'GET',
        ...(o.ca && { ca: o.ca }),
        headers: { ...(o.host && { host: o.host }), ...(o.cookie && { cookie: o.cookie }), ...(body && { 'content-type': 'application/json' }) },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('tq floor: deployed like a table', function () {
  this.timeout(60_000);
  let server: ThrowawayPostgres;
  let central = '';
  let dir: string;
  let usersFile: string;
  let floor: RunningFloor | undefined;
  let child: ChildProcess | undefined;
  let shoe: RecordedShoe;

  async function start(o: Partial<FloorServerOptions> = {}): Promise<RunningFloor> {
    await floor?.close();
    floor = await startFloorServer({
      central,
      users: await loadUsers(usersFile),
      usersFile,
      dataDir: join(dir, 'floor'),
      logger: silent,
      clientDir: '/nonexistent',
      ...o,
    });
    return floor;
  }

  before(async () => {
    server = await startThrowawayPostgres();
    const admin = centralPool(server.url);
    try {
      await applyCentralSchema(admin);
      await registerTable(admin, 'T1');
      shoe = await recordFixture('ordinary', 'T1', 40);
      await insertLines(admin, 'T1', shoe.shoe, shoe.lines);
    } finally {
      await admin.end();
    }
    central = server.url;
  });
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tq-floor-deploy-'));
    usersFile = join(dir, 'users.json');
    await writeUsersFile(usersFile, { users: CREW });
  });
  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    child = undefined;
    await floor?.close();
    floor = undefined;
    await rm(dir, { recursive: true, force: true });
  });
  after(async () => {
    if (shoe) await removeRecorded([shoe]);
    await server?.destroy();
  });

  describe('its users file', () => {
    it('refuses a removed chef at once and ends the session it had', async () => {
      const f = await start();
      const marco = new Client(f.url);
      await marco.login('marco', '135790');
      const file = JSON.parse(await readFile(usersFile, 'utf8')) as UsersFile;
      await writeUsersFile(usersFile, removeUser(file, 'marco'));
      expect((await new Client(f.url).post('/api/login', { user: 'marco', pin: '135790' })).status, 'the next login').to.equal(401);
      await until(async () => (await marco.get('/api/me')).status === 401, 'the removed chef’s session ended');
      const logged = async () =>
        (await readFile(join(dir, 'floor', 'access.jsonl'), 'utf8'))
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as { kind: string; user: string })
          .map((e) => `${e.kind} ${e.user}`);
      await until(async () => (await logged()).includes('session-revoked marco'), 'the revoked session in the access log');
      expect(await logged()).to.include.members(['login marco', 'login-failed marco', 'session-revoked marco']);
    });

    it('refuses the old PIN at once after a change, takes the new one, and ends the old session', async () => {
      const f = await start();
      const sara = new Client(f.url);
      await sara.login('sara', '246801');
      const file = JSON.parse(await readFile(usersFile, 'utf8')) as UsersFile;
      await writeUsersFile(usersFile, setPin(file, 'sara', '864200'));
      expect((await new Client(f.url).post('/api/login', { user: 'sara', pin: '246801' })).status, 'the old PIN').to.equal(401);
      await new Client(f.url).login('sara', '864200');
      await until(async () => (await sara.get('/api/me')).status === 401, 'the old session ended');
    });
  });

  describe('its sessions and access log', () => {
    it('ends at start the session of a chef removed while the floor was stopped', async () => {
      let f = await start();
      const marco = new Client(f.url);
      await marco.login('marco', '135790');
      await f.close();
      const file = JSON.parse(await readFile(usersFile, 'utf8')) as UsersFile;
      await writeUsersFile(usersFile, removeUser(file, 'marco'));
      f = await start({ port: Number(new URL(f.url).port) });
      // Before any request: the start itself ended it, on disk and in the access log.
      expect(await readFile(join(dir, 'floor', 'sessions.json'), 'utf8')).not.to.include('marco');
      expect(await readFile(join(dir, 'floor', 'access.jsonl'), 'utf8')).to.include('"kind":"session-revoked"');
      expect((await marco.get('/api/me')).status).to.equal(401);
    });

    it('keeps a session across a restart, and records who logged in and what they exported', async () => {
      let f = await start();
      const marco = new Client(f.url);
      await marco.login('marco', '135790');
      f = await start({ port: Number(new URL(f.url).port) });
      expect((await marco.get('/api/me')).body).to.include({ user: 'marco', role: 'chef', site: 'floor' });
      expect((await marco.get(`/api/tables/T1/shoes/${shoe.shoe}/log`)).status).to.equal(200);
      const seen = await marco.get('/api/access-log');
      expect(seen.status).to.equal(200);
      const entries = seen.body.entries as { kind: string; user: string; what?: string; shoe?: string }[];
      expect(entries.map((e) => `${e.kind} ${e.user}`)).to.include('login marco');
      expect(entries.find((e) => e.kind === 'export')).to.include({ user: 'marco', what: 'shoe-log', shoe: shoe.shoe });
    });

    // a table refused these with 403 (API.md "Same origin"); the floor's, under /api/tables/:table/, were served (outside floor pass 44, F6)
    it("refuses a table's exports asked by another site's page, records none, and serves them from its own page or a typed address", async () => {
      const f = await start();
      const marco = new Client(f.url);
      await marco.login('marco', '135790');
      const before = (await marco.get('/api/access-log')).body.entries.filter((e: { kind: string }) => e.kind === 'export').length;
      for (const x of ['log', 'settlement.csv', 'report.html']) {
        const path = `/api/tables/T1/shoes/${shoe.shoe}/${x}`;
        for (const site of ['cross-site', 'same-site']) expect((await marco.get(path, { 'sec-fetch-site': site })).status, `${x} ${site}`).to.equal(403);
        expect((await marco.get(path, { referer: 'http://evil.example/' })).status, `${x} from another page`).to.equal(403);
        expect((await marco.get(path, { 'sec-fetch-site': 'same-origin' })).status, `${x} same-origin`).to.equal(200);
        expect((await marco.get(path, { 'sec-fetch-site': 'none' })).status, `${x} typed`).to.equal(200);
      }
      const after = (await marco.get('/api/access-log')).body.entries.filter((e: { kind: string }) => e.kind === 'export').length;
      expect(after - before, 'only the six served recorded').to.equal(6);
    });
  });

  describe('over HTTPS', () => {
    it('serves TLS with a certificate it is given, and marks its cookie Secure', async () => {
      const { cert, key } = makeCertificate(dir);
      const settings = await floorSettings(['--central', central, '--data', join(dir, 'floor'), '--tls-cert', cert, '--tls-key', key], {});
      const f = await start({ tls: settings.tls!, port: 0 });
      expect(f.url).to.match(/^https:\/\/127\.0\.0\.1:\d+$/);
      const ca = await readFile(cert);
      const login = await send(f.url, '/api/login', { ca, method: 'POST', body: { user: 'sara', pin: '246801' } });
      expect(login.status).to.equal(200);
      const cookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []).find((c) => c.startsWith('tq_session='))!;
      expect(cookie)
        .to.match(/;\s*Secure/i)
        .and.to.match(/HttpOnly/i);
      expect((await send(f.url, '/api/me', { ca, cookie: cookie.split(';')[0]! })).status).to.equal(200);
      await send(f.url.replace('https:', 'http:'), '/api/me').then(
        (a) => expect(a.status, 'plain HTTP on the TLS port').to.not.equal(200),
        (e: unknown) => expect(e).to.be.instanceOf(Error),
      );
    });

    it('answers only the host names it is told, besides addresses and localhost', async () => {
      let f = await start();
      expect((await send(f.url, '/api/me', { host: 'floor.casino.example' })).status).to.equal(421);
      f = await start({ allowedHosts: ['floor.casino.example'] });
      expect((await send(f.url, '/api/me', { host: 'floor.casino.example' })).status).to.equal(401);
    });
  });

  describe('tq floor as its systemd unit runs it', () => {
    it('serves HTTPS in production from its environment, drops a removed user, and stops on SIGTERM with exit 0', async () => {
      const { cert, key } = makeCertificate(dir);
      const floorDir = join(dir, 'floor');
      const proc = spawn(
        process.execPath,
        ['--import', TSX, TQ, 'floor', '--port', '0', '--tls-cert', cert, '--tls-key', key, '--allowed-hosts', 'floor.casino.example'],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, NODE_ENV: 'production', TQ_CENTRAL: central, TQ_FLOOR_DATA: floorDir, TQ_USERS: usersFile, TQ_LOG_LEVEL: 'warn' },
        },
      );
      child = proc;
      let out = '';
      proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
      proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
      const url = await until(() => /the surveillance room on (https:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1], 'the floor listening', 30_000, 100);
      const ca = await readFile(cert);
      const login = await send(url, '/api/login', { ca, method: 'POST', body: { user: 'marco', pin: '135790' } });
      expect(login.status, login.body).to.equal(200);
      const cookie = ([] as string[])
        .concat(login.headers['set-cookie'] ?? [])
        .find((c) => c.startsWith('tq_session='))!
        .split(';')[0]!;
      expect((await send(url, '/api/me', { ca, cookie, host: 'floor.casino.example' })).status).to.equal(200);
      const removed = await runCommand(usersCommand, ['remove', 'marco', '--users', usersFile]);
      expect(removed.status, removed.err).to.equal(0);
      expect((await send(url, '/api/login', { ca, method: 'POST', body: { user: 'marco', pin: '135790' } })).status).to.equal(401);
      await until(async () => (await send(url, '/api/me', { ca, cookie })).status === 401, 'the session of the removed chef ended');
      proc.kill('SIGTERM');
      const [code] = (await once(proc, 'exit')) as [number | null];
      expect(code, out).to.equal(0);
      expect(JSON.parse(await readFile(join(floorDir, 'sessions.json'), 'utf8'))).to.be.an('object');
      expect(await readFile(join(floorDir, 'access.jsonl'), 'utf8')).to.include('"kind":"session-revoked"');
    });
  });

  describe('tq floor settings', () => {
    it('listens on loopback by default, keeps its files in its own directory, and reads --allowed-hosts', async () => {
      const s = await floorSettings(['--central', central, '--data', '/srv/floor', '--allowed-hosts', 'Floor.Casino.example,floor'], {});
      expect(s).to.include({ host: '127.0.0.1', dataDir: '/srv/floor', usersFile: '/srv/floor/users.json' });
      expect(s.allowedHosts).to.deep.equal(['floor.casino.example', 'floor']);
    });

    it('refuses plain HTTP beyond loopback with NODE_ENV=production, unless --allow-http', async () => {
      const production = { NODE_ENV: 'production' };
      const lan = ['--central', central, '--host', '192.168.1.20'];
      const refused = await floorSettings(lan, production).catch((e: unknown) => e);
      expect(refused).to.be.instanceOf(ConfigError);
      expect((refused as Error).message).to.match(/plain HTTP on 192\.168\.1\.20.*--tls-cert and --tls-key/);
      expect((await floorSettings([...lan, '--allow-http'], production)).host).to.equal('192.168.1.20');
      expect((await floorSettings(['--central', central], production)).host).to.equal('127.0.0.1');
    });

    it('takes the command line and environment of the unit in docs/deploy.md, in production', async () => {
      const doc = await readFile(new URL('../../../docs/deploy.md', import.meta.url), 'utf8');
      const unit = /`\/etc\/systemd\/system\/tq-floor\.service`:\s*\n+```ini\n([\s\S]*?)```/.exec(doc)![1]!;
      const env = Object.fromEntries([...unit.matchAll(/^Environment=(\w+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]));
      const argv = /^ExecStart=\S+ \S+tq-bin\.js floor (.*)$/m.exec(unit)![1]!.split(' ');
      const { cert, key } = makeCertificate(dir);
      const files: Record<string, string> = { '/etc/tq-floor/tls.crt': cert, '/etc/tq-floor/tls.key': key };
      const s = await floorSettings(
        argv.map((a) => files[a] ?? a),
        { ...env, TQ_CENTRAL: central },
      );
      expect(env).to.include({ NODE_ENV: 'production' });
      expect(s).to.deep.include({ host: '0.0.0.0', dataDir: env.TQ_FLOOR_DATA, tls: { certFile: cert, keyFile: key }, allowedHosts: ['floor.casino.example'] });
    });

    it('says how to make the users file when there is none', async () => {
      const r = await runCommand(floorCommand, ['--central', central, '--data', join(dir, 'nowhere')]);
      expect(r.status).to.equal(2);
      expect(r.err).to.include(`tq users add <name> --role <surveillance|chef> --users ${join(dir, 'nowhere', 'users.json')}`);
      expect(r.err).not.to.match(/scrypt/);
    });
  });
});
