/** A worker entry for spawn-worker.test.ts that uses import.meta, which a CommonJS bundle would leave empty. */
import { parentPort } from 'node:worker_threads';

parentPort!.postMessage(import.meta.url);
