/** A shoe written by a real TableStore (its hash chain), and its lines as the table replicates them to the central store: the floor tests' tables. */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shoeFilePath } from '../../../server/store/data-dir.ts';
import { TableStore } from '../../../server/store/table-store.ts';
import type { ShoeEvent } from '../../../shoe/events.ts';

/** `events` (a shoe line first) as table `table`'s shoe `<table>-<suite>`, in a data directory pushed on `dirs` for the caller to remove. */
export async function recordShoe(table: string, events: ShoeEvent[], dirs: string[], suite: string): Promise<{ shoe: string; lines: string[] }> {
  const first = events[0] as ShoeEvent & { type: 'shoe' };
  const shoe = `${table}-${suite}`;
  const dataDir = await mkdtemp(join(tmpdir(), `tq-${suite}-`));
  dirs.push(dataDir);
  const store = await TableStore.open(dataDir, { table });
  const meta = { at: '2026-11-20T20:00:00.000Z', by: 'tailleur' };
  await store.createShoe({ ...first, table, shoe }, meta);
  await store.append(shoe, events.slice(1), meta);
  await store.close();
  return { shoe, lines: (await readFile(shoeFilePath(dataDir, shoe), 'utf8')).split('\n').filter((l) => l !== '') };
}
