/**
 * Puts the calling thread in Linux's SCHED_IDLE class: it runs only when no
 * normal thread wants the core. An upload's worker at nice 10 still took a
 * share of a core from the card thread on a two-core box (card→ACK p99 10–14 ms
 * during ten uploads against 6–8 ms quiet, server/app/README.md#the-card-side-and-the-http-side);
 * a SCHED_IDLE thread takes none while the card thread is runnable. Node has
 * no call for sched_setscheduler, so util-linux's `chrt` sets it by the
 * thread's id, once, when the worker starts. Where there is no `chrt` or no
 * /proc the thread keeps its nice value only, and says so by returning false.
 */
import { execFileSync } from 'node:child_process';
import { osThreadId } from './thread-cpu.ts';

export function idleThisThread(): boolean {
  const tid = osThreadId();
  if (tid === null) return false;
  try {
    execFileSync('chrt', ['--idle', '--pid', '0', String(tid)], { stdio: 'ignore', timeout: 2_000 });
    return true;
  } catch {
    return false;
  }
}
