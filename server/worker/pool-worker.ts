/**
 * The worker's side of worker-pool.ts: lowers this thread's priority first
 * (`workerData.nice`; on Linux `setpriority` on the calling thread touches
 * that thread only; `workerData.idle`, SCHED_IDLE too: idle-thread.ts), says `{ ready: true, tid }`, then answers each task message
 * with `{ ok, value }` or `{ ok: false, message }`, one at a time.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { idleThisThread } from './idle-thread.ts';
import { osThreadId } from './thread-cpu.ts';

export function serveTasks<Task, Result>(handle: (task: Task) => Result): void {
  const { nice = 0, idle = false } = (workerData as { nice?: number; idle?: boolean } | null) ?? {};
  try {
    if (nice > 0) setPriority(0, nice);
  } catch {
    // Refused (a container without the right): the work still runs, at normal priority.
  }
  if (idle) idleThisThread();
  // its kernel thread id, for the pool to bound the CPU time a task takes rather than the time it waits
  parentPort!.postMessage({ ready: true, tid: osThreadId() });
  parentPort!.on('message', (task: Task) => {
    try {
      parentPort!.postMessage({ ok: true, value: handle(task) });
    } catch (e) {
      parentPort!.postMessage({ ok: false, message: e instanceof Error ? e.message : String(e) });
    }
  });
}
