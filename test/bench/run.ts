/**
 * `npm run bench`: runs every test/bench/*.bench.ts present (engine, serial,
 * store, http — each written by its owner), calling each module's exported
 * `bench…` functions one after the other, so timings do not overlap, each in
 * a process of its own. Prints each module's figures as a table, then all of
 * them as one JSON line.
 * Benchmarks are never tests: nothing here passes or fails on speed.
 */
import { fork } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Figures = Record<string, unknown>;

const folder = new URL('./', import.meta.url);
const modules = readdirSync(folder)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();

function table(name: string, figures: Figures): string {
  const entries = Object.entries(figures);
  const width = Math.max(...entries.map(([k]) => k.length), 10);
  const show = (v: unknown) => (typeof v === 'number' ? v.toLocaleString('en', { maximumFractionDigits: 3 }) : JSON.stringify(v));
  return [`${name}`, ...entries.map(([k, v]) => `  ${k.padEnd(width)}  ${show(v).padStart(14)}`)].join('\n');
}

/**
 * One bench function in a child process of its own: V8's state left by one
 * bench (compiled code shaped by other callers, a grown heap) changed the
 * next one's figures by up to half, so each starts from a fresh process and
 * the figures do not depend on the order they run in.
 */
function inChild(file: string, key: string): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [file, key], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let figures: Figures | undefined;
    child.on('message', (m: { figures: Figures } | { error: string }) => {
      if ('error' in m) reject(new Error(m.error));
      else figures = m.figures;
    });
    child.on('error', reject);
    child.on('exit', (code) => (figures ? resolve(figures) : reject(new Error(`${file} ${key}: the bench process exited with ${code} and no figures`))));
  });
}

async function benchesOf(file: string): Promise<[string, () => Promise<Figures>][]> {
  const mod = (await import(new URL(file, folder).href)) as Record<string, unknown>;
  const benches = Object.entries(mod).filter(([key, f]) => key.startsWith('bench') && typeof f === 'function');
  if (benches.length === 0) throw new Error(`${file} exports no bench… function`);
  return benches as [string, () => Promise<Figures>][];
}

const [childFile, childKey] = process.argv.slice(2);
if (childFile !== undefined && childKey !== undefined) {
  try {
    const bench = (await benchesOf(childFile)).find(([key]) => key === childKey);
    if (bench === undefined) throw new Error(`${childFile} has no ${childKey}`);
    process.send!({ figures: (await bench[1]()) ?? {} });
  } catch (e) {
    process.send!({ error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
  process.disconnect!();
} else {
  const all: Record<string, Figures> = {};
  let failed = false;
  for (const file of modules) {
    const name = file.slice(0, -'.bench.ts'.length);
    try {
      const benches = await benchesOf(file);
      for (const [key] of benches) {
        const label = benches.length === 1 ? name : `${name}.${key}`;
        const figures = await inChild(file, key);
        all[label] = figures;
        process.stdout.write(`${table(label, figures)}\n\n`);
      }
    } catch (e) {
      failed = true;
      all[name] = { error: e instanceof Error ? e.message : String(e) };
      process.stderr.write(`${name}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n\n`);
    }
  }
  process.stdout.write(`${JSON.stringify(all)}\n`);
  if (failed) process.exitCode = 1;
}
