/**
 * The demo's "pull a card" is a message round trip the route awaits, not a
 * wait that freezes the HTTP side (server/app/README.md#the-card-side-and-the-http-side):
 * while the card side takes its time answering a pull, every other request
 * on the HTTP worker is still answered. The card side here is slow on
 * purpose (its simulator holds the main thread 1.8 s), so the other requests
 * come from a separate process that times them itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { expect } from 'chai';
import { pino } from 'pino';
import { RecordReader } from '../../../server/app/record-reader.ts';
import { RemoteTable, SIM_DEAL_WAIT_MS } from '../../../server/app/remote-table.ts';
import type { HttpMessage } from '../../../server/app/table-protocol.ts';
import { startTableServer, type RunningTable } from '../../../server/app/table-server.ts';
import { serverConfig } from '../../../server/config/server-config.ts';
import { createDemoUsers } from '../../../server/http/users.ts';
import { Client } from '../http/support/client.ts';

const HELD_MS = 1800;

/** Asks GET /api/me every 25 ms for `ms`, then prints each answer's [sent, answered] wall-clock times as JSON. */
const PROBE = `
const [url, cookie, ms] = process.argv.slice(1);
const times = [];
console.log('ready');
const end = Date.now() + Number(ms);
while (Date.now() < end) {
  const sent = Date.now();
  const res = await fetch(url + '/api/me', { headers: { cookie } });
  await res.text();
  if (res.status !== 200) throw new Error('GET /api/me answered ' + res.status);
  times.push([sent, Date.now()]);
  await new Promise((r) => setTimeout(r, 25));
}
console.log(JSON.stringify(times));
`;

describe('the demo pull on a table server with its HTTP worker', function () {
  this.timeout(30_000);
  let dir: string | undefined;
  let server: RunningTable | undefined;
  let probe: ChildProcess | undefined;

  afterEach(async () => {
    if (probe && probe.exitCode === null) probe.kill('SIGKILL');
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
    probe = server = dir = undefined;
  });

  it('leaves the other requests answered while the card side is slow to answer a pull', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tq-sim-deal-'));
    const config = await serverConfig(
      { data: dir, serial: `/dev/ttyTQSIM${process.pid}`, 'mock-serial': true, port: '0', host: '127.0.0.1', 'log-level': 'silent' },
      {},
    );
    const held: { from: number; to: number }[] = [];
    const simulator = {
      deal: () => {
        // A card side busy for HELD_MS before it answers (a slow disk, a busy event loop).
        const from = Date.now();
        while (Date.now() - from < HELD_MS);
        held.push({ from, to: Date.now() });
        return false;
      },
    };
    const usersFile = join(dir, 'users.json');
    const users = await createDemoUsers(usersFile);
    server = await startTableServer({ config, users, usersFile, logger: pino({ level: 'silent' }), clientDir: '/nonexistent', simulator });
    const tailleur = new Client(server.url);
    await tailleur.login('tailleur', '1111');

    probe = spawn(process.execPath, ['--input-type=module', '-e', PROBE, server.url, tailleur.cookie!, String(HELD_MS + 1500)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines = createInterface({ input: probe.stdout! });
    const output: string[] = [];
    const ready = new Promise<void>((resolve) =>
      lines.on('line', (l) => {
        output.push(l);
        if (l === 'ready') resolve();
      }),
    );
    const exited = new Promise<number | null>((resolve) => probe!.once('exit', resolve));
    await ready;

    const pull = await tailleur.post('/api/sim/deal');
    expect(pull.status).to.equal(200);
    expect(pull.body).to.include({ dealt: false, stored: false, whyCode: 'SIM_NO_CARD' });
    expect(pull.body.why).to.match(/no card to deal/);

    expect(await exited).to.equal(0);
    const times = JSON.parse(output.at(-1)!) as [number, number][];
    const [{ from, to }] = held as [{ from: number; to: number }];
    const during = times.filter(([, answered]) => answered > from && answered < to);
    const slowest = Math.max(...times.map(([sent, answered]) => answered - sent));
    expect(during.length, `GET /api/me answered during the ${to - from} ms the card side was busy`).to.be.at.least(5);
    expect(slowest, 'the slowest GET /api/me, ms').to.be.below(HELD_MS / 2);
  });
});

describe("the HTTP side's simulated shuffler", () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  async function remoteWith(answer: (m: HttpMessage, remote: RemoteTable) => void): Promise<RemoteTable> {
    dir = await mkdtemp(join(tmpdir(), 'tq-sim-remote-'));
    const remote: RemoteTable = new RemoteTable('T1', (m) => answer(m, remote), await RecordReader.open(dir));
    remote.receive({ kind: 'hello', events: [], link: { connected: true, alerts: [] }, simulator: true });
    await remote.ready;
    return remote;
  }

  it("answers the card side's word: dealt or not", async () => {
    const asked: unknown[] = [];
    const remote = await remoteWith((m, r) => {
      if (m.kind !== 'call') return;
      asked.push(m.args[0]);
      queueMicrotask(() => r.receive({ kind: 'result', id: m.id, ok: true, value: m.args[0] === true }));
    });
    expect(await remote.simulator()!.deal(true)).to.equal(true);
    expect(await remote.simulator()!.deal()).to.equal(false);
    expect(asked).to.deep.equal([true, false]);
  });

  it('says nothing was dealt when the card side does not answer in time', async function () {
    this.timeout(SIM_DEAL_WAIT_MS + 5000);
    const remote = await remoteWith(() => {});
    const started = Date.now();
    expect(await remote.simulator()!.deal()).to.equal(false);
    expect(Date.now() - started).to.be.at.least(SIM_DEAL_WAIT_MS - 50);
  });
});
