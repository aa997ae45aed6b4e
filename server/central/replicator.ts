/**
 * Replication of the table's record to the central store (docs/central-store.md).
 * An event is handed over only after it is durable on the table's disk, and
 * the hand-over is a push onto an in-memory queue: a card's ACK never waits for
 * the network. One loop sends the queue in order, in batches, with
 * INSERT … ON CONFLICT DO NOTHING, so a batch sent twice is harmless. On its
 * first connection it resumes from what the central store holds, reading the
 * rest from the table's files; when the store is down it waits with back-off
 * and the table deals on.
 */
import type { Logger } from 'pino';
import type pg from 'pg';
import type { StoredEvent } from '../store/stored-event.ts';
import type { ShoeIndexEntry } from '../store/table-index.ts';
import { CentralError, centralErrorOf } from './central-error.ts';
import { centralHeads, insertEvents, insertSeals, registeredKey, type CentralEventRow } from './central-writer.ts';
import { localBacklog } from './local-backlog.ts';
import { ReplicationTracker, type CentralLinkState } from './replication-state.ts';
import type { Seal } from './seal.ts';
import { recordAcks } from './witness-acks.ts';

export interface ReplicatorOptions {
  pool: pg.Pool;
  table: string;
  dataDir: string;
  /** The table's shoes, oldest first (the store's index), read on the first connection. */
  shoes: () => ShoeIndexEntry[];
  /** The table's public key line, compared with the registered one; undefined when the table has no key. */
  publicKey?: string;
  logger: Logger;
  onState?: (state: CentralLinkState) => void;
  /** Events per INSERT (default 1000). */
  batch?: number;
  /** Longest wait between two attempts while the store is down (ms, default 5000). */
  maxBackoffMs?: number;
}

export class Replicator {
  readonly #o: ReplicatorOptions;
  readonly #events: CentralEventRow[] = [];
  readonly #seals: { shoe: string; seal: Seal }[] = [];
  /** Highest event index known to be in the central store, per shoe. */
  readonly #central = new Map<string, number>();
  readonly #tracker: ReplicationTracker;
  #resumed = false;
  #wakeScheduled = false;
  #lastFailure: string | null = null;
  #closed = false;
  #wake: (() => void) | null = null;
  #loop: Promise<void> | null = null;

  constructor(options: ReplicatorOptions) {
    this.#o = options;
    this.#tracker = new ReplicationTracker((s) => options.onState?.(s));
  }

  get state(): CentralLinkState {
    return this.#tracker.current;
  }

  start(): void {
    this.#loop ??= this.#run();
  }

  /** A stored event (already durable locally). Never blocks, never throws. */
  stored(shoe: string, event: StoredEvent): void {
    this.#events.push({ shoe, i: event.i, type: event.type, line: JSON.stringify(event), prev: event.prev, hash: event.hash });
    this.#tracker.behind(this.#events.length);
    this.#wakeSoon();
  }

  /**
   * Wakes the sender after the current turn of the event loop: the link
   * writes the card's ACK first, then the network is spoken to, and the
   * events stored in the meantime go in the same batch.
   */
  #wakeSoon(): void {
    if (this.#wakeScheduled || this.#wake === null) return;
    this.#wakeScheduled = true;
    setImmediate(() => {
      this.#wakeScheduled = false;
      this.#wake?.();
    });
  }

  sealed(shoe: string, seal: Seal): void {
    this.#seals.push({ shoe, seal });
    this.#wakeSoon();
  }

  /** An alert from beside the replication (e.g. no key to seal with), shown with its state. */
  alert(code: string, message: string): void {
    this.#tracker.alert(code, message, new Date().toISOString());
  }

  /** Sends what can still be sent quickly, then stops (the queue left is on disk: the next start sends it). */
  async close(): Promise<void> {
    this.#closed = true;
    this.#wake?.();
    await this.#loop;
  }

  async #run(): Promise<void> {
    let backoff = 100;
    while (!this.#closed || (this.#resumed && this.#events.length > 0 && this.state.state !== 'down')) {
      try {
        if (!this.#resumed) await this.#resume();
        if (this.#events.length === 0 && this.#sendableSeals().length === 0) {
          this.#tracker.up(0);
          if (this.#closed) break;
          await new Promise<void>((r) => (this.#wake = r));
          this.#wake = null;
          continue;
        }
        await this.#sendBatch();
        backoff = 100;
      } catch (e) {
        const error = centralErrorOf(e);
        // Logged when it starts or changes, not at every retry of a long outage.
        if (this.state.state !== 'down' || this.#lastFailure !== error.code)
          this.#o.logger.warn({ code: error.code, reason: error.message }, 'central store: not reached or refused; the table deals on');
        this.#lastFailure = error.code;
        if (error.code !== 'UNREACHABLE') this.#tracker.alert(error.code, error.message, new Date().toISOString());
        this.#tracker.down(this.#events.length, new Date().toISOString());
        if (this.#closed) break;
        await new Promise<void>((r) => setTimeout(r, backoff).unref());
        backoff = Math.min(backoff * 2, this.#o.maxBackoffMs ?? 5000);
      }
    }
  }

  /** First contact: check the key, then queue what the central store lacks ahead of the live events. */
  async #resume(): Promise<void> {
    const { pool, table, logger } = this.#o;
    const key = await registeredKey(pool, table);
    if (key === null) throw new CentralError('NOT_REGISTERED', `table ${table}`);
    if (this.#o.publicKey !== undefined && key !== this.#o.publicKey) {
      this.#tracker.alert(
        'KEY_MISMATCH',
        `table ${table}: the key in the data directory is not the one surveillance registered; its seals will not verify`,
        new Date().toISOString(),
      );
      logger.error({ table }, "the table's key is not the key registered for it: its seals will not verify");
    }
    const heads = await centralHeads(pool, table);
    const backlog = await localBacklog(this.#o.dataDir, this.#o.shoes(), heads);
    const lastOfBacklog = new Map<string, number>();
    for (const row of backlog.events) lastOfBacklog.set(row.shoe, row.i);
    const after = (shoe: string) => Math.max(heads.events.get(shoe) ?? -1, lastOfBacklog.get(shoe) ?? -1);
    const live = this.#events.splice(0).filter((row) => row.i > after(row.shoe));
    this.#events.push(...backlog.events, ...live);
    const sealed = new Set(backlog.seals.map((s) => `${s.shoe}:${s.seal.i}`));
    const liveSeals = this.#seals.splice(0).filter((s) => !sealed.has(`${s.shoe}:${s.seal.i}`) && s.seal.i > (heads.seals.get(s.shoe)?.i ?? -1));
    this.#seals.push(...backlog.seals, ...liveSeals);
    for (const [shoe, i] of heads.events) this.#central.set(shoe, i);
    this.#resumed = true;
    logger.info({ events: this.#events.length, seals: this.#seals.length }, 'central store reached: sending what it lacks');
    this.#tracker.up(this.#events.length);
  }

  async #sendBatch(): Promise<void> {
    const { pool, table, logger } = this.#o;
    const batch = this.#events.slice(0, this.#o.batch ?? 1000);
    if (batch.length > 0) {
      const divergences = await insertEvents(pool, table, batch);
      for (const d of divergences) {
        const message = `shoe ${d.shoe} event ${d.i}: the central store holds hash ${d.central.slice(0, 12)}…, this table ${d.local.slice(0, 12)}…; not overwritten — run tq verify --central`;
        logger.error({ shoe: d.shoe, i: d.i, local: d.local, central: d.central }, 'central store diverges from the table record');
        this.#tracker.alert('DIVERGED', message, new Date().toISOString());
      }
      this.#events.splice(0, batch.length);
      // What the store accepted, kept on the table's disk: verify fails if the central copy later lacks it.
      await recordAcks(this.#o.dataDir, batch, new Date().toISOString()).catch((e: unknown) =>
        logger.warn({ reason: (e as Error).message }, 'could not record the central acknowledgement'),
      );
      for (const row of batch) if (row.i > (this.#central.get(row.shoe) ?? -1)) this.#central.set(row.shoe, row.i);
    }
    const seals = this.#sendableSeals();
    if (seals.length > 0) {
      await insertSeals(pool, table, seals);
      const sent = new Set(seals);
      const rest = this.#seals.filter((s) => !sent.has(s));
      this.#seals.splice(0, this.#seals.length, ...rest);
    }
    if (
      this.state.alert?.code === 'UNREACHABLE' ||
      this.state.alert?.code === 'NOT_REGISTERED' ||
      this.state.alert?.code === 'NO_SCHEMA' ||
      this.state.alert?.code === 'REJECTED'
    ) {
      this.#tracker.clearAlert(this.state.alert.code);
    }
    this.#tracker.up(this.#events.length);
  }

  /** Seals whose event the central store already holds (a seal never arrives before what it seals). */
  #sendableSeals(): { shoe: string; seal: Seal }[] {
    return this.#seals.filter((s) => s.seal.i <= (this.#central.get(s.shoe) ?? -1));
  }
}
