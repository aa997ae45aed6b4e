/**
 * A process that runs one task on a pool whose idle workers live a minute,
 * says the result, and ends its script: with nothing else holding it, the
 * process must exit then, not a minute later (worker-pool.test.ts).
 */
import { WorkerPool } from '../../../../server/worker/worker-pool.ts';
import type { PoolTestTask } from './pool-test-worker.ts';

const pool = new WorkerPool<PoolTestTask, number>(new URL('./pool-test-worker.ts', import.meta.url), {
  size: 1,
  queue: 1,
  timeLimitMs: 5000,
  nice: 0,
  idleMs: 60_000,
});
process.stdout.write(`${await pool.run({ kind: 'spin', ms: 1 })}\n`);
