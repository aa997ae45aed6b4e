/**
 * The seals of a shoe, in a file beside it: `<data>/shoes/<shoe>.seals.jsonl`,
 * one JSON line per seal `{"i","head","at","final","sig"}`. The shoe file
 * itself is never touched, so readers of the shoe log and the rules never see
 * a seal (docs/central-store.md).
 */
import { appendFile, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isValidShoeId, SEALS_FILE_EXTENSION, shoesDir } from '../store/data-dir.ts';
import { StoreError } from '../store/store-errors.ts';
import type { Seal } from './seal.ts';

export function sealsFilePath(dataDir: string, shoe: string): string {
  // A path built from a shoe id refuses what is not one, as shoeFilePath does.
  if (!isValidShoeId(shoe)) throw new StoreError('BAD_SHOE_ID', JSON.stringify(shoe));
  return join(shoesDir(dataDir), shoe + SEALS_FILE_EXTENSION);
}

/** Appends one seal and syncs it: a seal that is reported sent is on disk. */
export async function appendSeal(dataDir: string, shoe: string, seal: Seal): Promise<void> {
  const path = sealsFilePath(dataDir, shoe);
  const line = `${JSON.stringify({ i: seal.i, head: seal.head, at: seal.at, final: seal.final, sig: seal.sig })}\n`;
  await appendFile(path, line, { mode: 0o644 });
  const handle = await open(path, 'r');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/** The shoe's seals, oldest first; none when the file is missing. A damaged line is skipped. */
export async function readSeals(dataDir: string, shoe: string): Promise<Seal[]> {
  let text: string;
  try {
    text = await readFile(sealsFilePath(dataDir, shoe), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  const seals: Seal[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const s = JSON.parse(line) as Seal;
      if (Number.isInteger(s.i) && typeof s.head === 'string' && typeof s.sig === 'string' && typeof s.at === 'string')
        seals.push({ i: s.i, head: s.head, at: s.at, final: s.final === true, sig: s.sig });
    } catch {
      // a torn last line (crash while sealing): the seal is made again
    }
  }
  return seals;
}
