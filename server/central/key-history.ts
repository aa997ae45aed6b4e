/**
 * The lifecycle of a table's key (docs/central-store.md#keys), from migration
 * 004: every key registered, in order, each after the first signed by the one
 * before it (`TQ-ROTATE/1|<table>|<key_no>|<public key>`); revocations; and
 * the check `tq verify --central` makes of it — every rotation signed by the
 * key it replaced, `tables.public_key` the last key of the history. An owner
 * who swaps the registered key to re-sign a rewritten archive can write neither a rotation signature nor a history that agrees.
 */
import { sign, verify, type KeyObject } from 'node:crypto';
import type pg from 'pg';
import { CentralError } from './central-error.ts';
import { parsePublicKey } from './table-keys.ts';

type Db = pg.Pool | pg.PoolClient;

export interface KeyRecord {
  keyNo: number;
  publicKey: string;
  registeredBy: string;
  registeredAt: string;
  rotationSig: string | null;
  revokedAt: string | null;
}

/** A key seals may be checked against: valid until `revokedAt`, if revoked. */
export interface SealingKey {
  keyNo: number;
  key: KeyObject;
  revokedAt: string | null;
}

export function rotationText(table: string, keyNo: number, publicKey: string): string {
  return `TQ-ROTATE/1|${table}|${keyNo}|${publicKey}`;
}

/** The old key's signature of the table's next key (`tq keys rotate` makes it on the table). */
export function signRotation(oldKey: KeyObject, table: string, keyNo: number, publicKey: string): string {
  return sign(null, Buffer.from(rotationText(table, keyNo, publicKey), 'utf8'), oldKey).toString('base64');
}

export async function keyHistory(db: Db, table: string): Promise<KeyRecord[]> {
  const r = await db.query<{
    key_no: number;
    public_key: string;
    registered_by: string;
    registered_at: Date;
    rotation_sig: string | null;
    revoked_at: Date | null;
  }>(
    `SELECT k.key_no, k.public_key, k.registered_by, k.registered_at, k.rotation_sig, r.revoked_at
       FROM table_keys k LEFT JOIN key_revocations r USING (table_id, key_no) WHERE k.table_id = $1 ORDER BY k.key_no`,
    [table],
  );
  return r.rows.map((row) => ({
    keyNo: row.key_no,
    publicKey: row.public_key,
    registeredBy: row.registered_by,
    registeredAt: row.registered_at.toISOString(),
    rotationSig: row.rotation_sig,
    revokedAt: row.revoked_at?.toISOString() ?? null,
  }));
}

/** Registers the table's next key, refused unless `sig` is the current key's signature of it. */
export async function rotateTableKey(pool: pg.Pool, table: string, publicKey: string, sig: string): Promise<number> {
  parsePublicKey(publicKey);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const history = await keyHistory(client, table);
    const last = history.at(-1);
    if (last === undefined) throw new CentralError('NOT_REGISTERED', `table ${table}`);
    const keyNo = last.keyNo + 1;
    if (!signedBy(parsePublicKey(last.publicKey), rotationText(table, keyNo, publicKey.trim()), sig))
      throw new CentralError('BAD_KEY', `the rotation of table ${table} to key ${keyNo} is not signed by its current key ${last.keyNo}`);
    await client.query('INSERT INTO table_keys (table_id, key_no, public_key, rotation_sig) VALUES ($1, $2, $3, $4)', [table, keyNo, publicKey.trim(), sig]);
    await client.query('UPDATE tables SET public_key = $2 WHERE table_id = $1', [table, publicKey.trim()]);
    await client.query('COMMIT');
    return keyNo;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

/** Revokes key `keyNo` of the table: seals it makes after now no longer verify. */
export async function revokeTableKey(pool: pg.Pool, table: string, keyNo: number, reason: string): Promise<void> {
  await pool.query('INSERT INTO key_revocations (table_id, key_no, reason) VALUES ($1, $2, $3)', [table, keyNo, reason]);
}

/** The keys seals may be checked against, and what is wrong with the history. */
export function checkKeyHistory(table: string, currentKey: string, history: readonly KeyRecord[]): { keys: SealingKey[]; problems: string[] } {
  const problems: string[] = [];
  const keys: SealingKey[] = [];
  let trusted = true; // a key not rotated to by the table, and every key after it, seals nothing
  history.forEach((k, n) => {
    let key: KeyObject;
    try {
      key = parsePublicKey(k.publicKey);
    } catch (e) {
      problems.push(`key ${k.keyNo}: ${(e as Error).message}`);
      return;
    }
    if (k.keyNo !== n + 1) problems.push(`key ${k.keyNo} follows key ${n}: keys are missing from the history`);
    const before = history[n - 1];
    if (
      before !== undefined &&
      (k.rotationSig === null || !signedBy(parsePublicKey(before.publicKey), rotationText(table, k.keyNo, k.publicKey), k.rotationSig))
    ) {
      problems.push(`key ${k.keyNo} (registered by ${k.registeredBy} at ${k.registeredAt}) is not signed by key ${before.keyNo}: not a rotation by the table`);
      trusted = false;
    }
    if (trusted) keys.push({ keyNo: k.keyNo, key, revokedAt: k.revokedAt });
  });
  if (history.length === 0) problems.push('no key history: the table was registered outside tq central register');
  else if (history.at(-1)!.publicKey !== currentKey.trim())
    problems.push("tables.public_key is not the last key of the table's history: the registered key was changed outside it");
  return { keys, problems };
}

function signedBy(key: KeyObject, text: string, sig: string): boolean {
  try {
    return verify(null, Buffer.from(text, 'utf8'), key, Buffer.from(sig, 'base64'));
  } catch {
    return false;
  }
}
