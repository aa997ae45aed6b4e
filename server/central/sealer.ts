/**
 * When the table seals its record (docs/central-store.md): at the end of every
 * shoe (final), at checkpoints during play — no more than `everyMs` of play is
 * left unsealed — on start for a head left unsealed by a crash, and on close.
 * Sealing runs beside the table's queue, never in it: it never delays a card's
 * ACK. Each seal is written beside the shoe file, then handed to replication.
 */
import type { Logger } from 'pino';
import type { StoredEvent } from '../store/stored-event.ts';
import { makeSeal, type Seal } from './seal.ts';
import { appendSeal, readSeals } from './seal-file.ts';
import type { TableKey } from './table-keys.ts';

export interface SealerOptions {
  dataDir: string;
  table: string;
  key: TableKey;
  logger: Logger;
  /** Longest play left unsealed (ms, default 60 000). */
  everyMs?: number;
  /**
   * Called on start when the latest shoe's head is not sealed (a crash, or play
   * dealt while this table's sealer did not run): events `from`..`to`, which it
   * did not see being made and will not sign; the table marks them in the shoe.
   */
  onUnsealed?: (from: number, to: number) => Promise<void>;
  /** Called with every seal once it is on disk. */
  onSeal?: (shoe: string, seal: Seal) => void;
  clock?: () => Date;
}

interface Head {
  shoe: string;
  i: number;
  hash: string;
  ended: boolean;
}

export class Sealer {
  readonly #o: SealerOptions;
  #head: Head | null = null;
  /** The last head sealed, as `shoe:i`. */
  #sealedAt: string | null = null;
  #timer: NodeJS.Timeout | null = null;
  #chain: Promise<void> = Promise.resolve();

  constructor(options: SealerOptions) {
    this.#o = options;
  }

  /**
   * Takes the latest shoe's head; never signs it when it is unsealed (the files could have been rewritten while no sealer ran): the
   * unsealed events are handed to `onUnsealed`, and the marker the table then
   * stores becomes the head the next checkpoint seals. Then checkpoints every `everyMs`.
   */
  async start(latest: { shoe: string; events: readonly StoredEvent[]; openedAt?: number } | null): Promise<void> {
    const last = latest?.events.at(-1);
    let sealNow = false;
    if (latest && last) {
      const seals = await readSeals(this.#o.dataDir, latest.shoe);
      this.#head = { shoe: latest.shoe, i: last.i, hash: last.hash, ended: last.type === 'end' };
      this.#sealedAt = `${latest.shoe}:${last.i}`;
      if (!seals.some((s) => s.i === last.i && s.head === last.hash)) {
        const from = seals.reduce((m, s) => Math.max(m, s.i), -1) + 1;
        // What this server stored after opening the record (its RESTART note, say) it saw being made: only what was there before is unseen.
        const to = latest.openedAt === undefined ? last.i : Math.min(last.i, latest.openedAt);
        if (from <= to) {
          this.#o.logger.warn({ shoe: latest.shoe, from, to }, 'events found unsealed on start: not signed, marked in the shoe');
          if (last.type !== 'end') await this.#o.onUnsealed?.(from, to);
        } else sealNow = true;
      }
    }
    if (sealNow) {
      this.#sealedAt = null;
      void this.#enqueue();
    }
    const every = this.#o.everyMs ?? 60_000;
    this.#timer = setInterval(() => void this.#enqueue(), every);
    this.#timer.unref();
  }

  /** A stored event: it becomes the head; the end of a shoe is sealed at once. */
  stored(shoe: string, event: StoredEvent): void {
    this.#head = { shoe, i: event.i, hash: event.hash, ended: event.type === 'end' };
    if (event.type === 'end') void this.#enqueue(this.#head);
  }

  /** Seals the head one last time, then stops. */
  async close(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#enqueue();
  }

  /** Seals `head` (by default the head when the turn comes), one seal at a time. */
  #enqueue(head?: Head | null): Promise<void> {
    this.#chain = this.#chain
      .then(() => this.#seal(head ?? this.#head))
      .catch((e: unknown) => this.#o.logger.error({ err: e }, 'could not write a seal; the next checkpoint tries again'));
    return this.#chain;
  }

  async #seal(head: Head | null): Promise<void> {
    if (head === null || this.#sealedAt === `${head.shoe}:${head.i}`) return;
    const at = (this.#o.clock?.() ?? new Date()).toISOString();
    const seal = makeSeal(this.#o.key.privateKey, this.#o.table, head.shoe, head, at, head.ended);
    await appendSeal(this.#o.dataDir, head.shoe, seal);
    this.#sealedAt = `${head.shoe}:${head.i}`;
    this.#o.onSeal?.(head.shoe, seal);
  }
}
