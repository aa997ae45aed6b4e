/**
 * Keeps the HTTP side (http-worker.ts) running beside the card side: starts
 * the worker, wires it to the card side (card-host.ts), and when it dies —
 * a crash, an out-of-memory, a kill — starts it again on the same port while
 * the card side goes on dealing (server/app/README.md#the-card-side-and-the-http-side).
 */
import type { Logger } from 'pino';
import type { Worker } from 'node:worker_threads';
import type { SimulatedShuffler } from '../http/command-routes.ts';
import { spawnModuleWorker } from '../worker/spawn-module-worker.ts';
import { hostCard, type CardHost } from './card-host.ts';
import type { CardSide } from './card-side.ts';
import type { HttpWorkerData } from './http-side.ts';
import type { HttpMessage } from './table-protocol.ts';

const ENTRY = new URL(import.meta.url.endsWith('.ts') ? './http-worker.ts' : './http-worker.js', import.meta.url);
/**
 * The HTTP side's heap: a runaway request that fills it ends the worker
 * (ERR_WORKER_OUT_OF_MEMORY, then a restart), never the card side's process.
 */
export const HTTP_SIDE_HEAP_MB = 1024;
/** Longest wait for the HTTP side to close cleanly before it is stopped. */
const CLOSE_WAIT_MS = 10_000;

export interface HttpSupervisorOptions {
  side: CardSide;
  data: HttpWorkerData;
  logger: Logger;
  simulator?: SimulatedShuffler;
}

export interface HttpSupervisor {
  /** Where the HTTP side listens (the same across restarts). */
  readonly url: string;
  /** The worker running now (tests stop it to see the card side go on). */
  readonly worker: Worker;
  /** How many times the HTTP side was started again after dying. */
  readonly restarts: number;
  /** Resolves when the HTTP side listens again after its `restarts`-th restart. */
  listening(): Promise<string>;
  close(): Promise<void>;
}

export async function superviseHttp(o: HttpSupervisorOptions): Promise<HttpSupervisor> {
  const { logger } = o;
  let data = o.data;
  let closing = false;
  let restarts = 0;
  let current: { worker: Worker; host: CardHost; listening: Promise<string>; closed: Promise<void> };

  const start = () => {
    const worker = spawnModuleWorker(ENTRY, { workerData: data, resourceLimits: { maxOldGenerationSizeMb: HTTP_SIDE_HEAP_MB } });
    const host = hostCard({ side: o.side, post: (m) => worker.postMessage(m), logger, ...(o.simulator && { simulator: o.simulator }) });
    let onListening: (url: string) => void = () => {};
    let onFailed: (e: Error) => void = () => {};
    let onClosed: () => void = () => {};
    const listening = new Promise<string>((resolve, reject) => {
      onListening = resolve;
      onFailed = reject;
    });
    listening.catch(() => undefined);
    const closed = new Promise<void>((resolve) => (onClosed = resolve));
    let lastError: Error | undefined;
    worker.on('message', (m: HttpMessage) => {
      if (m.kind === 'listening') onListening(m.url);
      else if (m.kind === 'closed') onClosed();
      else host.receive(m);
    });
    worker.on('error', (e) => {
      lastError = e;
      logger.error({ err: e }, 'the HTTP side failed');
    });
    worker.on('exit', (code) => {
      host.detach();
      onClosed();
      onFailed(lastError ?? new Error(`the HTTP side stopped (exit ${code}) before it listened`));
      if (closing) return;
      logger.error({ code }, 'the HTTP side stopped: starting it again; the card side deals on');
      const delay = Math.min(5000, 100 * 2 ** Math.min(restarts, 6));
      setTimeout(() => {
        if (closing) return;
        restarts++;
        start();
        current.listening.catch((e: unknown) => logger.error({ err: e }, 'the HTTP side did not start again'));
      }, delay).unref();
    });
    current = { worker, host, listening, closed };
  };

  start();
  let url: string;
  try {
    url = await current!.listening;
  } catch (e) {
    closing = true;
    await current!.worker.terminate();
    throw e;
  }
  // A restart listens where the first start did (port 0 in tests becomes the port bound).
  data = { ...data, port: Number(new URL(url).port) };
  logger.info({ url }, 'the HTTP side listens');

  return {
    url,
    get worker() {
      return current.worker;
    },
    get restarts() {
      return restarts;
    },
    listening: () => current.listening,
    async close() {
      closing = true;
      const { worker, closed, host } = current;
      // Events still queued go first: the witness seals the head it has seen when it closes.
      host.drain();
      worker.postMessage({ kind: 'close' });
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([closed, new Promise((r) => (timer = setTimeout(r, CLOSE_WAIT_MS)))]);
      clearTimeout(timer);
      await worker.terminate();
    },
  };
}
