/** A worker for the pool's tests: waits, spins, fails, or tells its own nice value, as each task asks. */
import { readFileSync } from 'node:fs';
import { serveTasks } from '../../../../server/worker/pool-worker.ts';

export type PoolTestTask = { kind: 'spin'; ms: number } | { kind: 'fail' } | { kind: 'nice' };

serveTasks((task: PoolTestTask): number => {
  switch (task.kind) {
    case 'spin': {
      const end = Date.now() + task.ms;
      while (Date.now() < end);
      return task.ms;
    }
    case 'fail':
      throw new Error('asked to fail');
    case 'nice': {
      const stat = readFileSync('/proc/thread-self/stat', 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    }
    default:
      return task satisfies never;
  }
});
