/**
 * A small pool of worker threads on one entry module (pool-worker.ts on the
 * worker's side), for work the server must not do on its own thread: the
 * replay of uploaded shoe logs today (server/http/upload-check.ts), the
 * "worker pool at lower priority" of tomorrow.
 *
 * - At most `size` workers, started when work comes and ended after
 *   `idleMs` without any, so an idle server holds none.
 * - At most `queue` tasks wait; one more is refused at once (`POOL_BUSY`),
 *   so a flood of uploads queues nothing unbounded.
 * - Each task has `timeLimitMs` of CPU time from the moment a worker takes it
 *   (read from /proc for the worker's thread; wall-clock time where it cannot
 *   be read), and `WAIT_FACTOR` times that of wall-clock time; past either,
 *   that worker is ended (whatever it was stuck in) and the task fails
 *   (`POOL_TIME_LIMIT`); the next task starts a fresh worker. CPU time, since
 *   a niced worker may wait for the core as long as the card path wants it:
 *   a legal upload must not fail for having waited.
 * - Lower priority: each worker thread sets its own nice value (`nice`) as it
 *   starts. On Linux a nice value belongs to a thread, so the server's own
 *   thread (serial link, HTTP) keeps its priority and wins the CPU whenever
 *   both want it (ten uploads at normal priority pushed
 *   card→ACK p99 to 2.3–7 s). A worker rather than a child process: no
 *   second Node to start per task, and the results come back by structured
 *   clone; `resourceLimits` bounds each worker's heap, so a hostile log ends
 *   its worker, not the server.
 */
import type { Worker, ResourceLimits } from 'node:worker_threads';
import { threadCpuMs } from './thread-cpu.ts';
import { spawnWorker } from './spawn-worker.ts';

/** A task may wait this many times its CPU limit, in wall-clock time, for a core (a niced worker on a busy machine). */
export const WAIT_FACTOR = 6;
/** How often a running task's CPU time is read. */
const CHECK_EVERY_MS = 100;

export interface PoolOptions {
  size: number;
  queue: number;
  timeLimitMs: number;
  /** Nice value each worker thread takes (0–19; higher is lower priority). */
  nice: number;
  /** Each worker thread also takes Linux's SCHED_IDLE class (idle-thread.ts): it yields the core at once to any normal thread. */
  idle?: boolean;
  idleMs?: number;
  resourceLimits?: ResourceLimits;
}

export class WorkerPoolError extends Error {
  constructor(
    readonly code: 'POOL_BUSY' | 'POOL_TIME_LIMIT' | 'POOL_WORKER_FAILED',
    message: string,
  ) {
    super(message);
  }
}

interface Job {
  task: unknown;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** Told by the worker once it has started (its time limit runs from then, not from its bootstrap). */
  ready: boolean;
  /** The worker's kernel thread id, whose CPU time bounds a task; null where it cannot be read. */
  tid: number | null;
  job: Job | undefined;
  /** The task's time limit: a timeout, or an interval reading its CPU time (clearTimeout ends either). */
  timer: NodeJS.Timeout | undefined;
  idle: NodeJS.Timeout | undefined;
}

export class WorkerPool<Task, Result> {
  readonly #slots = new Set<Slot>();
  readonly #waiting: Job[] = [];
  #starting = 0;
  #closed = false;

  constructor(
    private readonly entry: URL,
    readonly options: PoolOptions,
  ) {}

  /** Runs a task on a worker; rejects with a WorkerPoolError when the pool is full, the time limit passes or the worker dies. */
  run(task: Task): Promise<Result> {
    if (this.#closed) return Promise.reject(new WorkerPoolError('POOL_BUSY', 'the worker pool is closed'));
    if (this.#waiting.length >= this.options.queue) return Promise.reject(new WorkerPoolError('POOL_BUSY', 'too many tasks waiting'));
    return new Promise<Result>((resolve, reject) => {
      this.#waiting.push({ task, resolve: resolve as (v: unknown) => void, reject });
      this.#dispatch();
    });
  }

  /** Workers started and tasks waiting, for tests and the log. */
  get counts(): { workers: number; waiting: number } {
    return { workers: this.#slots.size + this.#starting, waiting: this.#waiting.length };
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#waiting.splice(0)) job.reject(new WorkerPoolError('POOL_BUSY', 'the worker pool is closed'));
    await Promise.all([...this.#slots].map((s) => this.#end(s, new WorkerPoolError('POOL_BUSY', 'the worker pool is closed'))));
  }

  #dispatch(): void {
    for (const slot of this.#slots) if (slot.ready && slot.job === undefined && this.#waiting.length > 0) this.#give(slot, this.#waiting.shift()!);
    const coming = this.#starting + [...this.#slots].filter((s) => !s.ready).length;
    if (this.#waiting.length > coming && this.#slots.size + this.#starting < this.options.size) void this.#start();
  }

  async #start(): Promise<void> {
    this.#starting++;
    try {
      const worker = await spawnWorker(this.entry, {
        workerData: { nice: this.options.nice, idle: this.options.idle === true },
        ...(this.options.resourceLimits && { resourceLimits: this.options.resourceLimits }),
      });
      const slot: Slot = { worker, ready: false, tid: null, job: undefined, timer: undefined, idle: undefined };
      worker.on('message', (m: { ready: true; tid?: number | null } | { ok: true; value: unknown } | { ok: false; message: string }) => {
        if (!('ready' in m)) return this.#settle(slot, m);
        slot.ready = true;
        slot.tid = m.tid ?? null;
        this.#dispatch();
        // ready with nothing left to do (another worker took the tasks while it started): it waits as an idle one, where it
        // stayed for good, holding its process
        if (slot.job === undefined) this.#rest(slot);
      });
      worker.on('error', (e) => void this.#end(slot, new WorkerPoolError('POOL_WORKER_FAILED', e.message)));
      worker.on('exit', () => void this.#end(slot, new WorkerPoolError('POOL_WORKER_FAILED', 'the worker exited')));
      this.#slots.add(slot);
      if (this.#closed) return void this.#end(slot, new WorkerPoolError('POOL_BUSY', 'the worker pool is closed'));
    } catch (e) {
      this.#waiting.shift()?.reject(new WorkerPoolError('POOL_WORKER_FAILED', (e as Error).message));
    } finally {
      this.#starting--;
    }
  }

  #give(slot: Slot, job: Job): void {
    clearTimeout(slot.idle);
    slot.job = job;
    slot.worker.ref();
    const limit = this.options.timeLimitMs;
    const tid = slot.tid;
    const cpuFrom = tid === null ? null : threadCpuMs(tid);
    if (cpuFrom === null) {
      slot.timer = setTimeout(() => void this.#end(slot, new WorkerPoolError('POOL_TIME_LIMIT', `the task took more than ${limit} ms`)), limit);
    } else {
      const from = Date.now();
      slot.timer = setInterval(
        () => {
          const cpu = (threadCpuMs(tid!) ?? cpuFrom) - cpuFrom;
          if (cpu > limit) void this.#end(slot, new WorkerPoolError('POOL_TIME_LIMIT', `the task used more than ${limit} ms of CPU`));
          else if (Date.now() - from > limit * WAIT_FACTOR)
            void this.#end(slot, new WorkerPoolError('POOL_TIME_LIMIT', `the task took more than ${limit * WAIT_FACTOR} ms (${Math.round(cpu)} ms of CPU)`));
        },
        Math.min(CHECK_EVERY_MS, limit),
      );
    }
    slot.worker.postMessage(job.task);
  }

  #settle(slot: Slot, m: { ok: true; value: unknown } | { ok: false; message: string }): void {
    const job = slot.job;
    clearTimeout(slot.timer);
    slot.job = undefined;
    if (m.ok) job?.resolve(m.value);
    else job?.reject(new Error(m.message));
    this.#rest(slot);
    this.#dispatch();
  }

  /** A worker without a task is ended after `idleMs`, and holds the process no longer: an idle one held it its whole `idleMs`. */
  #rest(slot: Slot): void {
    clearTimeout(slot.idle);
    slot.idle = setTimeout(() => void this.#end(slot), this.options.idleMs ?? 10_000);
    slot.idle.unref();
    slot.worker.unref();
  }

  /** Ends a worker, failing its task if it had one. */
  async #end(slot: Slot, why?: Error): Promise<void> {
    if (!this.#slots.delete(slot)) return;
    clearTimeout(slot.timer);
    clearTimeout(slot.idle);
    if (slot.job && why) slot.job.reject(why);
    slot.job = undefined;
    await slot.worker.terminate();
    this.#dispatch();
  }
}
