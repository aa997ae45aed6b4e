/**
 * A shoe log uploaded for replay is read and replayed once in a worker thread
 * (upload-worker.ts) before it is kept, with bounds that keep every later
 * replay of it cheap: at most `maxEvents` lines (a shoe of 312 cards with
 * its bets is a few thousand), at most `maxPlayers` players, and the whole
 * reading and replay within `timeLimitMs`, after which the worker is ended
 * and the upload refused. At most `concurrent` uploads are read at once.
 * Card ACKs and HTTP answers never wait behind this work.
 */
import type { ShoeEvent } from '../../shoe/events.ts';
import { CodedError } from '../../shoe/coded-error.ts';
import { BadRequestError, TooManyRequestsError } from './errors.ts';
import { spawnWorker } from '../worker/spawn-worker.ts';

export interface UploadLimits {
  maxEvents: number;
  maxPlayers: number;
  timeLimitMs: number;
  concurrent: number;
}

export const UPLOAD_LIMITS: Readonly<UploadLimits> = Object.freeze({ maxEvents: 20_000, maxPlayers: 100, timeLimitMs: 10_000, concurrent: 2 });

export type UploadVerdict = { kind: 'ok'; events: ShoeEvent[] } | { kind: 'bad'; message: string };

/** The upload took longer to read and replay than its time limit (422). */
export class UploadTooCostlyError extends CodedError {
  override readonly code = 'UPLOAD_TOO_COSTLY';
}

const WORKER = new URL(import.meta.url.endsWith('.ts') ? './upload-worker.ts' : './upload-worker.js', import.meta.url);

export class UploadChecker {
  #running = 0;

  constructor(readonly limits: Readonly<UploadLimits> = UPLOAD_LIMITS) {}

  /** The events of an uploaded log, read and replayed within the limits; a 400, 422 or 429 otherwise. */
  async read(text: string): Promise<ShoeEvent[]> {
    const lines = countLines(text);
    if (lines > this.limits.maxEvents)
      throw new BadRequestError('body', `a shoe log holds at most ${this.limits.maxEvents} events; this one has ${lines} lines`);
    if (this.#running >= this.limits.concurrent) throw new TooManyRequestsError('another shoe log is being read: try again in a moment', 1);
    this.#running += 1;
    try {
      const verdict = await this.#inWorker(text);
      if (verdict.kind === 'bad') throw new BadRequestError('body', verdict.message);
      return verdict.events;
    } finally {
      this.#running -= 1;
    }
  }

  async #inWorker(text: string): Promise<UploadVerdict> {
    const worker = await spawnWorker(WORKER);
    return new Promise<UploadVerdict>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new UploadTooCostlyError(`reading and replaying the log took more than ${this.limits.timeLimitMs / 1000} s: refused`));
        void worker.terminate();
      }, this.limits.timeLimitMs);
      worker.once('message', (verdict: UploadVerdict) => {
        clearTimeout(timer);
        resolve(verdict);
        void worker.terminate();
      });
      worker.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      worker.postMessage({ text, limits: this.limits });
    });
  }
}

/** Lines of the text (blank ones too), counted without splitting a 4 MB text into strings. */
function countLines(text: string): number {
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0 && at < text.length - 1; at = text.indexOf('\n', at + 1)) lines += 1;
  return lines;
}
