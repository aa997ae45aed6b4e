/**
 * The shoes of one table verified in full for `tq verify --central`
 * (docs/central-store.md#verification), on every core: this thread only
 * reads — batches of shoes streamed out with COPY (copy-rows.ts), one read at
 * a time, so the pool's other connection stays free for the late check — and
 * worker threads (verify-central-worker.ts, started by the same runner as the
 * data directory's verify, server/worker/batch-workers.ts) decode, hash,
 * replay and check the seals. Until a worker is ready, and for whatever a
 * failed worker left, this thread verifies batches itself.
 */
import { availableParallelism } from 'node:os';
import type pg from 'pg';
import type { ReplayFn } from '../store/verify-shoe.ts';
import { BatchCursor, runBatchWorkers, verifyOnThreads, type BatchSource } from '../worker/batch-workers.ts';
import { copyShoeRows } from './copy-rows.ts';
import type { Seal } from './seal.ts';
import { verifyCentralBatch, type CentralBatch, type CentralBatchContext, type CentralShoeResult } from './verify-central-batch.ts';

/** Shoes per batch: ~2.4 MB of lines, a COPY of ~0.1 s. */
const BATCH = 25;
/**
 * Fewer shoes than this per thread are not worth starting a worker for: a worker's start costs ~0.3 s of CPU, and at
 * 100 a day's 100 new shoes against yesterday's anchor took 2.0–2.6 s on two workers, 1.1–1.2 s on this thread alone.
 */
const SHOES_PER_THREAD = 400;

const WORKER = new URL(import.meta.url.endsWith('.ts') ? './verify-central-worker.ts' : './verify-central-worker.js', import.meta.url);

export interface ThreadOptions {
  /** Threads verifying; above one they are workers. Default: one per core when there are enough shoes. */
  threads?: number;
  /** Shoes per batch (default 25). */
  batch?: number;
  /** Whether this thread verifies batches until a worker is ready (default true; false lets a test see the workers' verdicts alone). */
  helpUntilReady?: boolean;
  /** Filled in: how many shoes the workers verified. */
  counts?: { byWorkers: number };
}

/**
 * `ids`: the table's shoes in id order; the results come back in that order.
 * `withReplay`: `replay` is the rules engine's (or false), which the workers
 * load themselves; a replay function of the caller's cannot be sent to a worker:
 * then this thread does it all.
 */
export async function verifyCentralShoes(
  db: pg.Pool,
  context: CentralBatchContext,
  ids: readonly string[],
  replay: ReplayFn | false,
  withReplay: boolean,
  opts: ThreadOptions = {},
): Promise<CentralShoeResult[]> {
  const threads = opts.threads ?? Math.min(availableParallelism(), Math.ceil(ids.length / SHOES_PER_THREAD));
  const queue = new CentralBatches(db, context.table, ids, opts.batch ?? BATCH);
  const workers =
    (replay !== false && !withReplay) || threads <= 1
      ? null
      : (onReady: () => void) => runBatchWorkers(WORKER, { context, withReplay: replay !== false }, queue, threads, onReady);
  const byWorkers = await verifyOnThreads(queue, async (start) => verifyCentralBatch(context, await queue.read(start), replay), workers, opts.helpUntilReady);
  if (opts.counts) opts.counts.byWorkers += byWorkers;
  return queue.results.flat();
}

/** The table's shoes in batches, read out one batch at a time, in the order asked for. */
class CentralBatches extends BatchCursor implements BatchSource<CentralShoeResult> {
  readonly results: CentralShoeResult[][];
  /** The read before the next one: reads wait for each other, never for a connection. */
  #reading: Promise<unknown> = Promise.resolve();

  constructor(
    readonly db: pg.Pool,
    readonly table: string,
    readonly ids: readonly string[],
    size: number,
  ) {
    super(ids.length, size);
    this.results = new Array<CentralShoeResult[]>(Math.ceil(ids.length / size)).fill([]);
  }

  read(start: number): Promise<CentralBatch> {
    const shoes = this.ids.slice(start, start + this.size);
    const read = this.#reading.then(() => readBatch(this.db, this.table, shoes));
    this.#reading = read.catch(() => undefined);
    return read;
  }

  async message(start: number): Promise<{ message: CentralBatch; transfer: ArrayBuffer[] }> {
    const batch = await this.read(start);
    return { message: batch, transfer: [batch.rows.buffer as ArrayBuffer] };
  }

  keep(start: number, results: readonly CentralShoeResult[]): void {
    this.results[start / this.size] = [...results];
  }
}

async function readBatch(db: pg.Pool, table: string, shoes: readonly string[]): Promise<CentralBatch> {
  const first = shoes[0]!;
  const last = shoes.at(-1)!;
  const rows = await copyShoeRows(db, table, first, last);
  const r = await db.query<{ shoe_id: string; i: number; head: string; at: Date; final: boolean; sig: string }>(
    'SELECT shoe_id, i, head, at, final, sig FROM seals WHERE table_id = $1 AND shoe_id >= $2 AND shoe_id <= $3 ORDER BY shoe_id, i',
    [table, first, last],
  );
  const seals: Record<string, Seal[]> = {};
  for (const s of r.rows) (seals[s.shoe_id] ??= []).push({ i: s.i, head: s.head, at: s.at.toISOString(), final: s.final, sig: s.sig });
  return { shoes, rows, seals };
}
