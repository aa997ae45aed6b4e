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

/**
 * Where the next batch starts, over `length` items `size` at a time: a batch
 * handed back by a failed worker is taken again first. The queues of both
 * verifies extend it with how a batch is read and where its results go.
 */
export class BatchCursor {
  #next = 0;
  readonly #handedBack: number[] = [];

  constructor(
    readonly length: number,
    readonly size: number,
  ) {}

  /** The start of the next batch, or undefined when none is left. */
  take(): number | undefined {
    if (this.#handedBack.length > 0) return this.#handedBack.pop();
    if (this.#next >= this.length) return undefined;
    const start = this.#next;
    this.#next += this.size;
    return start;
  }

  handBack(start: number): void {
    this.#handedBack.push(start);
  }
}

/** Batches a worker holds at once: the next is waiting in its port while it verifies one. */
const HELD = 2;

/**
 * Runs `count` workers of `entry` on the queue until it is empty; `onReady`
 * is called when the first can take work. A worker that fails (or a batch
 * whose message cannot be built) hands its batches back. Resolves with how
 * many results the workers gave.
 */
export async function runBatchWorkers<R>(entry: URL, workerData: unknown, queue: BatchSource<R>, count: number, onReady = () => {}): Promise<number> {
  let given = 0;
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
              given += m.results.length;
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
    return given;
  } finally {
    await Promise.all(started.map((w) => w.then((worker) => worker.terminate()).catch(() => undefined)));
  }
}

/**
 * The queue verified by workers and this thread together: workers take a
 * worker's start (~0.3 s of CPU), so until the first is ready this thread
 * verifies batches itself (`here`), and after them whatever a failed worker
 * handed back. `workers` starts them (null: this thread alone); `helpUntilReady`
 * false leaves the batches to the workers until they end. Resolves with how
 * many results the workers gave.
 */
export async function verifyOnThreads<R>(
  queue: BatchSource<R>,
  here: (start: number) => readonly R[] | Promise<readonly R[]>,
  workers: ((onReady: () => void) => Promise<number>) | null,
  helpUntilReady = true,
): Promise<number> {
  let ready = !helpUntilReady;
  const running = workers?.(() => (ready = true)) ?? null;
  const verify = async (untilReady: boolean) => {
    for (let start = untilReady && ready ? undefined : queue.take(); start !== undefined; start = untilReady && ready ? undefined : queue.take()) {
      queue.keep(start, await here(start));
      if (untilReady) await new Promise(setImmediate); // lets a worker say it is ready
    }
  };
  let byWorkers = 0;
  if (running !== null) {
    await verify(true);
    byWorkers = await running;
  }
  await verify(false);
  return byWorkers;
}
