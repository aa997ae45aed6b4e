/**
 * The table's small index of shoes, kept with lowdb in `<dataDir>/index.json`
 * ("lowdb holds only a small index, updated only when a shoe starts or
 * ends"). lowdb rewrites the whole file on each write, so it is never touched
 * per event: an event's cost does not depend on how many shoes are listed.
 *
 * Everything here can be rebuilt from the shoe files (first and last lines);
 * the index is what makes opening the store and listing shoes cheap.
 */
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { Low } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import { z } from 'zod';
import { isValidShoeId } from './data-dir.ts';
import { fsyncPath } from './durable-fs.ts';
import { SerialQueue } from './serial-queue.ts';

export const END_REASONS = ['empty', 'suspended'] as const;
export type EndReason = (typeof END_REASONS)[number];

const entrySchema = z.object({
  // A shoe id names a file: an index naming `../x` is damaged, and rebuilt from the files.
  id: z.string().refine(isValidShoeId, { error: 'must be a shoe id' }),
  table: z.string(),
  startedAt: z.string(),
  endedAt: z.string().optional(),
  endReason: z.enum(END_REASONS).optional(),
  /** Set when the shoe ends: how many events and the last hash, so a cut-off tail shows. */
  events: z.number().int().nonnegative().optional(),
  lastHash: z.string().optional(),
});
export type ShoeIndexEntry = z.infer<typeof entrySchema>;

const indexSchema = z.object({
  version: z.literal(1),
  table: z.string().nullable(),
  currentShoe: z.string().refine(isValidShoeId, { error: 'must be a shoe id' }).nullable(),
  shoes: z.array(entrySchema),
});
export type TableIndexData = z.infer<typeof indexSchema>;

export const INDEX_FILE = 'index.json';

export class TableIndex {
  readonly #db: Low<TableIndexData>;
  readonly #dataDir: string;
  readonly #byId = new Map<string, ShoeIndexEntry>();
  readonly #queue = new SerialQueue();

  private constructor(dataDir: string, db: Low<TableIndexData>) {
    this.#dataDir = dataDir;
    this.#db = db;
    for (const entry of db.data.shoes) this.#byId.set(entry.id, entry);
  }

  /**
   * Reads the index. A file that does not parse or has the wrong shape is moved
   * aside (never deleted) and an empty index returned with the reason, so the
   * caller rebuilds it from the shoe files.
   */
  static async open(dataDir: string): Promise<{ index: TableIndex; damaged: string | null }> {
    const path = join(dataDir, INDEX_FILE);
    const empty = (): TableIndexData => ({ version: 1, table: null, currentShoe: null, shoes: [] });
    // Built by hand, not with JSONFilePreset, which switches to memory under NODE_ENV=test.
    const db = new Low<TableIndexData>(new JSONFile<TableIndexData>(path), empty());
    let damaged: string | null = null;
    try {
      await db.read();
      const checked = indexSchema.safeParse(db.data);
      if (!checked.success) damaged = `${INDEX_FILE} has the wrong shape: ${checked.error.issues[0]?.message ?? 'invalid'}`;
      else db.data = checked.data;
    } catch (e) {
      damaged = `${INDEX_FILE} does not parse: ${(e as Error).message}`;
    }
    if (damaged !== null) {
      await rename(path, `${path}.damaged-${Date.now()}`);
      db.data = empty();
    }
    return { index: new TableIndex(dataDir, db), damaged };
  }

  get data(): Readonly<TableIndexData> {
    return this.#db.data;
  }

  entry(id: string): Readonly<ShoeIndexEntry> | undefined {
    return this.#byId.get(id);
  }

  setTable(table: string): Promise<void> {
    return this.#write((d) => {
      d.table = table;
    });
  }

  /** Lists a new shoe, as the current one unless it has already ended; the first shoe names the table. */
  addShoe(entry: ShoeIndexEntry): Promise<void> {
    return this.#write((d) => {
      d.table ??= entry.table;
      d.shoes.push(entry);
      this.#byId.set(entry.id, entry);
      if (entry.endedAt === undefined) d.currentShoe = entry.id;
    });
  }

  endShoe(id: string, end: Pick<ShoeIndexEntry, 'endedAt' | 'endReason' | 'events' | 'lastHash'> & { endedAt: string }): Promise<void> {
    return this.#write((d) => {
      const entry = this.#byId.get(id);
      if (entry) Object.assign(entry, end);
      if (d.currentShoe === id) d.currentShoe = null;
    });
  }

  /** Names the shoe in play (reconcile.ts, when the index named another). */
  setCurrent(id: string | null): Promise<void> {
    return this.#write((d) => {
      d.currentShoe = id;
    });
  }

  /** Waits for pending writes. */
  idle(): Promise<void> {
    return this.#queue.idle();
  }

  /**
   * lowdb writes through steno: a temporary file renamed over index.json,
   * with no fsync. A power cut could then lose the new index or leave it
   * empty. So after each write the file itself is synced (its data) and then
   * the directory (the rename). The window between rename and sync remains,
   * which is why a damaged index is rebuilt from the shoe files on open.
   */
  #write(change: (data: TableIndexData) => void): Promise<void> {
    return this.#queue.run(async () => {
      change(this.#db.data);
      await this.#db.write();
      await fsyncPath(join(this.#dataDir, INDEX_FILE));
      await fsyncPath(this.#dataDir);
    });
  }
}

/**
 * Reads the index without changing anything (for verify): the data, or why
 * it cannot be used.
 */
export async function readIndexData(dataDir: string): Promise<{ data: TableIndexData } | { problem: string }> {
  let text: string;
  try {
    text = await readFile(join(dataDir, INDEX_FILE), 'utf8');
  } catch (e) {
    return { problem: `${INDEX_FILE} cannot be read: ${(e as Error).message}` };
  }
  try {
    const checked = indexSchema.safeParse(JSON.parse(text));
    return checked.success ? { data: checked.data } : { problem: `${INDEX_FILE} has the wrong shape: ${checked.error.issues[0]?.message ?? 'invalid'}` };
  } catch (e) {
    return { problem: `${INDEX_FILE} does not parse: ${(e as Error).message}` };
  }
}
