/**
 * Worker threads taking batches from one queue that this thread hands out:
 * the verify of a data directory (server/store/verify-data-dir.ts) and of the
 * central archive (server/central/verify-archive.ts) spread their shoes over
 * every core this way. A worker gets `{ start, ...message }` and answers
 * `{ ready: true }` once, then `{ start, results }` per batch (or `{ error }`).
 */
import type { Worker } from 'node:worker_threads';
import { spawnWorker } from './spawn-worker.ts';

/** What the workers are fed from. */
export interface BatchSource<R> {
  /** The start of the next batch, or undefined when none is left. */
  take(): number | undefined;
  /** The message for the batch at `start`, and the buffers it moves to the worker; built when the batch is taken (it may read a database). */
  message(start: number): { message: object; transfer?: ArrayBuffer[] } | Promise<{ message: object; transfer?: ArrayBuffer[] }>;
  /** A batch a failed worker held: to be taken again. */
  handBack(start: number): void;
  keep(start: number, results: readonly R[]): void;
}

/** Batches a worker holds at once: the next is waiting in its port while it verifies one. */
const HELD = 2;

/**
 * Runs `count` workers of `entry` on the queue until it is empty; `onReady`
 * is called when the first can take work. A worker that fails (or a batch
 * whose message cannot be built) hands its batches back.
 */
export async function runBatchWorkers<R>(entry: URL, workerData: unknown, queue: BatchSource<R>, count: number, onReady = () => {}): Promise<void> {
  const started: Promise<Worker>[] = Array.from({ length: count }, () => spawnWorker(entry, { workerData }));
  const work = (spawned: Promise<Worker>) =>
    spawned.then(
      (worker) =>
        new Promise<void>((resolve) => {
          const holding = new Set<number>();
          let failed = false;
          const fail = () => {
            failed = true;
            for (const start of holding) queue.handBack(start);
            holding.clear();
            resolve();
          };
          const give = () => {
            while (!failed && holding.size < HELD) {
              const start = queue.take();
              if (start === undefined) break;
              holding.add(start);
              Promise.resolve()
                .then(() => queue.message(start))
                .then(({ message, transfer }) => {
                  if (!failed) worker.postMessage({ ...message, start }, transfer ?? []);
                }, fail);
            }
            if (holding.size === 0) resolve();
          };
          worker.on('message', (m: { start: number; results: R[] } | { ready: true } | { error: string }) => {
            if ('error' in m) return fail();
            if ('results' in m) {
              queue.keep(m.start, m.results);
              holding.delete(m.start);
            } else onReady();
            give();
          });
          worker.on('error', fail);
          worker.on('exit', fail);
        }),
      () => undefined, // not started: the batches stay in the queue for the others and this thread
    );
  try {
    await Promise.all(started.map(work));
  } finally {
    await Promise.all(started.map((w) => w.then((worker) => worker.terminate()).catch(() => undefined)));
  }
}
