/**
 * What the central store lacks of the table's record, read from the table's
 * own files when replication starts (docs/central-store.md): every event after
 * the last one the central store holds, shoe by shoe in the order they were
 * played, and every seal after its last seal. A shoe the central store holds
 * whole (its final seal is there) is not even opened, so starting costs
 * nothing per shoe already witnessed.
 */
import { shoeFilePath } from '../store/data-dir.ts';
import { readShoeLogText } from '../store/shoe-log-file.ts';
import type { ShoeIndexEntry } from '../store/table-index.ts';
import type { CentralEventRow, CentralHeads } from './central-writer.ts';
import type { Seal } from './seal.ts';
import { readSeals } from './seal-file.ts';

export interface Backlog {
  events: CentralEventRow[];
  seals: { shoe: string; seal: Seal }[];
}

export async function localBacklog(dataDir: string, shoes: readonly ShoeIndexEntry[], heads: CentralHeads): Promise<Backlog> {
  const backlog: Backlog = { events: [], seals: [] };
  for (const entry of shoes) {
    const centralLast = heads.events.get(entry.id) ?? -1;
    const centralSeal = heads.seals.get(entry.id);
    if (entry.events !== undefined && centralLast + 1 >= entry.events && centralSeal?.final === true) continue;
    const log = await readShoeLogText(shoeFilePath(dataDir, entry.id)).catch(() => null);
    for (const line of log?.lines ?? []) {
      if (line.kind !== 'event') break; // a damaged line stops the shoe's replication: verify reports it
      const row = rowOf(entry.id, line.text, line.event);
      if (row === null) break;
      if (row.i > centralLast) backlog.events.push(row);
    }
    for (const seal of await readSeals(dataDir, entry.id)) {
      if (seal.i > (centralSeal?.i ?? -1)) backlog.seals.push({ shoe: entry.id, seal });
    }
  }
  return backlog;
}

/** The central row of one stored line, or null when the line lacks its chain fields. */
export function rowOf(shoe: string, line: string, event: Record<string, unknown>): CentralEventRow | null {
  const { i, type, prev, hash } = event;
  if (typeof i !== 'number' || typeof type !== 'string' || typeof prev !== 'string' || typeof hash !== 'string') return null;
  return { shoe, i, type, line, prev, hash };
}
