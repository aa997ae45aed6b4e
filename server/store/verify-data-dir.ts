/**
 * Verifying every shoe of a data directory (issue: `verifyDataDir`, goal ≥
 * 2,000 shoes/s). Shoes are independent, so they are shared among worker
 * threads, one per core, in small batches handed to whichever is free. A
 * replay function given by the caller cannot cross to a worker: it runs here.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { readdir } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { shoeIdOfFile, shoesDir } from './data-dir.ts';
import { loadDefaultReplay } from './default-replay.ts';
import { readIndexData, type ShoeIndexEntry } from './table-index.ts';
import type { ReplayFn, ShoeVerdict } from './verify-shoe.ts';
import { verifyShoeFile } from './verify-shoe-file.ts';

export interface VerifyDataDirOptions {
  /** Verify only this shoe. */
  shoe?: string;
  /** A replay function (runs in this thread), false for the chain only; default: shoe/replay.ts. */
  replay?: ReplayFn | false;
  /** Worker threads; default one per core when there are enough shoes to pay for starting them. */
  threads?: number;
}

export interface DataDirVerdict {
  shoes: number;
  ok: boolean;
  results: ShoeVerdict[];
  /** Why index.json could not be used; the shoe files are verified anyway. */
  indexProblem?: string;
}

export interface VerifyJob {
  shoe: string;
  entry?: ShoeIndexEntry;
}

/** Below this many shoes starting workers costs more than it saves. */
const SHOES_PER_WORKER_START = 200;
const BATCH = 16;

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

  const threads = typeof opts.replay === 'function' ? 1 : (opts.threads ?? Math.min(availableParallelism(), Math.floor(jobs.length / SHOES_PER_WORKER_START)));
  const results =
    threads > 1
      ? await inWorkers(dataDir, jobs, threads, opts.replay !== false)
      : await inThisThread(dataDir, jobs, opts.replay === undefined ? await loadDefaultReplay() : opts.replay);

  return {
    shoes: results.length,
    ok: results.every((r) => r.ok) && !('problem' in index),
    results,
    ...('problem' in index && { indexProblem: index.problem }),
  };
}

export async function inThisThread(dataDir: string, jobs: readonly VerifyJob[], replay: ReplayFn | false): Promise<ShoeVerdict[]> {
  const results: ShoeVerdict[] = [];
  for (const job of jobs) results.push(await verifyShoeFile(dataDir, job.shoe, job.entry, replay));
  return results;
}

/** Batches go to whichever worker is free; results are put back in job order. */
async function inWorkers(dataDir: string, jobs: readonly VerifyJob[], threads: number, withReplay: boolean): Promise<ShoeVerdict[]> {
  const results: ShoeVerdict[] = new Array(jobs.length);
  let next = 0;
  const spawn = (): Worker => {
    const workerData = { dataDir, withReplay };
    const url = new URL(import.meta.url.endsWith('.ts') ? './verify-worker.ts' : './verify-worker.js', import.meta.url);
    if (!url.pathname.endsWith('.ts')) return new Worker(url, { workerData });
    // Run from TypeScript (tsx): a worker inherits no loader hooks, so it registers tsx before its entry.
    const code = `import(${JSON.stringify(tsxApiUrl())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); })`;
    return new Worker(code, { eval: true, workerData });
  };

  const run = (worker: Worker) =>
    new Promise<void>((resolve, reject) => {
      const give = () => {
        if (next >= jobs.length) return resolve();
        const start = next;
        next = Math.min(jobs.length, next + BATCH);
        worker.postMessage({ start, jobs: jobs.slice(start, next) });
      };
      worker.on('message', (m: { start: number; results: ShoeVerdict[] } | { ready: true } | { error: string }) => {
        if ('error' in m) return reject(new Error(m.error));
        if ('results' in m) m.results.forEach((r, k) => (results[m.start + k] = r));
        give();
      });
      worker.on('error', reject);
      worker.on('exit', (code) => (next < jobs.length || code !== 0 ? reject(new Error(`verify worker stopped (${code})`)) : resolve()));
    });

  const workers = Array.from({ length: threads }, spawn);
  try {
    await Promise.all(workers.map(run));
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}

/** The ESM entry of tsx's API (`tsx/esm/api`), found through its package.json exports. */
function tsxApiUrl(): string {
  const pkgPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(join(dirname(pkgPath), pkg.exports['./esm/api']!.import.default)).href;
}
