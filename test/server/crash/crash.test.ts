/**
 * The crash test of the durable record (docs/serial-protocol.md#cards):
 * `tq serve` and the shuffler simulator, two processes joined by a PTY pair.
 * The server is killed with SIGKILL at 20 instants of one shoe, picked by a
 * seeded PRNG (a step of the crew's play, then 0–15 ms into it: before,
 * during or after the fsync of a card or a command), and started again on the
 * same data directory each time. The simulator keeps running and resends
 * every card not acknowledged; the crew (tailleur and payeur, over the HTTP
 * API) reads back from the table what was stored and carries on.
 *
 * At the end the stored shoe holds every dealt card once, in order, and the
 * same events and settlement as an uninterrupted run of the same crew on the
 * same shoe; verify finds the hash chain and the rules intact.
 */
import { expect } from 'chai';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { replayShoe } from '../../../shoe/replay.ts';
import type { ShoeEvent } from '../../../shoe/events.ts';
import { run as verify } from '../../../server/cli/commands/verify.ts';
import { createDemoUsers } from '../../../server/http/users.ts';
import type { PtyPair } from '../../../server/serial/pty-pair.ts';
import { mulberry32 } from '../../../server/simulator/seeded-random.ts';
import { shuffledShoe } from '../../../server/simulator/shuffled-shoe.ts';
import { TableStore } from '../../../server/store/table-store.ts';
import { TSX } from '../../../server/demo/demo-shuffler.ts';
import { HttpCrew, type Answer } from './http-crew.ts';
import { bundleServe, freePort, ServerProcess } from './server-process.ts';
import { nextMove, type Move } from './shoe-driver.ts';
import { uninterruptedRun } from './uninterrupted-run.ts';
import { ptyPairOrSkip } from '../../support/pty.ts';
import { until } from '../../support/until.ts';
import { spawnTracked } from '../../support/tracked-children.ts';

const TQ = fileURLToPath(new URL('../../../server/cli/tq.ts', import.meta.url));
/** TQ_CRASH_SEED replays the test with other kill instants and another shoe. */
const SEED = Number(process.env.TQ_CRASH_SEED ?? 2024);
const KILLS = 20;
const CARDS = 312;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What two runs must agree on: the events without their time, place in the file, hashes, shoe id and line faults. */
function comparable(events: readonly object[]): object[] {
  return (events as (ShoeEvent & Record<string, unknown>)[])
    .filter((e) => e.type !== 'fault')
    .map(({ at: _at, i: _i, prev: _prev, hash: _hash, ...rest }) => (rest.type === 'shoe' ? { ...rest, shoe: '-' } : rest));
}

function settlement(events: readonly object[]) {
  const { state } = replayShoe(events as ShoeEvent[]);
  return {
    coups: state.coups.map((c) => ({ coup: c.coup, status: c.status, call: c.call, settlement: c.settlement })),
    prison: state.prison,
    release: state.release,
    // the end as written, less when: the two runs ran at different times
    end: state.end && { ...state.end, at: undefined },
  };
}

describe('crash safety: tq serve killed with SIGKILL 20 times during a shoe', function () {
  this.timeout(120_000);
  let pair: PtyPair | null = null;
  let dir = '';
  let bundleDir = '';
  let server: ServerProcess | null = null;
  let shuffler: ChildProcess | null = null;

  before(async function () {
    pair = await ptyPairOrSkip(this);
    dir = await mkdtemp(join(tmpdir(), 'tq-crash-'));
    await createDemoUsers(join(dir, 'users.json'));
  });

  after(async () => {
    if (shuffler && shuffler.exitCode === null) shuffler.kill('SIGKILL');
    await server?.kill();
    await pair?.close();
    for (const d of [dir, bundleDir]) if (d) await rm(d, { recursive: true, force: true });
  });

  it('loses no acknowledged card or command, doubles none, and settles as an uninterrupted run', async () => {
    const bundle = await bundleServe();
    bundleDir = join(bundle, '..');
    const port = await freePort();
    server = new ServerProcess(bundle, ['--serial', pair!.hostPath, '--data', dir, '--port', String(port), '--host', '127.0.0.1', '--log-level', 'info']);
    await server.start();

    const sim = spawnTracked(process.execPath, ['--import', TSX, TQ, 'shuffler', '--port', pair!.shufflerPath, '--seed', String(SEED), '--resend-ms', '100'], {
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    shuffler = sim;
    let simLog = '';
    sim.stderr!.setEncoding('utf8').on('data', (t: string) => (simLog += t));
    await until(
      () => {
        if (sim.exitCode !== null) throw new Error(`the shuffler exited:\n${simLog}`);
        return simLog.includes('press Enter');
      },
      'the shuffler to start',
      15_000,
    );

    const crew = new HttpCrew(`http://127.0.0.1:${port}`);
    const random = mulberry32(`crash/${SEED}`);
    const killAt = new Set<number>();
    while (killAt.size < KILLS) killAt.add(5 + Math.floor(random() * 370));
    let pulled = 0;
    let steps = 0;
    const deadline = Date.now() + 100_000;

    const perform = (move: Move): Promise<Answer | null> => {
      switch (move.kind) {
        case 'pull':
          pulled++;
          sim.stdin!.write('\n');
          return Promise.resolve(null);
        case 'open':
          return crew.open();
        case 'confirm':
          return crew.confirm(move.coup);
        case 'bet':
          return crew.bet(move.bet);
        case 'wait':
        case 'done':
          return Promise.resolve(null);
        default: {
          const never: never = move;
          throw new Error(`unknown move ${JSON.stringify(never)}`);
        }
      }
    };

    for (;;) {
      if (Date.now() > deadline) throw new Error(`no end after ${steps} steps, ${pulled} cards pulled`);
      const view = await crew.view();
      if (view === null) throw new Error('the server does not answer');
      const move = nextMove(view, pulled, CARDS);
      if (move.kind === 'done') break;
      if (move.kind === 'wait') {
        await sleep(2);
        continue;
      }
      steps++;
      const answer = perform(move);
      if (killAt.has(steps)) {
        await sleep(Math.floor(random() * 16)); // the kill lands at a random moment of the request, not a wait before an assertion
        await server.kill();
        await answer;
        await server.start();
        continue;
      }
      const a = await answer;
      if (a && !a.ok) throw new Error(`${move.kind} refused with no crash: ${JSON.stringify(a)}`);
    }
    expect(server.starts).to.equal(KILLS + 1);
    expect(server.log.filter((l) => l.includes('shoe rebuilt from the store'))).to.have.length(KILLS);
    expect(await server.stop()).to.equal(0);
    const simCode = sim.exitCode ?? ((await once(sim, 'exit')) as [number | null])[0];
    expect(simCode, simLog.slice(-1000)).to.equal(0);

    const store = await TableStore.open(dir);
    const [entry] = store.listShoes();
    const stored = await store.readShoe(entry!.id);
    await store.close();

    const dealt = shuffledShoe(SEED).map((c, k) => ({ seq: k + 1, card: c.card }));
    expect(stored.flatMap((e) => (e.type === 'card' ? [{ seq: e.seq, card: e.card }] : []))).to.deep.equal(dealt);
    const reference = await uninterruptedRun(SEED);
    expect(comparable(stored)).to.deep.equal(comparable(reference));
    expect(settlement(stored)).to.deep.equal(settlement(reference));
    expect(settlement(stored).coups.filter((c) => c.settlement.length > 0).length).to.be.greaterThan(20);

    let out = '';
    const code = await verify(['--data', dir], { stdout: { write: (t: string) => (out += t) }, stderr: { write: (t: string) => (out += t) } });
    expect(code, out).to.equal(0);
  });
});
