/**
 * The calling thread's identity and CPU time as Linux keeps them, and its move
 * into the SCHED_IDLE class, for the upload workers (worker-pool.ts).
 *
 * A SCHED_IDLE thread runs only when no normal thread wants the core. On a
 * loaded machine, under ten parallel uploads, a card's acknowledgement waited on
 * a niced worker's time slice (card→ACK p99 157 ms at nice 19, against 19–41 ms
 * for SCHED_IDLE; test/bench/card-path.bench.ts, uploads). On an idle machine
 * it bought nothing and its max was worse, so the upload pool does not ask for
 * it (server/http/upload-check.ts); the pool's `idle` option keeps it at hand.
 * Node has no binding for sched_setscheduler(2): `chrt --idle --pid 0 <tid>`
 * (util-linux) sets it for this one thread, at the cost of a fork.
 */
import { execFileSync } from 'node:child_process';
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

/** Puts this thread in SCHED_IDLE; false when it could not (no chrt, not Linux): it then runs at its nice value. */
export function idleThisThread(): boolean {
  const tid = osThreadId();
  if (tid === null) return false;
  try {
    execFileSync('chrt', ['--idle', '--pid', '0', String(tid)], { stdio: 'ignore', timeout: 2000 });
    return true;
  } catch {
    return false;
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
