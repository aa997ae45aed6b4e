/**
 * Starts a worker thread on a module of this project: the verify workers
 * (server/store/verify-data-dir.ts) and the upload reader
 * (server/http/upload-check.ts). Built (.js), the module is the worker's
 * entry. Run from TypeScript through tsx (how `tq`, `npm start` and the tests
 * run), the entry is bundled by esbuild, once per process, into one CommonJS
 * script that the worker runs as eval code: a worker inherits no loader hooks,
 * and registering tsx in each worker, then compiling every module it imports
 * there, took ~0.8 s before two verify workers were ready (measured); bundled,
 * they are ready ~0.15 s after a bundle made once in ~0.16 s, on esbuild's own
 * process.
 */
import { build, stop } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

const bundles = new Map<string, Promise<string>>();
const SERVICE_GONE = /service (is no longer running|was stopped)/;

export async function spawnWorker(entry: URL, options: WorkerOptions = {}): Promise<Worker> {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, options);
  return new Worker(await bundleOf(entry), { ...options, eval: true });
}

/** The entry and everything it imports as one script; a failed bundle is tried again on the next call. */
function bundleOf(entry: URL): Promise<string> {
  let bundle = bundles.get(entry.href);
  if (bundle === undefined) {
    bundle = bundleScript(fileURLToPath(entry));
    bundles.set(entry.href, bundle);
    bundle.catch(() => bundles.delete(entry.href));
  }
  return bundle;
}

/**
 * esbuild answers from one long-lived child process per Node process. If that
 * child has died (killed from outside, out of memory), every later build fails
 * with "The service is no longer running": it is stopped, so the next build
 * starts a new one, and the bundle is tried once more.
 */
async function bundleScript(path: string): Promise<string> {
  const bundle = () => build({ entryPoints: [path], bundle: true, platform: 'node', format: 'cjs', target: 'node20', write: false, logLevel: 'silent' });
  const result = await bundle().catch(async (e: unknown) => {
    if (!SERVICE_GONE.test((e as Error).message)) throw e;
    await stop();
    return bundle();
  });
  // A warning here (import.meta in CommonJS, say) is code that would misbehave in the worker: refuse it.
  const [warning] = result.warnings;
  if (warning !== undefined) throw new Error(`bundling the worker ${path}: ${warning.text}`);
  return result.outputFiles[0]!.text;
}
