/**
 * The durable record as the HTTP side and the central witness read it: the
 * index file and the shoe files of the data directory, read from disk, never
 * from the card side's memory (server/app/README.md#the-card-side-and-the-http-side).
 * Only the card side writes them (server/store/table-store.ts); the index is
 * read again when a shoe starts or ends, the only times it changes. A shoe
 * file's last line without its newline is an append in flight: left out.
 */
import { parseShoeLogText } from '../../shoe/shoe-log-lines.ts';
import { readFile } from 'node:fs/promises';
import { shoeFilePath } from '../store/data-dir.ts';
import { StoreError } from '../store/store-errors.ts';
import type { StoredEvent } from '../store/stored-event.ts';
import { readIndexData, type ShoeIndexEntry, type TableIndexData } from '../store/table-index.ts';

/** What the surveillance archive (server/http/store-archive.ts) and the witness (server/central/) read of the store. */
export interface RecordView {
  listShoes(): ShoeIndexEntry[];
  currentShoeId(): string | null;
  readShoe(shoeId: string): Promise<StoredEvent[]>;
}

export class RecordReader implements RecordView {
  #index: TableIndexData = { version: 1, table: null, currentShoe: null, shoes: [] };
  #reading: Promise<void> = Promise.resolve();

  private constructor(private readonly dataDir: string) {}

  static async open(dataDir: string): Promise<RecordReader> {
    const reader = new RecordReader(dataDir);
    await reader.refresh();
    return reader;
  }

  /** Reads the index again (a shoe started or ended); calls run in order. */
  refresh(): Promise<void> {
    this.#reading = this.#reading.then(async () => {
      const read = await readIndexData(this.dataDir);
      if ('data' in read) this.#index = read.data;
    });
    return this.#reading;
  }

  /** Resolves once the index reads asked for so far are done. */
  settled(): Promise<void> {
    return this.#reading;
  }

  listShoes(): ShoeIndexEntry[] {
    return this.#index.shoes.map((e) => ({ ...e }));
  }

  currentShoeId(): string | null {
    return this.#index.currentShoe;
  }

  async readShoe(shoeId: string): Promise<StoredEvent[]> {
    if (!this.#index.shoes.some((e) => e.id === shoeId)) {
      await this.refresh();
      if (!this.#index.shoes.some((e) => e.id === shoeId)) throw new StoreError('UNKNOWN_SHOE', shoeId);
    }
    const path = shoeFilePath(this.dataDir, shoeId);
    const { lines } = parseShoeLogText(await readFile(path, 'utf8'));
    return lines.map((l) => {
      if (l.kind === 'unreadable') throw new StoreError('SHOE_CORRUPT', `${path}:${l.line}: ${l.message}`);
      return l.event as unknown as StoredEvent;
    });
  }
}
