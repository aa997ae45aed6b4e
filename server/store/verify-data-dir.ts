/**
 * Verifying every shoe of a data directory (`verifyDataDir`, goal ≥
 * 2,000 shoes/s). Shoes are independent: with enough of them, one worker
 * thread per core takes small batches from one queue that this thread hands
 * out; with few, this thread verifies them alone.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { readdir } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { shoeFilePath, shoeIdOfFile, shoesDir } from './data-dir.ts';
import { replayShoe } from '../../shoe/replay.ts';
import { readIndexData, type TableIndexData } from './table-index.ts';
import type { ReplayFn, ShoeVerdict } from './verify-shoe.ts';
import { verifyShoeFiles, type VerifyJob } from './verify-shoe-file.ts';

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
  const results = threads > 1 ? await shared(dataDir, jobs, threads, replay) : await verifyShoeFiles(dataDir, jobs, replay);

  const indexProblems = 'data' in index && opts.shoe === undefined ? await indexAgainstFiles(dataDir, index.data) : [];
  const indexProblem = 'problem' in index ? index.problem : indexProblems.length > 0 ? indexProblems.join('; ') : undefined;
  return {
    shoes: results.length,
    ok: results.every((r) => r.ok) && indexProblem === undefined,
    results,
    ...(indexProblem !== undefined && { indexProblem }),
  };
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

/** The reason of the file's last line when it is an `end`. */
function lastEnd(dataDir: string, id: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(shoeFilePath(dataDir, id), 'utf8');
  } catch {
    return undefined;
  }
  const last = text.trimEnd().slice(text.trimEnd().lastIndexOf('\n') + 1);
  try {
    const event = JSON.parse(last) as { type?: unknown; reason?: unknown };
    return event.type === 'end' && typeof event.reason === 'string' ? event.reason : undefined;
  } catch {
    return undefined;
  }
}

/** Shoes waiting to be verified, handed out in batches; verdicts put back in job order. */
export class BatchQueue {
  readonly results: ShoeVerdict[];
  #next = 0;
  readonly #handedBack: number[] = [];

  constructor(readonly jobs: readonly VerifyJob[]) {
    this.results = new Array<ShoeVerdict>(jobs.length);
  }

  /** The start of the next batch, or undefined when none is left. */
  take(): number | undefined {
    if (this.#handedBack.length > 0) return this.#handedBack.pop();
    if (this.#next >= this.jobs.length) return undefined;
    const start = this.#next;
    this.#next += BATCH;
    return start;
  }

  batch(start: number): VerifyJob[] {
    return this.jobs.slice(start, start + BATCH);
  }

  handBack(start: number): void {
    this.#handedBack.push(start);
  }

  keep(start: number, verdicts: readonly ShoeVerdict[]): void {
    verdicts.forEach((v, k) => (this.results[start + k] = v));
  }
}

/**
 * `threads` workers take batches from one queue while this thread only hands
 * them out: measured here, two workers verify ~1.8× one, but this thread plus
 * a worker barely beat this thread alone (its turns go to dispatching). A
 * worker that fails hands its batch back, and this thread verifies what is
 * left at the end.
 */
async function shared(dataDir: string, jobs: readonly VerifyJob[], threads: number, replay: ReplayFn | false): Promise<ShoeVerdict[]> {
  const queue = new BatchQueue(jobs);
  await runWorkers(dataDir, queue, threads, replay !== false);
  for (let start = queue.take(); start !== undefined; start = queue.take()) queue.keep(start, await verifyShoeFiles(dataDir, queue.batch(start), replay));
  return queue.results;
}

/** Runs `count` workers on the queue until it is empty; a worker that fails hands its batch back. */
export async function runWorkers(dataDir: string, queue: BatchQueue, count: number, withReplay: boolean): Promise<void> {
  const workers = Array.from({ length: count }, () => spawn(dataDir, withReplay));
  const work = (worker: Worker) =>
    new Promise<void>((resolve) => {
      let holding: number | undefined;
      const give = () => {
        holding = queue.take();
        if (holding === undefined) return resolve();
        worker.postMessage({ start: holding, jobs: queue.batch(holding) });
      };
      const fail = () => {
        if (holding !== undefined) queue.handBack(holding);
        holding = undefined;
        resolve();
      };
      worker.on('message', (m: { start: number; results: ShoeVerdict[] } | { ready: true } | { error: string }) => {
        if ('error' in m) return fail();
        if ('results' in m) {
          queue.keep(m.start, m.results);
          holding = undefined;
        }
        give();
      });
      worker.on('error', fail);
      worker.on('exit', fail);
    });
  try {
    await Promise.all(workers.map(work));
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

function spawn(dataDir: string, withReplay: boolean): Worker {
  const workerData = { dataDir, withReplay };
  const url = new URL(import.meta.url.endsWith('.ts') ? './verify-worker.ts' : './verify-worker.js', import.meta.url);
  if (!url.pathname.endsWith('.ts')) return new Worker(url, { workerData });
  // Run from TypeScript (tsx): a worker inherits no loader hooks, so it registers tsx before its entry.
  const code = `import(${JSON.stringify(tsxApiUrl())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(code, { eval: true, workerData });
}

/** The ESM entry of tsx's API (`tsx/esm/api`), found through its package.json exports. */
function tsxApiUrl(): string {
  const pkgPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(join(dirname(pkgPath), pkg.exports['./esm/api']!.import.default)).href;
}
