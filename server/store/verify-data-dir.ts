/**
 * Verifying every shoe of a data directory (`verifyDataDir`, goal ≥
 * 2,000 shoes/s). Shoes are independent: with enough of them, one worker
 * thread per core takes small batches from one queue that this thread hands
 * out; with few, this thread verifies them alone.
 */
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { readdir } from 'node:fs/promises';
import { BatchCursor, runBatchWorkers, verifyOnThreads, type BatchSource } from '../worker/batch-workers.ts';
import { shoeFilePath, shoeIdOfFile, shoesDir } from './data-dir.ts';
import { replayShoe } from '../../shoe/replay.ts';
import { readIndexData, type TableIndexData } from './table-index.ts';
import type { ReplayFn, ShoeVerdict } from './verify-shoe.ts';
import { verifyShoeFiles, type VerifyJob } from './verify-shoe-file.ts';
import { otherShoeProblems } from './verify-shuffler-shoe.ts';

export interface VerifyDataDirOptions {
  /** Verify only this shoe. */
  shoe?: string;
  /** A replay function (runs in this thread), false for the chain only; default: the rules engine's (shoe/replay.ts). */
  replay?: ReplayFn | false;
  /** Threads verifying; above one they are workers and this thread hands out batches. Default: one per core when there are enough shoes. */
  threads?: number;
}

export interface DataDirVerdict {
  shoes: number;
  ok: boolean;
  results: ShoeVerdict[];
  /** Why index.json could not be used; the shoe files are verified anyway. */
  indexProblem?: string;
}

/** Fewer shoes than this per thread are not worth starting a worker for. */
const SHOES_PER_THREAD = 100;
const BATCH = 8;

export async function verifyDataDir(dataDir: string, opts: VerifyDataDirOptions = {}): Promise<DataDirVerdict> {
  const index = await readIndexData(dataDir);
  const entries = 'data' in index ? index.data.shoes : [];
  const byId = new Map(entries.map((e) => [e.id, e]));
  let jobs: VerifyJob[];
  if (opts.shoe !== undefined) {
    jobs = [{ shoe: opts.shoe, ...(byId.has(opts.shoe) && { entry: byId.get(opts.shoe)! }) }];
  } else {
    const files = (await readdir(shoesDir(dataDir)).catch(() => [])).map(shoeIdOfFile).filter((id) => id !== null);
    const unlisted = files.filter((id) => !byId.has(id)).sort();
    jobs = [...entries.map((entry) => ({ shoe: entry.id, entry })), ...unlisted.map((shoe) => ({ shoe }))];
  }

  const replay = opts.replay ?? replayShoe;
  // A replay function given by the caller cannot be sent to a worker: then this thread does it all.
  const threads = typeof opts.replay === 'function' ? 1 : (opts.threads ?? Math.min(availableParallelism(), Math.ceil(jobs.length / SHOES_PER_THREAD)));
  const verdicts = threads > 1 ? await shared(dataDir, jobs, threads, replay) : await verifyShoeFiles(dataDir, jobs, replay);
  const results = withOtherShoes(verdicts);

  const indexProblems = 'data' in index && opts.shoe === undefined ? await indexAgainstFiles(dataDir, index.data) : [];
  const indexProblem = 'problem' in index ? index.problem : indexProblems.length > 0 ? indexProblems.join('; ') : undefined;
  return {
    shoes: results.length,
    ok: results.every((r) => r.ok) && indexProblem === undefined,
    results,
    ...(indexProblem !== undefined && { indexProblem }),
  };
}

/** One shuffler shoe named by two table shoes is a problem of the later (verify-shuffler-shoe.ts); the serials leave the verdicts. */
function withOtherShoes(verdicts: readonly ShoeVerdict[]): ShoeVerdict[] {
  const found = otherShoeProblems(verdicts);
  return verdicts.map(({ serials: _, ...v }, k) => {
    const more = found.get(k);
    return more === undefined ? v : { ...v, ok: false, problems: [...v.problems, ...more] };
  });
}

/**
 * What the index says against what the shoe files say: each ended shoe's end
 * reason, every ended shoe listed, and `currentShoe` naming the one shoe not
 * ended (the server resumes that one). An edited index keeps its own shape,
 * so only this comparison shows it.
 */
async function indexAgainstFiles(dataDir: string, data: TableIndexData): Promise<string[]> {
  const problems: string[] = [];
  const listed = new Set(data.shoes.map((e) => e.id));
  const files = (await readdir(shoesDir(dataDir)).catch(() => [])).map(shoeIdOfFile).filter((id) => id !== null);
  for (const entry of data.shoes) {
    if (entry.endReason === undefined) continue;
    const end = lastEnd(dataDir, entry.id);
    if (end !== undefined && end !== entry.endReason) problems.push(`shoe ${entry.id}: the index says it ended "${entry.endReason}", its file says "${end}"`);
  }
  for (const id of files) if (!listed.has(id) && lastEnd(dataDir, id) !== undefined) problems.push(`shoe ${id} ended but the index does not list it`);
  const inPlay = data.shoes.filter((e) => e.endedAt === undefined).map((e) => e.id);
  const current = data.currentShoe;
  if (current !== null && data.shoes.find((e) => e.id === current)?.endedAt !== undefined) {
    problems.push(`currentShoe is ${current}, which has ended; the shoe in play is ${inPlay.join(', ') || 'none'}`);
  } else if (inPlay.length > 0 && (inPlay.length > 1 || inPlay[0] !== current)) {
    problems.push(`currentShoe is ${String(current)}; the shoes not ended are ${inPlay.join(', ')}`);
  }
  return problems;
}

/** Bytes read from the end of a file to find its last line; a longer last line is read whole. */
const TAIL_BYTES = 4096;

/**
 * The reason of the file's last line when it is an `end`. Only the file's
 * tail is read: verify has just read every file once, and reading each whole
 * again here cost as much as verifying it.
 */
function lastEnd(dataDir: string, id: string): string | undefined {
  let last: string;
  try {
    last = lastLine(shoeFilePath(dataDir, id));
  } catch {
    return undefined;
  }
  try {
    const event = JSON.parse(last) as { type?: unknown; reason?: unknown };
    return event.type === 'end' && typeof event.reason === 'string' ? event.reason : undefined;
  } catch {
    return undefined;
  }
}

/** The last line of a file that is not blank, without its newline: from the tail, or the whole file when the tail holds no line start. */
function lastLine(path: string): string {
  let text: string;
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const length = Math.min(size, TAIL_BYTES);
    const tail = Buffer.alloc(length);
    readSync(fd, tail, 0, length, size - length);
    text = tail.toString('utf8').trimEnd();
    if (!text.includes('\n') && length < size) text = readFileSync(path, 'utf8').trimEnd();
  } finally {
    closeSync(fd);
  }
  return text.slice(text.lastIndexOf('\n') + 1);
}

/** Shoes waiting to be verified, handed out in batches; verdicts put back in job order. */
export class BatchQueue extends BatchCursor implements BatchSource<ShoeVerdict> {
  readonly results: ShoeVerdict[];

  constructor(readonly jobs: readonly VerifyJob[]) {
    super(jobs.length, BATCH);
    this.results = new Array<ShoeVerdict>(jobs.length);
  }

  batch(start: number): VerifyJob[] {
    return this.jobs.slice(start, start + BATCH);
  }

  message(start: number): { message: { jobs: VerifyJob[] } } {
    return { message: { jobs: this.batch(start) } };
  }

  keep(start: number, verdicts: readonly ShoeVerdict[]): void {
    verdicts.forEach((v, k) => (this.results[start + k] = v));
  }
}

/**
 * `threads` workers take batches from one queue while this thread hands them
 * out: measured here, two workers verify 1.3–2.2× this thread alone, but this
 * thread plus a worker barely beat it (its turns go to dispatching). Until
 * the first worker is ready (its script bundled and loaded, ~0.3 s), and for
 * what a failed worker hands back, this thread verifies batches itself
 * (server/worker/batch-workers.ts, verifyOnThreads).
 */
async function shared(dataDir: string, jobs: readonly VerifyJob[], threads: number, replay: ReplayFn | false): Promise<ShoeVerdict[]> {
  const queue = new BatchQueue(jobs);
  await verifyOnThreads(
    queue,
    (start) => verifyShoeFiles(dataDir, queue.batch(start), replay),
    (onReady) => runWorkers(dataDir, queue, threads, replay !== false, onReady),
  );
  return queue.results;
}

/** Runs `count` verify workers on the queue until it is empty; `onReady` is called when the first can take work. Resolves with the verdicts they gave. */
export function runWorkers(dataDir: string, queue: BatchQueue, count: number, withReplay: boolean, onReady = () => {}): Promise<number> {
  return runBatchWorkers(VERIFY_WORKER, { dataDir, withReplay }, queue, count, onReady);
}

const VERIFY_WORKER = new URL(import.meta.url.endsWith('.ts') ? './verify-worker.ts' : './verify-worker.js', import.meta.url);
