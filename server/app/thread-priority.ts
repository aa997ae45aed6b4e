/**
 * Lowers the CPU priority of the calling thread only (Linux: `setpriority`
 * on its thread id, found at /proc/thread-self). The HTTP worker does so at
 * start: on a busy machine the scheduler then runs the card thread first, and
 * threads the HTTP side starts (upload and verify workers) inherit its
 * priority (server/app/README.md#the-card-side-and-the-http-side). Raising a
 * nice value needs no privilege; where there is no /proc it does nothing.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

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
