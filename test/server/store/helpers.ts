/** Shared fixtures for the store's tests: temporary data directories and small events. */
import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TableStore } from '../../../server/store/table-store.ts';
import { VENICE_RULES, type EventOf, type ShoeEvent } from '../../../shoe/index.ts';

/** A fresh directory under the OS temp dir, removed after the current test file. */
export function useTempDirs(): () => Promise<string> {
  const made: string[] = [];
  after(async () => {
    await Promise.all(made.map((d) => rm(d, { recursive: true, force: true })));
  });
  return async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tq-store-'));
    made.push(dir);
    return dir;
  };
}

export const META = { at: '2025-06-01T20:00:00.000Z', by: 'tailleur-1' } as const;

export function shoeStart(shoe: string, table = 'T1'): EventOf<'shoe'> {
  return { type: 'shoe', table, shoe, cards: 312, rules: { ...VENICE_RULES } };
}

export function card(seq: number, card = 'QH'): ShoeEvent {
  return { type: 'card', seq, card };
}

/** The prototype of node's FileHandle, to spy on sync and datasync. */
export async function fileHandlePrototype(): Promise<FileHandle> {
  const probe = await open(process.execPath, 'r');
  await probe.close();
  return Object.getPrototypeOf(probe) as FileHandle;
}

/** Stores whole shoes through the store, as the table would: first event, then the rest in batches. */
export async function storeShoes(dir: string, shoes: ShoeEvent[][]): Promise<void> {
  const store = await TableStore.open(dir, { table: 'T1' });
  for (const [first, ...rest] of shoes) {
    const shoe = (first as { shoe: string }).shoe;
    await store.createShoe(first as never, META);
    for (let k = 0; k < rest.length; k += 50) await store.append(shoe, rest.slice(k, k + 50), META);
  }
  await store.close();
}

/** A shoe of two cards, ended (suspended) unless `end` is false. */
export const small = (shoe: string, end = true): ShoeEvent[] => [
  shoeStart(shoe),
  card(1),
  card(2),
  ...(end ? [{ type: 'end', reason: 'suspended' } as const] : []),
];
