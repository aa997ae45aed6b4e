/**
 * A thread's identity and CPU time as Linux keeps them, for the worker pool
 * (worker-pool.ts) to bound the CPU a task uses rather than the time it waits
 * for a core: an upload's worker runs at nice 10 and, while the card path wants
 * the core, waits.
 */
import { readFileSync, readlinkSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on every Linux this runs on). */
const TICKS_PER_S = 100;

/** This thread's id in the kernel (its /proc/self/task entry), or null off Linux. */
export function osThreadId(): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system, ms) a thread of this process has used, or null once it is gone. */
export function threadCpuMs(tid: number): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of proc(5), in ticks
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
  } catch {
    return null;
  }
}
