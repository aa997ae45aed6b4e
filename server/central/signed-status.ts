/**
 * The table's status row, signed (docs/central-store.md#witnessed): the table
 * signs each status it upserts with its key — `signed: {at, sig}`, sig =
 * Ed25519 over `TQ-STATUS/1|<table>|<at>|<canonical JSON of the status
 * without signed>`. Whoever holds only the table's database role (it wrote "fresh, in sync" while the server was off) can neither
 * sign a new status nor make an old one look fresh: the surveillance room
 * takes the freshness from `signed.at`, not from `updated_at`.
 */
import { sign, verify, type KeyObject } from 'node:crypto';
import { canonicalJson } from '../store/canonical-json.ts';

export interface StatusSignature {
  at: string;
  sig: string;
}

const statusText = (table: string, at: string, status: object) => `TQ-STATUS/1|${table}|${at}|${canonicalJson(status)}`;

export function signStatus<T extends object>(key: KeyObject, table: string, status: T, at = new Date().toISOString()): T & { signed: StatusSignature } {
  const sig = sign(null, Buffer.from(statusText(table, at, status), 'utf8'), key).toString('base64');
  return { ...status, signed: { at, sig } };
}

/** When the status was signed by `key`, or null when it is not signed by it. */
export function statusSignedAt(key: KeyObject, table: string, row: object): string | null {
  const { signed, ...status } = row as { signed?: Partial<StatusSignature> };
  if (typeof signed?.at !== 'string' || typeof signed.sig !== 'string') return null;
  try {
    return verify(null, Buffer.from(statusText(table, signed.at, status), 'utf8'), key, Buffer.from(signed.sig, 'base64')) ? signed.at : null;
  } catch {
    return null;
  }
}
