/**
 * `npm run bench`: runs every test/bench/*.bench.ts present (engine, serial,
 * store, http — each written by its owner), calling each module's exported
 * `bench…` functions one after the other, so timings do not overlap. Prints
 * each module's figures as a table, then all of them as one JSON line.
 * Benchmarks are never tests: nothing here passes or fails on speed.
 */
import { readdirSync } from 'node:fs';

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

const all: Record<string, Figures> = {};
let failed = false;
for (const file of modules) {
  const name = file.slice(0, -'.bench.ts'.length);
  try {
    const mod = (await import(new URL(file, folder).href)) as Record<string, unknown>;
    const benches = Object.entries(mod).filter(([key, f]) => key.startsWith('bench') && typeof f === 'function');
    if (benches.length === 0) throw new Error(`${file} exports no bench… function`);
    for (const [key, bench] of benches) {
      const label = benches.length === 1 ? name : `${name}.${key}`;
      const figures = (await (bench as () => Promise<Figures>)()) ?? {};
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
