/** A worker for the pool's tests: waits, spins, sleeps, fails, or tells its own nice value, as each task asks. */
import { readFileSync } from 'node:fs';
import { serveTasks } from '../../../../server/worker/pool-worker.ts';

export type PoolTestTask = { kind: 'spin'; ms: number } | { kind: 'sleep'; ms: number } | { kind: 'fail' } | { kind: 'nice' } | { kind: 'policy' };

serveTasks((task: PoolTestTask): number => {
  switch (task.kind) {
    case 'spin': {
      const end = Date.now() + task.ms;
      while (Date.now() < end);
      return task.ms;
    }
    case 'sleep':
      // blocked without using the CPU, as a worker waiting for a core is
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, task.ms);
      return task.ms;
    case 'fail':
      throw new Error('asked to fail');
    case 'nice': {
      const stat = readFileSync('/proc/thread-self/stat', 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    }
    case 'policy': {
      // field 41 of proc(5)'s stat: the scheduling policy (0 SCHED_OTHER, 5 SCHED_IDLE)
      const stat = readFileSync('/proc/thread-self/stat', 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38]);
    }
    default:
      return task satisfies never;
  }
});
