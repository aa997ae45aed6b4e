/**
 * A worker thread on an ES module of this project that must keep
 * `import.meta` (it starts workers of its own, or finds files beside it), so
 * it cannot be bundled into one CommonJS script as spawn-worker.ts does. Built
 * (.js), the module is the entry; from TypeScript, the worker first registers
 * tsx's loader, then imports the module (~0.8 s to start: for long-lived
 * workers such as the HTTP side of a table server, server/app/http-supervisor.ts).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** tsx's ES module API (its `exports["./esm/api"].import`), found from its package.json: run through tsx, this file may be CommonJS. */
function tsxEsmApi(): string {
  const pkg = createRequire(import.meta.url).resolve('tsx/package.json');
  return pathToFileURL(join(dirname(pkg), 'dist/esm/api/index.mjs')).href;
}

export function spawnModuleWorker(entry: URL, options: WorkerOptions = {}): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, options);
  const tsx = tsxEsmApi();
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(boot, { ...options, eval: true });
}
