/**
 * Found when probed as an attacker: uploaded logs were replayed on the server's
 * thread at every read (a 320 KB log whose shoe line carried 5,000 prison
 * stakes: /state 9.2 s, /report.html 12.5 s; 20,000 refused lines: /verify
 * 2.6 s), and the upload workers ran at normal priority. A log is now read,
 * bounded (prison players count, one carried stake per seat, chance and level),
 * replayed once in a pool of nice-10 workers, and its answers kept.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { UPLOAD_NICE } from '../../server/http/upload-check.ts';
import { MAX_PRISON_LEVEL, VENICE_RULES } from '../../shoe/rules.ts';
import { settleCoup } from '../../shoe/settlement.ts';
import type { Client } from '../server/http/support/client.ts';
import { STALL_LIMIT_MS } from './support/stall.ts';
import { startServer, type TestServer } from '../server/http/support/server.ts';

const NDJSON = { 'content-type': 'application/x-ndjson' };
const ordinary = readFileSync(new URL('../../fixtures/ordinary.jsonl', import.meta.url), 'utf8');
const CHANCES = ['rouge', 'noir', 'couleur', 'inverse'];

/** The ordinary shoe with `prison` on its shoe line. */
function withPrison(prison: object[]): string {
  const [first, ...rest] = ordinary.trimEnd().split('\n');
  return [JSON.stringify({ ...JSON.parse(first!), prison }), ...rest].join('\n');
}

/** Field `k` (0-based, after the command) of a thread's /proc stat, or null once it is gone: 16 its nice value, 38 its policy. */
function statField(tid: string | number, k: number): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[k]);
  } catch {
    return null;
  }
}

const threadNice = (tid: string | number) => statField(tid, 16);
/** proc(5)'s scheduling policy: 0 SCHED_OTHER, 5 SCHED_IDLE. */
const threadPolicy = (tid: string | number) => statField(tid, 38);

/** Nice values of this process's threads, by thread id. */
function threadNices(): Map<string, number> {
  const nices = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const nice = threadNice(tid);
    if (nice !== null) nices.set(tid, nice);
  }
  return nices;
}

describe('security: uploaded logs replayed once, off the main thread', function () {
  this.timeout(60_000);
  let server: TestServer;
  let audit: Client;
  beforeEach(async () => {
    server = await startServer();
    audit = await server.as('surveillance');
  });
  afterEach(() => server.close());

  it('counts the players of the prison stakes a shoe line carries: 5,000 of them is refused', async () => {
    const prison = Array.from({ length: 5000 }, (_, k) => ({ player: `p${k}`, chance: CHANCES[k % 4], amount: 1000, level: 1 }));
    const r = await audit.request('POST', '/api/shoes/open', withPrison(prison), NDJSON);
    expect(r.status, r.text).to.equal(400);
    expect(r.body.message).to.match(/at most 100 players; this one names 50\d\d/);
  });

  it('refuses carried prison stakes beyond the rules: a level past the deepest any house may set, a repeated seat, chance and level', async () => {
    const deep = await audit.request(
      'POST',
      '/api/shoes/open',
      withPrison([{ player: 's1', chance: 'rouge', amount: 1000, level: MAX_PRISON_LEVEL + 1 }]),
      NDJSON,
    );
    expect(deep.status).to.equal(400);
    expect(deep.body.message).to.match(/line 1: "prison\[0\]\.level" must be from 1 to 12/);
    const again = Array.from({ length: 2 }, () => ({ player: 's1', chance: 'rouge', amount: 1000, level: 1 }));
    const twice = await audit.request('POST', '/api/shoes/open', withPrison(again), NDJSON);
    expect(twice.status).to.equal(400);
    expect(twice.body.message).to.match(/line 1: "prison\[1\]" repeats/);
  });

  it(`answers every read of a 20,000-line upload without holding the event loop (no stall of ${STALL_LIMIT_MS} ms; it was seconds)`, async () => {
    const lines = ordinary.trimEnd().split('\n');
    const big = [...lines, ...Array.from({ length: 20_000 - lines.length }, () => '{"type":"open"}')].join('\n');
    const opened = await audit.request('POST', '/api/shoes/open', big, NDJSON);
    expect(opened.status, opened.text).to.equal(201);
    const id = opened.body.id as string;
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const reads = [`/state?at=10000`, '/state', '/report.html', '/report.html?lang=it', '/verify', '/report', '/settlement.csv', '/events', '/log'];
    const answers = await Promise.all([...reads, ...reads].map((path) => audit.get(`/api/shoes/${id}${path}`)));
    delay.disable();
    expect(answers.map((a) => a.status)).to.deep.equal(answers.map(() => 200));
    expect(answers[0]!.body.index).to.equal(10_000);
    expect(answers[4]!.body.problems.some((p: { kind: string }) => p.kind === 'rule')).to.equal(true);
    expect(delay.max / 1e6, 'longest event-loop stall, ms').to.be.below(STALL_LIMIT_MS);
  });

  it(`reads uploads in worker threads at nice ${UPLOAD_NICE} and in the SCHED_IDLE class, the server's thread at its own priority`, async () => {
    const mainBefore = threadNice(process.pid);
    const before = threadNices();
    expect((await audit.request('POST', '/api/shoes/open', ordinary, NDJSON)).status).to.equal(201);
    // by thread id: an idle worker of an earlier test's pool that ends meanwhile no longer hides the new one (a count did, once in five runs)
    const started = [...threadNices()].filter(([tid, nice]) => nice === UPLOAD_NICE && !before.has(tid));
    expect(started.length, 'new threads at the upload nice value').to.be.above(0);
    // a worker yields the core to any normal thread: at nice 10 alone it still took a share from the card thread on two cores
    expect(
      started.map(([tid]) => threadPolicy(tid)).filter((p) => p !== null),
      'the upload workers’ scheduling class',
    ).to.include(5);
    expect(threadPolicy(process.pid), 'the main thread’s class').to.equal(0);
    expect(threadNice(process.pid), 'the main thread keeps the priority it was started with').to.equal(mainBefore);
    expect(mainBefore, 'the main thread').to.be.a('number').and.below(UPLOAD_NICE);
  });
});

describe('security: a settlement with many prison stakes', () => {
  it('settles a coup over 40,000 prison stakes in linear time (a scan per stake was quadratic)', () => {
    const prison = Array.from({ length: 40_000 }, (_, k) => ({
      id: `s${k}`,
      player: `p${k}`,
      chance: 'rouge' as const,
      amount: 1000,
      level: 1,
      choosable: false,
    }));
    const started = performance.now();
    const { prison: next } = settleCoup(1, 'apres', null, [], prison, VENICE_RULES);
    const ms = performance.now() - started;
    expect(next).to.have.length(40_000);
    expect(ms, 'ms for one coup').to.be.below(STALL_LIMIT_MS);
  });
});
