/**
 * A seal: the table's signature of its chain head (docs/central-store.md).
 * `sig` = base64 Ed25519 over the UTF-8 text `TQ-SEAL/1|<table>|<shoe>|<i>|<head>`,
 * head = the hash of event i. Whoever rewrites the record up to i — on the
 * table's disk or in the central store — must also forge this signature,
 * which needs the table's private key.
 *
 * Version 2 (what the table signs now) also signs the seal's time and whether
 * it is final: `TQ-SEAL/2|<table>|<shoe>|<i>|<head>|<at>|<final>` — an owner
 * can no longer move a seal in time or make a checkpoint pass for the end.
 * A version 1 seal (recorded before) still verifies; an edited one verifies as neither.
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

export function sealTextV2(table: string, shoe: string, seal: Pick<Seal, 'i' | 'head' | 'at' | 'final'>): string {
  return `TQ-SEAL/2|${table}|${shoe}|${seal.i}|${seal.head}|${new Date(seal.at).toISOString()}|${seal.final}`;
}

export function makeSeal(key: KeyObject, table: string, shoe: string, head: { i: number; hash: string }, at: string, final: boolean): Seal {
  const seal = { i: head.i, head: head.hash, at, final };
  const sig = sign(null, Buffer.from(sealTextV2(table, shoe, seal), 'utf8'), key).toString('base64');
  return { ...seal, sig };
}

/** Signed by `key`: as version 2 when the seal has its time, else (or failing that) as version 1. */
export function sealIsSigned(
  key: KeyObject,
  table: string,
  shoe: string,
  seal: Pick<Seal, 'i' | 'head' | 'sig'> & Partial<Pick<Seal, 'at' | 'final'>>,
): boolean {
  const sig = Buffer.from(seal.sig, 'base64');
  const check = (text: string) => {
    try {
      return verify(null, Buffer.from(text, 'utf8'), key, sig);
    } catch {
      return false;
    }
  };
  if (seal.at !== undefined && seal.final !== undefined && check(sealTextV2(table, shoe, { ...seal, at: seal.at, final: seal.final }))) return true;
  return check(sealText(table, shoe, seal.i, seal.head));
}
