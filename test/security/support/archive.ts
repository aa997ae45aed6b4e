/**
 * A table with a long record for the hostile suite: `count` ended shoes of
 * ~550 events each, dealt by the rules engine (test/server/store/sample-shoe.ts),
 * written straight to a data directory as the store leaves one (chained lines,
 * index.json), then opened as `tq serve` opens it: TableStore, TableService,
 * storeArchive. The last shoe is the table's (ended) shoe.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { shoeFilePath, shoesDir } from '../../../server/store/data-dir.ts';
import { chainBatch } from '../../../server/store/hash-chain.ts';
import { GENESIS_PREV, type StampedEvent } from '../../../server/store/stored-event.ts';
import type { ShoeIndexEntry, TableIndexData } from '../../../server/store/table-index.ts';
import { TableStore } from '../../../server/store/table-store.ts';
import { steppingClock } from '../../../server/table/clock.ts';
import { TableService } from '../../../server/table/table-service.ts';
import type { ShoeEvent } from '../../../shoe/events.ts';
import { VENICE_RULES } from '../../../shoe/rules.ts';
import { dealSampleShoe } from '../../server/store/sample-shoe.ts';

const AT = '2025-06-01T20:00:00.000Z';
const TEMPLATES = 8;

export interface LongRecord {
  dir: string;
  store: TableStore;
  table: TableService;
  /** Shoe ids, oldest first. */
  shoes: string[];
  close(): Promise<void>;
}

export const shoeId = (k: number) => `s-${String(k).padStart(5, '0')}`;

/** Writes `count` ended shoes and opens the table on them. */
export async function longRecord(count: number): Promise<LongRecord> {
  const root = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const dir = await mkdtemp(join(root, 'tq-long-record-'));
  try {
    await writeShoes(dir, count);
    const store = await TableStore.open(dir, { table: 'T1', logger: pino({ level: 'silent' }) });
    const table = await TableService.open({ store, tableId: 'T1', rules: VENICE_RULES, clock: steppingClock(), logger: pino({ level: 'silent' }) });
    return {
      dir,
      store,
      table,
      shoes: Array.from({ length: count }, (_, k) => shoeId(k)),
      async close() {
        await table.close();
        await store.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
}

/** Writes `count` ended shoes and their index into `dir`, as the store leaves them. */
export async function writeShoes(dir: string, count: number): Promise<void> {
  await mkdir(shoesDir(dir), { recursive: true });
  const templates = Array.from({ length: TEMPLATES }, (_, k) => dealSampleShoe({ shoe: 'template', seed: k + 1 }));
  const entries: ShoeIndexEntry[] = [];
  for (let k = 0; k < count; k++) {
    const [first, ...rest] = templates[k % TEMPLATES]!;
    const events = [{ ...first!, shoe: shoeId(k) } as ShoeEvent, ...rest];
    const stamped = events.map((e) => ({ at: AT, by: 'tailleur-1', ...e }) as StampedEvent);
    const { text, lastHash } = chainBatch(GENESIS_PREV, 0, stamped);
    await writeFile(shoeFilePath(dir, shoeId(k)), text);
    const last = stamped.at(-1)!;
    const ended = last.type === 'end' ? { endedAt: last.at, endReason: last.reason, events: events.length, lastHash } : {};
    entries.push({ id: shoeId(k), table: 'T1', startedAt: AT, ...ended });
  }
  const index: TableIndexData = { version: 1, table: 'T1', currentShoe: null, shoes: entries };
  await writeFile(join(dir, 'index.json'), JSON.stringify(index, null, 2));
}
