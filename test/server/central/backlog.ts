/**
 * A large record made quickly, for catch-up tests and figures: copies of one
 * dealt shoe under new ids, each chained again, listed by the store's own
 * reconciliation when it next opens; sealed (final) when given the table's key.
 * Each copy names the one before it on its first line, with the next ordinal,
 * as the table links its shoes (docs/shoe-log.md#shoe-chain).
 */
import { makeSeal } from '../../../server/central/seal.ts';
import { appendSeal, readSeals } from '../../../server/central/seal-file.ts';
import type { TableKey } from '../../../server/central/table-keys.ts';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { v7 as uuidv7 } from 'uuid';
import { shoeFilePath, shoesDir } from '../../../server/store/data-dir.ts';
import { chainBatch } from '../../../server/store/hash-chain.ts';
import { GENESIS_PREV, type StampedEvent } from '../../../server/store/stored-event.ts';
import { TableStore } from '../../../server/store/table-store.ts';

/** Copies of one dealt shoe under new ids, chained again: a large backlog written in milliseconds. */
export async function cloneShoes(dir: string, copies: number, key?: TableKey): Promise<void> {
  const opened = await TableStore.open(dir);
  const first = opened.listShoes()[0];
  await opened.close();
  const lines = (await readFile(shoeFilePath(dir, first!.id), 'utf8')).split('\n').filter(Boolean);
  await mkdir(shoesDir(dir), { recursive: true });
  const firstLine = JSON.parse(lines[0]!) as { ordinal?: number };
  const lastLine = JSON.parse(lines.at(-1)!) as { i: number; hash: string };
  let previous = { shoe: first!.id, i: lastLine.i, hash: lastLine.hash };
  let ordinal = firstLine.ordinal ?? 1;
  for (let k = 0; k < copies; k++) {
    const id = uuidv7();
    const link = { ordinal: ++ordinal, previous };
    const events = lines.map((l, i) => {
      const { i: _i, prev: _p, hash: _h, ...e } = JSON.parse(l) as Record<string, unknown>;
      return (i === 0 ? { ...e, shoe: id, ...link } : e) as unknown as StampedEvent;
    });
    const chained = chainBatch(GENESIS_PREV, 0, events);
    previous = { shoe: id, i: chained.events.at(-1)!.i, hash: chained.events.at(-1)!.hash };
    await writeFile(shoeFilePath(dir, id), chained.text);
    if (key) await appendSeal(dir, id, makeSeal(key.privateKey, opened.table!, id, chained.events.at(-1)!, new Date().toISOString(), true));
  }
  if (key && (await readSeals(dir, first!.id)).length === 0) {
    const last = JSON.parse(lines.at(-1)!) as { i: number; hash: string };
    await appendSeal(dir, first!.id, makeSeal(key.privateKey, opened.table!, first!.id, last, new Date().toISOString(), true));
  }
  await (await TableStore.open(dir)).close(); // lists the new files in the index
}
