/**
 * A seal: the table's signature of its chain head (docs/central-store.md).
 * `sig` = base64 Ed25519 over the UTF-8 text `TQ-SEAL/1|<table>|<shoe>|<i>|<head>`,
 * head = the hash of event i. Whoever rewrites the record up to i — on the
 * table's disk or in the central store — must also forge this signature,
 * which needs the table's private key.
 */
import { sign, verify, type KeyObject } from 'node:crypto';

export interface Seal {
  i: number;
  head: string;
  /** ISO time of sealing. */
  at: string;
  /** The shoe's last seal, written at its end. */
  final: boolean;
  sig: string;
}

export function sealText(table: string, shoe: string, i: number, head: string): string {
  return `TQ-SEAL/1|${table}|${shoe}|${i}|${head}`;
}

export function makeSeal(key: KeyObject, table: string, shoe: string, head: { i: number; hash: string }, at: string, final: boolean): Seal {
  const sig = sign(null, Buffer.from(sealText(table, shoe, head.i, head.hash), 'utf8'), key).toString('base64');
  return { i: head.i, head: head.hash, at, final, sig };
}

export function sealIsSigned(key: KeyObject, table: string, shoe: string, seal: Pick<Seal, 'i' | 'head' | 'sig'>): boolean {
  try {
    return verify(null, Buffer.from(sealText(table, shoe, seal.i, seal.head), 'utf8'), key, Buffer.from(seal.sig, 'base64'));
  } catch {
    return false;
  }
}
