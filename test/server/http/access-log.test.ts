/**
 * The access log (API.md "Access log"): every login, wrong PIN, lockout,
 * login turned away, logout, and every export or opened log is one JSON line
 * in the data directory with who, when and from where; the chef and
 * surveillance read it and export it as CSV, the tailleur and the payeur
 * cannot.
 */
import { expect } from 'chai';
import { mkdtemp, open, readFile, rm, stat } from 'node:fs/promises';
import sinon from 'sinon';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccessLog } from '../../../server/http/access-log.ts';
import { readFileSync } from 'node:fs';
import { BURN } from './support/cards.ts';
import { startServer, type TestServer } from './support/server.ts';

const FIXTURE = readFileSync(new URL('../../../fixtures/ordinary.jsonl', import.meta.url), 'utf8');

describe('HTTP: the access log', () => {
  let dir: string;
  let file: string;
  let access: AccessLog;
  let server: TestServer;
  let now: number;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tq-access-'));
    file = join(dir, 'access.jsonl');
    now = Date.parse('2026-03-01T21:00:00.000Z');
    access = new AccessLog({ file, now: () => now });
    server = await startServer({ access, login: { now: () => now } });
  });
  afterEach(async () => {
    await server.close();
    await access.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The file's lines, parsed: what a restart or an auditor with the disk would read. */
  const lines = async () =>
    (await readFile(file, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  it('records a login, a wrong PIN and a logout with who, when and from where, one JSON line each in a file only its owner reads', async () => {
    await server.client().post('/api/login', { user: 'payeur', pin: '0000' });
    const payeur = await server.as('payeur');
    await payeur.post('/api/logout');
    expect(await lines()).to.deep.equal([
      { at: '2026-03-01T21:00:00.000Z', address: '127.0.0.1', kind: 'login-failed', user: 'payeur' },
      { at: '2026-03-01T21:00:00.000Z', address: '127.0.0.1', kind: 'login', user: 'payeur', role: 'payeur' },
      { at: '2026-03-01T21:00:00.000Z', address: '127.0.0.1', kind: 'logout', user: 'payeur', role: 'payeur' },
    ]);
    expect((await stat(file)).mode & 0o777).to.equal(0o600);
  });

  it('records the lockout after five wrong PINs, with whose lock and until when', async () => {
    for (let k = 0; k < 5; k++) await server.client().post('/api/login', { user: 'chef', pin: '9999' });
    expect((await server.client().post('/api/login', { user: 'chef', pin: '3333' })).status).to.equal(401);
    const last = (await lines()).at(-1);
    expect(last).to.deep.equal({
      at: '2026-03-01T21:00:00.000Z',
      address: '127.0.0.1',
      kind: 'login-locked',
      user: 'chef',
      scope: 'address-user',
      until: '2026-03-01T21:00:30.000Z',
    });
    expect((await lines()).filter((l) => l.kind === 'login-failed')).to.have.length(5);
  });

  it('records the logins turned away when too many arrive at once (429)', async () => {
    await server.close();
    server = await startServer({ access, login: { now: () => now, maxHashing: 1, maxWaiting: 0 } });
    const answers = await Promise.all(['tailleur', 'payeur', 'chef'].map((user) => server.client().post('/api/login', { user, pin: '000000' })));
    const limited = answers.filter((r) => r.status === 429).length;
    expect(limited).to.be.greaterThan(0);
    expect((await lines()).filter((l) => l.kind === 'login-limited')).to.have.length(limited);
  });

  it('records each export and each opened log: shoe log, settlement CSV, printable report, upload', async () => {
    const tailleur = await server.as('tailleur');
    const shoe = (await tailleur.post('/api/shoe/start')).body.view.shoe as string;
    await server.dealAll(BURN);
    const audit = await server.as('surveillance');
    for (const path of [`/api/shoes/${shoe}/log`, `/api/shoes/${shoe}/settlement.csv`, `/api/shoes/${shoe}/report.html`])
      expect((await audit.get(path)).status).to.equal(200);
    const opened = await audit.request('POST', '/api/shoes/open?name=ordinary.jsonl', FIXTURE, { 'content-type': 'application/x-ndjson' });
    expect(opened.status).to.equal(201);
    await audit.get(`/api/shoes/${shoe}/events`); // read on screen, not taken out: not an export
    const exports = (await lines()).filter((l) => l.kind === 'export').map(({ at: _at, ...rest }) => rest);
    expect(exports).to.deep.equal([
      { address: '127.0.0.1', kind: 'export', user: 'surveillance', role: 'surveillance', what: 'shoe-log', shoe },
      { address: '127.0.0.1', kind: 'export', user: 'surveillance', role: 'surveillance', what: 'settlement-csv', shoe },
      { address: '127.0.0.1', kind: 'export', user: 'surveillance', role: 'surveillance', what: 'report-html', shoe },
      {
        address: '127.0.0.1',
        kind: 'export',
        user: 'surveillance',
        role: 'surveillance',
        what: 'shoe-log-opened',
        shoe: opened.body.id,
        name: 'ordinary.jsonl',
      },
    ]);
  });

  it('shows the log, newest first, to the chef and surveillance only', async () => {
    await server.client().post('/api/login', { user: 'tailleur', pin: '0000' });
    for (const role of ['tailleur', 'payeur'] as const) {
      const c = await server.as(role);
      for (const path of ['/api/access-log', '/api/access-log.csv']) {
        const r = await c.get(path);
        expect(r.status, `${role} ${path}`).to.equal(403);
        expect(r.body.message).to.equal(`the ${role} cannot read the access log`);
      }
    }
    expect((await server.client().get('/api/access-log')).status).to.equal(401);
    const newest = { chef: ['login chef', 'login payeur'], surveillance: ['login surveillance', 'login chef'] };
    for (const role of ['chef', 'surveillance'] as const) {
      const r = await (await server.as(role)).get('/api/access-log?limit=2');
      expect(r.status).to.equal(200);
      expect(r.body.total).to.equal(role === 'chef' ? 4 : 5);
      expect(r.body.entries.map((e: { kind: string; user: string }) => `${e.kind} ${e.user}`)).to.deep.equal(newest[role]);
    }
    expect((await (await server.as('chef')).get('/api/access-log?limit=0')).status).to.equal(400);
  });

  it('exports the whole log as CSV, recording that export, with a typed-in formula defused', async () => {
    await server.client().post('/api/login', { user: '=HYPERLINK("http://x")', pin: '0000' });
    const chef = await server.as('chef');
    const r = await chef.get('/api/access-log.csv');
    expect(r.status).to.equal(200);
    expect(r.headers.get('content-type')).to.match(/^text\/csv/);
    expect(r.headers.get('content-disposition')).to.equal('attachment; filename="access-log.csv"');
    const rows = r.text.trimEnd().split('\r\n');
    expect(rows[0]).to.equal('at,kind,user,role,address,detail');
    expect(rows[1]).to.equal(`2026-03-01T21:00:00.000Z,login-failed,"'=HYPERLINK(""http://x"")",,127.0.0.1,`);
    expect(rows[2]).to.equal('2026-03-01T21:00:00.000Z,login,chef,chef,127.0.0.1,');
    expect(rows[3]).to.equal('2026-03-01T21:00:00.000Z,export,chef,chef,127.0.0.1,access-log-csv');
  });

  it('keeps the entries across a restart, appending after them', async () => {
    await server.as('chef');
    await server.close();
    await access.close();
    access = new AccessLog({ file, now: () => now });
    server = await startServer({ access, login: { now: () => now } });
    const r = await (await server.as('surveillance')).get('/api/access-log');
    expect(r.body.entries.map((e: { user: string }) => e.user)).to.deep.equal(['surveillance', 'chef']);
  });

  it('writes entries recorded at the same moment together, in order, each on disk before it resolves', async () => {
    const probe = await open(join(dir, 'probe'), 'w');
    const fileHandle = Object.getPrototypeOf(probe) as { datasync: () => Promise<void> };
    await probe.close();
    const flushes = sinon.spy(fileHandle, 'datasync');
    try {
      const onDisk: boolean[] = [];
      await Promise.all(
        Array.from({ length: 50 }, (_, k) =>
          access.record({ kind: 'login-limited', user: `guest${k}` }, '10.0.0.1').then(async () => {
            onDisk[k] = (await readFile(file, 'utf8')).includes(`"user":"guest${k}"`);
          }),
        ),
      );
      expect(onDisk.every(Boolean), 'each entry in the file when its record resolves').to.equal(true);
      expect((await lines()).map((l) => l.user)).to.deep.equal(Array.from({ length: 50 }, (_, k) => `guest${k}`));
      expect(flushes.callCount, 'flushes for 50 entries recorded at once').to.be.within(1, 2);
    } finally {
      flushes.restore();
    }
  });
});
