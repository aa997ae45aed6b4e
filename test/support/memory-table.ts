/**
 * The real table for tests and benches that need no disk: TableService on a
 * TableStore whose directory lives in memory (/dev/shm, a tmpfs, where there
 * is one), so commands meet the rules, the end of a shoe, the store and its
 * hash chain exactly as in production. Cards come in as the shuffler link
 * hands them over (`storeCard`).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TableStore } from '../../server/store/table-store.ts';
import { steppingClock } from '../../server/table/clock.ts';
import { TableService } from '../../server/table/table-service.ts';
import { VENICE_RULES, type Rules } from '../../shoe/rules.ts';

export interface MemoryTable {
  table: TableService;
  store: TableStore;
  /** The data directory: `<dir>/shoes/<id>.jsonl`, `<dir>/index.json`. */
  dir: string;
  /** The shuffler hands the table its next card; resolves once it is stored. */
  deal(card: string, exposed?: boolean): Promise<void>;
  dealAll(cards: readonly string[]): Promise<void>;
  /** Closes the table and the store, and removes the directory. */
  close(): Promise<void>;
}

const MEMORY = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();

export async function openMemoryTable(options: { rules?: Partial<Rules>; tableId?: string } = {}): Promise<MemoryTable> {
  const tableId = options.tableId ?? 'T1';
  const dir = await mkdtemp(join(MEMORY, 'tq-table-'));
  const store = await TableStore.open(dir, { table: tableId });
  const table = await TableService.open({ store, tableId, rules: { ...VENICE_RULES, ...options.rules }, clock: steppingClock() });
  const deal = (card: string, exposed = false) => table.storeCard({ seq: table.state().lastSeq + 1, card, exposed });
  return {
    table,
    store,
    dir,
    deal,
    async dealAll(cards) {
      for (const card of cards) await deal(card);
    },
    async close() {
      await table.close();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
