/**
 * Layout of a table's data directory ("one append-only JSON Lines file
 * per shoe"):
 *
 *   <dataDir>/index.json            lowdb: table, shoes, current shoe
 *   <dataDir>/shoes/<shoeId>.jsonl  one shoe log each (docs/shoe-log.md)
 *   <dataDir>/shoes/<shoeId>.seals.jsonl  the table's signed chain heads (server/central/seal-file.ts)
 */
import { join } from 'node:path';
import { StoreError } from './store-errors.ts';

export const SHOES_DIR = 'shoes';
export const SHOE_FILE_EXTENSION = '.jsonl';
/** The table's seals of a shoe, beside its file (docs/central-store.md): not a shoe. */
export const SEALS_FILE_EXTENSION = '.seals.jsonl';

/** Shoe ids become file names: keep them to characters that are safe everywhere. */
const SHOE_ID = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

export function isValidShoeId(id: unknown): id is string {
  return typeof id === 'string' && SHOE_ID.test(id);
}

export function shoesDir(dataDir: string): string {
  return join(dataDir, SHOES_DIR);
}

/**
 * The file of a shoe. Every path built from a shoe id goes through here and
 * refuses an id that is not one (`../../victim` in an
 * edited index.json made `tq recover` empty a file outside the data
 * directory; `tq verify --shoe ../../leak` printed one).
 */
export function shoeFilePath(dataDir: string, shoeId: string): string {
  if (!isValidShoeId(shoeId)) throw new StoreError('BAD_SHOE_ID', JSON.stringify(shoeId));
  return join(dataDir, SHOES_DIR, shoeId + SHOE_FILE_EXTENSION);
}

/** The shoe id of a file name in the shoes directory, or null for other files. */
export function shoeIdOfFile(name: string): string | null {
  if (!name.endsWith(SHOE_FILE_EXTENSION) || name.endsWith(SEALS_FILE_EXTENSION)) return null;
  const id = name.slice(0, -SHOE_FILE_EXTENSION.length);
  return isValidShoeId(id) ? id : null;
}
