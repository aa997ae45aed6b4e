/**
 * A shoe log uploaded for replay is read and replayed once, in the upload
 * worker pool (upload-tasks.ts, server/worker/worker-pool.ts), before it is
 * kept, with bounds that keep every later answer about it cheap: at most
 * `maxEvents` lines (a shoe of 312 cards with its bets is a few thousand), at
 * most `maxPlayers` players (those carried in prison on the shoe line too),
 * and each task within `timeLimitMs` of CPU time (and six times that of
 * waiting), after which its worker is ended and the upload refused.
 * `concurrent` workers at most, each at nice 10 (not SCHED_IDLE: on an idle
 * machine it gave no better p99 and a worse max card→ACK, the `chrt` each
 * worker starts being a fork of the whole server), with a few tasks waiting;
 * more is a 429. Card ACKs and HTTP
 * answers never wait behind this work. The table's own stored shoes are
 * replayed in the same pool (`recordState`, `recordPage`: record-answers.ts).
 */
import { CodedError } from '../../shoe/coded-error.ts';
import type { StoredEvent } from '../store/stored-event.ts';
import { WorkerPool, WorkerPoolError } from '../worker/worker-pool.ts';
import { BadRequestError, TooManyRequestsError } from './errors.ts';
import type { KeptUpload, UploadAnswer, UploadTask } from './upload-tasks.ts';

export interface UploadLimits {
  maxEvents: number;
  maxPlayers: number;
  timeLimitMs: number;
  concurrent: number;
}

export const UPLOAD_LIMITS: Readonly<UploadLimits> = Object.freeze({ maxEvents: 20_000, maxPlayers: 100, timeLimitMs: 10_000, concurrent: 2 });
/** Tasks waiting for a worker at most, beyond those running. */
const UPLOAD_QUEUE = 4;
/** The workers' nice value: the server's thread (serial link, HTTP) always comes first. */
export const UPLOAD_NICE = 10;
/** A worker's heap at most: a hostile log ends its worker, not the server. */
const WORKER_HEAP_MB = 512;

/** The upload took longer to read and replay than its time limit (422). */
export class UploadTooCostlyError extends CodedError {
  override readonly code = 'UPLOAD_TOO_COSTLY';
}

const WORKER = new URL(import.meta.url.endsWith('.ts') ? './upload-worker.ts' : './upload-worker.js', import.meta.url);

export class UploadChecker {
  readonly #pool: WorkerPool<UploadTask, UploadAnswer>;

  constructor(readonly limits: Readonly<UploadLimits> = UPLOAD_LIMITS) {
    this.#pool = new WorkerPool(WORKER, {
      size: limits.concurrent,
      queue: UPLOAD_QUEUE,
      timeLimitMs: limits.timeLimitMs,
      nice: UPLOAD_NICE,
      idle: true,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
  }

  /** An uploaded log read, replayed and answered once, within the limits; a 400, 422 or 429 otherwise. */
  async read(text: string): Promise<KeptUpload> {
    const lines = countLines(text);
    if (lines > this.limits.maxEvents)
      throw new BadRequestError('body', `a shoe log holds at most ${this.limits.maxEvents} events; this one has ${lines} lines`);
    const answer = await this.#run({ kind: 'open', text, limits: { ...this.limits } });
    if (answer.kind !== 'ok') throw new Error('the upload worker answered out of turn');
    return answer.kept;
  }

  /** The table at one event of a kept log, as JSON text. */
  async state(log: string, at: number | undefined): Promise<string> {
    return this.#text(await this.#run({ kind: 'state', log, at }));
  }

  /** The table at one event of a stored shoe of the table's record, as JSON text. */
  async recordState(events: StoredEvent[], at: number | undefined): Promise<string> {
    return this.#text(await this.#run({ kind: 'record-state', events, at }));
  }

  /** The printable report of a stored shoe of the table's record, with `nonce` on its style block. */
  async recordPage(events: StoredEvent[], lang: unknown, tz: unknown, nonce: string): Promise<string> {
    return this.#text(await this.#run({ kind: 'record-page', events, lang, tz, nonce }));
  }

  /** The printable report of a kept log in one language and zone, with `nonce` on its style block. */
  async page(log: string, lang: unknown, tz: unknown, nonce: string): Promise<string> {
    return this.#text(await this.#run({ kind: 'page', log, lang, tz, nonce }));
  }

  close(): Promise<void> {
    return this.#pool.close();
  }

  #text(answer: UploadAnswer): string {
    if (answer.kind !== 'ok-text') throw new Error('the upload worker answered out of turn');
    return answer.text;
  }

  async #run(task: UploadTask): Promise<UploadAnswer> {
    const answer = await this.#pool.run(task).catch((e: unknown) => {
      if (!(e instanceof WorkerPoolError)) throw new BadRequestError('body', `the log could not be replayed: ${(e as Error).message}`);
      if (e.code === 'POOL_BUSY') throw new TooManyRequestsError('other shoe logs are being replayed: try again in a moment', 1);
      if (e.code === 'POOL_TIME_LIMIT') throw new UploadTooCostlyError(`reading and replaying the log took more than its limits (${e.message}): refused`);
      throw new UploadTooCostlyError(`the log could not be replayed within the worker's limits: ${e.message}`);
    });
    if (answer.kind === 'bad') throw new BadRequestError(answer.field, answer.message);
    return answer;
  }
}

/** Lines of the text (blank ones too), counted without splitting a 4 MB text into strings. */
function countLines(text: string): number {
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0 && at < text.length - 1; at = text.indexOf('\n', at + 1)) lines += 1;
  return lines;
}
