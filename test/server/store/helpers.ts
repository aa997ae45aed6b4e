/** Shared fixtures for the store's tests: temporary data directories and small events. */
import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
