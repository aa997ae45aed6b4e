/**
 * The table's side of a key rotation (docs/central-store.md#keys): a new key
 * pair replaces `<data>/keys/table.key` (the old one is kept beside it as
 * `table.key.<n>`), and the old key signs the new public key as the table's
 * key number `keyNo` — what surveillance registers with `tq central rotate`.
 */
import { rename } from 'node:fs/promises';
import { signRotation } from './key-history.ts';
import { initTableKey, loadTableKey, privateKeyPath } from './table-keys.ts';

export async function rotateLocalKey(
  dataDir: string,
  table: string,
  keyNo: number,
  keyFile?: string,
): Promise<{ publicLine: string; sig: string; kept: string }> {
  const old = await loadTableKey(dataDir, keyFile);
  const kept = `${privateKeyPath(dataDir, keyFile)}.${keyNo - 1}`;
  await rename(privateKeyPath(dataDir, keyFile), kept);
  const next = await initTableKey(dataDir, keyFile);
  return { publicLine: next.publicLine, sig: signRotation(old.privateKey, table, keyNo, next.publicLine), kept };
}
