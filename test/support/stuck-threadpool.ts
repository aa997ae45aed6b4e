/**
 * Holds every thread of libuv's pool, the one the whole process shares, the
 * way a burst of slow file reads on the HTTP side would: each thread opens a
 * FIFO for reading and waits there for a writer. `release` lets them go.
 * For the card path's tests: what it does must not wait for that pool.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';

export function stickThreadpool(dir: string): { release: () => Promise<void> } {
  const size = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
  const fifos = Array.from({ length: size }, (_, k) => join(dir, `stuck-${k}`));
  for (const fifo of fifos) execFileSync('mkfifo', [fifo]);
  const stuck = fifos.map((fifo) => open(fifo, 'r'));
  return {
    release: async () => {
      // An open still queued (a pool thread was busy elsewhere) has no reader yet: ENXIO; it gets a writer once a released thread takes it.
      const writers: number[] = [];
      const waiting = new Set(fifos);
      for (const until = Date.now() + 10_000; waiting.size > 0 && Date.now() < until; await new Promise((r) => setTimeout(r, 10))) {
        for (const fifo of [...waiting]) {
          try {
            writers.push(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
            waiting.delete(fifo);
          } catch (e) {
            if ((e as NodeJS.ErrnoException).code !== 'ENXIO') throw e;
          }
        }
      }
      for (const handle of await Promise.all(stuck)) await handle.close();
      for (const fd of writers) closeSync(fd);
    },
  };
}

/** What `work` gives, or 'still waiting' after `ms`. */
export function within<T>(work: Promise<T>, ms: number): Promise<T | 'still waiting'> {
  return Promise.race([work, new Promise<'still waiting'>((r) => setTimeout(() => r('still waiting'), ms))]);
}
