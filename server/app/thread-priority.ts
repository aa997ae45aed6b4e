/**
 * Lowers the CPU priority of the calling thread only (Linux: `setpriority`
 * on its thread id, found at /proc/thread-self). The HTTP worker does so at
 * start: on a busy machine the scheduler then runs the card thread first, and
 * threads the HTTP side starts (upload and verify workers) inherit its
 * priority (server/app/README.md#the-card-side-and-the-http-side). Raising a
 * nice value needs no privilege; where there is no /proc it does nothing.
 */
import { readdirSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** The nice value of the HTTP side's threads (0 is the card thread's, 19 the lowest). */
export const HTTP_SIDE_NICE = 10;

export function lowerThisThread(nice = HTTP_SIDE_NICE): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return null;
    setPriority(tid, nice);
    return tid;
  } catch {
    return null;
  }
}

/**
 * Keeps every other thread of this process below the calling one, the card
 * thread: V8's platform threads (garbage collection and compilation for every
 * isolate, the HTTP side's and the upload workers' included), libuv's pool,
 * and whatever starts later (the pool grows on first use; a sweep every
 * `everyMs` lowers it). Those threads start at the card thread's priority, so
 * the HTTP side's garbage was collected on equal terms with card→ACK
 * (server/app/README.md#the-card-side-and-the-http-side). The card path
 * itself needs none of them: its file and serial I/O are made on its own
 * thread (server/store/shoe-file.ts, server/serial/on-thread-binding.ts).
 * Returns the stop of the sweep.
 */
export function keepOtherThreadsLower(nice = HTTP_SIDE_NICE, everyMs = 5_000): () => void {
  const sweep = () => {
    let tasks: string[];
    try {
      tasks = readdirSync('/proc/self/task');
    } catch {
      return; // no /proc: nothing to do
    }
    for (const task of tasks) {
      const tid = Number(task);
      if (tid === process.pid) continue;
      try {
        if (getPriority(tid) < nice) setPriority(tid, nice);
      } catch {
        // the thread ended meanwhile
      }
    }
  };
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
