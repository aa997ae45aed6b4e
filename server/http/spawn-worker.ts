/**
 * Starts a worker thread on a module of this project, whether it runs built
 * (.js) or from TypeScript through tsx: a worker inherits no loader hooks, so
 * under tsx it registers tsx before importing its entry (as the verify
 * workers of server/store/verify-data-dir.ts do).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function spawnWorker(entry: URL, options: WorkerOptions = {}): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, options);
  const code = `import(${JSON.stringify(tsxApiUrl())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(code, { ...options, eval: true });
}

let tsxApi: string | undefined;

/** The ESM entry of tsx's API (`tsx/esm/api`), found through its package.json exports. */
function tsxApiUrl(): string {
  if (tsxApi) return tsxApi;
  const pkgPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return (tsxApi = pathToFileURL(join(dirname(pkgPath), pkg.exports['./esm/api']!.import.default)).href);
}
