/**
 * The worker pool (server/worker/worker-pool.ts) that keeps uploads' replays
 * off the server's thread: a bounded queue, a
 * CPU-time limit that ends the stuck worker, a lower priority per thread.
 */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { WAIT_FACTOR, WorkerPool, WorkerPoolError } from '../../../server/worker/worker-pool.ts';
import type { PoolTestTask } from './support/pool-test-worker.ts';
import { until } from '../../support/until.ts';

const ENTRY = new URL('./support/pool-test-worker.ts', import.meta.url);
const THEN_EXIT = fileURLToPath(new URL('./support/pool-then-exit.ts', import.meta.url));

describe('worker pool', function () {
  this.timeout(30_000);
  let pool: WorkerPool<PoolTestTask, number>;
  afterEach(() => pool?.close());

  it('runs tasks on its workers, each thread at the nice value asked', async () => {
    pool = new WorkerPool(ENTRY, { size: 2, queue: 4, timeLimitMs: 5000, nice: 7 });
    expect(await Promise.all([pool.run({ kind: 'nice' }), pool.run({ kind: 'nice' })])).to.deep.equal([7, 7]);
    expect(pool.counts.workers).to.be.at.most(2);
  });

  it('puts its workers in the SCHED_IDLE class when asked, and leaves them in the normal one otherwise', async () => {
    pool = new WorkerPool(ENTRY, { size: 1, queue: 4, timeLimitMs: 5000, nice: 10, idle: true });
    expect(await pool.run({ kind: 'policy' })).to.equal(5);
    expect(await pool.run({ kind: 'nice' })).to.equal(10);
    await pool.close();
    pool = new WorkerPool(ENTRY, { size: 1, queue: 4, timeLimitMs: 5000, nice: 10 });
    expect(await pool.run({ kind: 'policy' })).to.equal(0);
  });

  it('refuses a task beyond the queue at once, and fails a task whose worker throws', async () => {
    pool = new WorkerPool(ENTRY, { size: 1, queue: 2, timeLimitMs: 5000, nice: 0 });
    await pool.run({ kind: 'spin', ms: 1 });
    // One running on the worker, two waiting: the queue is full.
    const running = [pool.run({ kind: 'spin', ms: 300 }), pool.run({ kind: 'spin', ms: 1 }), pool.run({ kind: 'spin', ms: 1 })];
    const refused = await pool.run({ kind: 'spin', ms: 1 }).catch((e: unknown) => e);
    expect(refused).to.be.instanceOf(WorkerPoolError);
    expect((refused as WorkerPoolError).code).to.equal('POOL_BUSY');
    expect(await Promise.all(running)).to.deep.equal([300, 1, 1]);
    const failed = await pool.run({ kind: 'fail' }).catch((e: unknown) => e);
    expect((failed as Error).message).to.equal('asked to fail');
  });

  it('ends a worker past the time limit and runs the next task on a fresh one', async () => {
    pool = new WorkerPool(ENTRY, { size: 1, queue: 2, timeLimitMs: 200, nice: 0 });
    const stuck = pool.run({ kind: 'spin', ms: 5000 }).catch((e: unknown) => e);
    const next = pool.run({ kind: 'spin', ms: 5 });
    const error = await stuck;
    expect((error as WorkerPoolError).code).to.equal('POOL_TIME_LIMIT');
    expect((error as WorkerPoolError).message).to.equal('the task used more than 200 ms of CPU');
    expect(await next).to.equal(5);
  });

  // a niced worker waits for the core while the card path wants it: a legal upload must not fail for having waited
  it('bounds the CPU time a task uses, not the time it waits: past the limit asleep, it still ends', async () => {
    pool = new WorkerPool(ENTRY, { size: 1, queue: 2, timeLimitMs: 200, nice: 0 });
    expect(await pool.run({ kind: 'sleep', ms: 600 })).to.equal(600);
  });

  it('ends a task that waits more than WAIT_FACTOR times its limit, whatever CPU it used', async () => {
    pool = new WorkerPool(ENTRY, { size: 1, queue: 2, timeLimitMs: 100, nice: 0 });
    const error = await pool.run({ kind: 'sleep', ms: 100 * WAIT_FACTOR + 2000 }).catch((e: unknown) => e);
    expect((error as WorkerPoolError).code).to.equal('POOL_TIME_LIMIT');
    expect((error as WorkerPoolError).message).to.match(/^the task took more than 600 ms \(\d+ ms of CPU\)$/);
  });

  // an idle worker held its process (and mocha after its summary) for its whole idleMs; one unref'd while working ended a task's await
  it('holds its process while a task runs, and lets it exit as soon as its workers only wait for work', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', THEN_EXIT], { timeout: 20_000 });
    // the pool's idle workers live 60 s: a process that waited for them would have been killed at 20 s
    expect(stdout).to.equal('1\n');
  });

  // of two workers started for two tasks, the first often ran both before the second was ready: that one waited for good
  it('ends a worker that comes ready with nothing left to do once it has been idle idleMs, as any other', async () => {
    for (let k = 0; k < 5; k++) {
      pool = new WorkerPool(ENTRY, { size: 2, queue: 4, timeLimitMs: 5000, nice: 0, idleMs: 100 });
      await Promise.all([pool.run({ kind: 'spin', ms: 0 }), pool.run({ kind: 'spin', ms: 0 })]);
      await until(async () => pool.counts.workers === 0, `round ${k}: every worker ended after idleMs`, 5000);
      await pool.close();
    }
  });
});
