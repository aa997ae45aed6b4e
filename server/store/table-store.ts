/**
 * The table's durable, tamper-evident record ("every accepted event is
 * on disk, flushed with fsync, before the command is answered or the card
 * acknowledged"). A small core in the manner of lowdb's Low: one shoe file
 * per shoe, appended through one open handle, plus a lowdb index touched only
 * when a shoe starts or ends. Events are chained by hash as they are written.
 */
import { mkdir } from 'node:fs/promises';
import { pino, type Logger } from 'pino';
import type { EventOf, ShoeEvent } from '../../shoe/events.ts';
import { isValidShoeId, shoeFilePath, shoesDir } from './data-dir.ts';
import { reconcile, type OpenNote } from './reconcile.ts';
import { SerialQueue } from './serial-queue.ts';
import { stamp, stampBatch, type AppendMeta } from './stamp.ts';
import { ShoeFile } from './shoe-file.ts';
import { readShoeLogFile, ShoeLogSyntaxError } from './shoe-log-file.ts';
import { StoreError } from './store-errors.ts';
import type { StoredEvent } from './stored-event.ts';

export type { AppendMeta } from './stamp.ts';
import { TableIndex, END_REASONS, type ShoeIndexEntry } from './table-index.ts';

export interface TableStoreOptions {
  /** The table this directory records; refused if the directory records another. */
  table?: string;
  logger?: Logger;
}

interface ActiveShoe {
  file: ShoeFile;
  /** One append at a time per shoe, so lines never interleave and `i` stays consecutive. */
  queue: SerialQueue;
  ended: boolean;
}

export class TableStore {
  readonly #dataDir: string;
  readonly #index: TableIndex;
  readonly #logger: Logger;
  readonly #active = new Map<string, ActiveShoe>();
  /** Starting a shoe is one step at a time: at most one shoe is ever in play. */
  readonly #control = new SerialQueue();
  #closed = false;
  /** What open found and repaired (torn tails, damaged lines, index rebuilt…), also logged. */
  readonly openNotes: readonly OpenNote[];

  private constructor(dataDir: string, index: TableIndex, logger: Logger, notes: OpenNote[]) {
    this.#dataDir = dataDir;
    this.#index = index;
    this.#logger = logger;
    this.openNotes = notes;
  }

  static async open(dataDir: string, opts: TableStoreOptions = {}): Promise<TableStore> {
    const logger = opts.logger ?? pino({ level: 'silent' });
    await mkdir(shoesDir(dataDir), { recursive: true });
    const { index, damaged } = await TableIndex.open(dataDir);
    const notes: OpenNote[] = [];
    if (damaged !== null) {
      notes.push({ kind: 'index-rebuilt', reason: damaged });
      logger.error({ reason: damaged }, 'the shoe index was unreadable: moved aside and rebuilt from the shoe files');
    }
    if (opts.table !== undefined && index.data.table !== null && index.data.table !== opts.table) {
      throw new StoreError('TABLE_MISMATCH', `${dataDir} records table ${index.data.table}, not ${opts.table}`);
    }
    const found = await reconcile(dataDir, index, logger);
    if (opts.table !== undefined && index.data.table === null) await index.setTable(opts.table);
    const store = new TableStore(dataDir, index, logger, [...notes, ...found.notes]);
    if (found.current?.tail) {
      const file = await ShoeFile.reopen(shoeFilePath(dataDir, found.current.id), found.current.tail);
      store.#active.set(found.current.id, { file, queue: new SerialQueue(), ended: false });
    }
    return store;
  }

  get table(): string | null {
    return this.#index.data.table;
  }

  /** Every shoe recorded, oldest first. */
  listShoes(): ShoeIndexEntry[] {
    return this.#index.data.shoes.map((e) => ({ ...e }));
  }

  /** The shoe in play (started, not ended), if any. */
  currentShoeId(): string | null {
    return this.#index.data.currentShoe;
  }

  /**
   * Starts a shoe with its first event, whose `shoe` field is its id (given by
   * the caller, e.g. a uuid v7). Resolves once the event and the index are on disk.
   */
  createShoe(first: EventOf<'shoe'>, meta: AppendMeta): Promise<StoredEvent> {
    return this.#control.run(async () => {
      this.#assertOpen();
      if ((first as ShoeEvent).type !== 'shoe')
        throw new StoreError('BAD_EVENT', `a shoe starts with a "shoe" event, not "${String((first as ShoeEvent).type)}"`);
      if (!isValidShoeId(first.shoe)) throw new StoreError('BAD_SHOE_ID', JSON.stringify(first.shoe));
      const table = this.#index.data.table;
      if (table !== null && first.table !== table) throw new StoreError('TABLE_MISMATCH', `this store records table ${table}, not ${first.table}`);
      if (this.#index.entry(first.shoe)) throw new StoreError('SHOE_EXISTS', first.shoe);
      const current = this.currentShoeId();
      if (current !== null) throw new StoreError('SHOE_IN_PLAY', current);

      const { file, stored } = await ShoeFile.create(shoeFilePath(this.#dataDir, first.shoe), stamp(first, meta));
      try {
        await this.#index.addShoe({ id: first.shoe, table: first.table, startedAt: stored.at });
      } catch (e) {
        await file.close();
        throw e; // the file stays; the next open lists it
      }
      this.#active.set(first.shoe, { file, queue: new SerialQueue(), ended: false });
      return stored;
    });
  }

  /**
   * Appends events to the shoe in play: chained, written in one write, synced,
   * then resolved with the stored events. An `end` event (last of its batch)
   * closes the shoe and marks it ended in the index.
   */
  append(shoeId: string, events: readonly ShoeEvent[], meta: AppendMeta): Promise<StoredEvent[]> {
    if (this.#closed) return Promise.reject(new StoreError('CLOSED'));
    const active = this.#active.get(shoeId);
    if (!active) return Promise.reject(this.#whyNotActive(shoeId));
    return active.queue.run(async () => {
      if (active.ended) throw new StoreError('SHOE_ENDED', shoeId);
      const stamped = stampBatch(events, meta);
      if (stamped.length === 0) return [];
      const stored = await active.file.append(stamped);
      const last = stored.at(-1)!;
      if (last.type === 'end') await this.#end(shoeId, active, last);
      return stored;
    });
  }

  /** The shoe's events as stored on disk. */
  async readShoe(shoeId: string): Promise<StoredEvent[]> {
    this.#assertOpen();
    const active = this.#active.get(shoeId);
    if (!active && !this.#index.entry(shoeId)) throw new StoreError('UNKNOWN_SHOE', shoeId);
    const read = async () => {
      try {
        return (await readShoeLogFile(shoeFilePath(this.#dataDir, shoeId))).map((l) => l.event as unknown as StoredEvent);
      } catch (e) {
        if (e instanceof ShoeLogSyntaxError) throw new StoreError('SHOE_CORRUPT', e.message, { cause: e });
        throw e;
      }
    };
    // Reading the shoe in play waits for appends in flight, so no half-written line is seen.
    return active ? active.queue.run(read) : read();
  }

  /** Waits for writes in flight, then closes every file. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#control.idle();
    for (const [id, active] of this.#active) {
      await active.queue.idle();
      await active.file.close();
      this.#active.delete(id);
    }
    await this.#index.idle();
  }

  /**
   * The `end` event is on disk: the shoe is over whatever happens next. If
   * the index cannot be written the append still succeeds (the event is
   * durable) and the next open marks the shoe ended from its file.
   */
  async #end(shoeId: string, active: ActiveShoe, end: StoredEvent & { type: 'end' }): Promise<void> {
    active.ended = true;
    this.#active.delete(shoeId);
    await active.file.close();
    const reason = END_REASONS.find((r) => r === end.reason);
    try {
      await this.#index.endShoe(shoeId, { endedAt: end.at, ...(reason && { endReason: reason }), events: end.i + 1, lastHash: end.hash });
    } catch (e) {
      this.#logger.error({ err: e, shoe: shoeId }, 'the shoe ended on disk but the index was not updated; the next open repairs it');
    }
  }

  #whyNotActive(shoeId: string): StoreError {
    const entry = this.#index.entry(shoeId);
    if (!entry) return new StoreError('UNKNOWN_SHOE', shoeId);
    if (entry.endedAt !== undefined) return new StoreError('SHOE_ENDED', shoeId);
    return new StoreError('SHOE_CORRUPT', `${shoeId} could not be reopened for writing: see the store's open notes`);
  }

  #assertOpen(): void {
    if (this.#closed) throw new StoreError('CLOSED');
  }
}
