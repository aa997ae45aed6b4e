/**
 * What an insider with the project's own functions can do to a table's
 * files (docs/central-store.md): rewrite lines and recompute the hash chain
 * and the index's last hash after them, so `tq verify --data` alone finds
 * nothing. Only the central witness can tell.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { canonicalJsonWithout } from '../../../server/store/canonical-json.ts';
import { shoeFilePath } from '../../../server/store/data-dir.ts';
import { hashOfEvent } from '../../../server/store/hash-chain.ts';
import { GENESIS_PREV, lineOf } from '../../../server/store/stored-event.ts';

type Event = Record<string, unknown> & { i: number; prev: string; hash: string };

/** Rewrites a shoe file with `change` applied to its events, chain and index recomputed. */
export async function rewriteShoe(dataDir: string, shoe: string, change: (events: Event[]) => Event[]): Promise<void> {
  const path = shoeFilePath(dataDir, shoe);
  const events = (await readFile(path, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Event);
  const changed = change(events);
  let prev = GENESIS_PREV;
  const lines = changed.map((e, i) => {
    const linked = { ...e, i, prev };
    const hash = hashOfEvent(linked);
    prev = hash;
    return lineOf(canonicalJsonWithout(linked, 'hash'), hash);
  });
  await writeFile(path, lines.map((l) => `${l}\n`).join(''));
  const indexPath = join(dataDir, 'index.json');
  const index = JSON.parse(await readFile(indexPath, 'utf8')) as { shoes: { id: string; events?: number; lastHash?: string }[] };
  for (const entry of index.shoes) {
    if (entry.id !== shoe || entry.events === undefined) continue;
    entry.events = lines.length;
    entry.lastHash = prev;
  }
  await writeFile(indexPath, JSON.stringify(index, null, 2));
}

/** The i of the first card event after `from` whose card is not `card`. */
export function cardAfter(events: readonly Event[], from: number): number {
  return events.findIndex((e, k) => k >= from && e.type === 'card');
}
