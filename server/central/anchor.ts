/**
 * An external anchor of the central archive (docs/central-store.md#anchor):
 * a daily checkpoint of every table's head — its latest shoe, that shoe's last
 * event index and hash, its ordinal — with a Merkle root over them, signed
 * with surveillance's own key and kept by the regulator on write-once storage.
 * Each shoe names its predecessor's last hash (docs/shoe-log.md#shoe-chain),
 * so a head commits to the table's whole chain of shoes: whoever controls the
 * database later cannot remove or rewrite what the
 * checkpoint committed to without `tq verify --central --anchor` failing.
 */
import { createHash, sign, verify, type KeyObject } from 'node:crypto';
import type pg from 'pg';
import { canonicalJson } from '../store/canonical-json.ts';
import { linkOf } from '../store/verify-shoe-links.ts';
import { listTables } from './central-reader.ts';
import { publicKeyLine, parsePublicKey } from './table-keys.ts';

type Db = pg.Pool | pg.PoolClient;

export interface AnchorHead {
  table: string;
  /** The table's latest shoe (highest ordinal, else the last received), null when it has none. */
  shoe: string | null;
  i: number;
  hash: string;
  ordinal: number | null;
}

export interface Anchor {
  format: 'TQ-ANCHOR/1';
  at: string;
  heads: AnchorHead[];
  /** Merkle root (SHA-256, hex) over the heads' canonical JSON, in table order. */
  root: string;
  /** Surveillance's public key (SPKI DER, base64) and its signature of `TQ-ANCHOR/1|<at>|<root>`. */
  key: string;
  sig: string;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export function merkleRoot(heads: readonly AnchorHead[]): string {
  let level = heads.map((h) => sha256(`leaf|${canonicalJson(h)}`));
  if (level.length === 0) return sha256('empty');
  while (level.length > 1) {
    const next: string[] = [];
    // A lone last node is carried up as it is (RFC 6962), never paired with itself: duplicating it would give
    // [a, b, c] and [a, b, c, c] the same root, so a head could be added to a signed checkpoint unseen.
    for (let k = 0; k < level.length; k += 2) next.push(level[k + 1] === undefined ? level[k]! : sha256(`node|${level[k]}|${level[k + 1]}`));
    level = next;
  }
  return level[0]!;
}

const anchorText = (at: string, root: string) => `TQ-ANCHOR/1|${at}|${root}`;

/** Every table's head, read where the data is: one query for the latest shoe of each table, one for its last event. */
export async function tableHeads(db: Db): Promise<AnchorHead[]> {
  const heads: AnchorHead[] = [];
  for (const t of await listTables(db)) {
    const firsts = await db.query<{ shoe_id: string; line: string }>(
      `SELECT shoe_id, line FROM events WHERE table_id = $1 AND i = 0 ORDER BY received_at DESC, shoe_id DESC`,
      [t.table],
    );
    let latest: { shoe: string; ordinal: number | null } | null = null;
    for (const r of firsts.rows) {
      const ordinal = linkOf(JSON.parse(r.line) as Record<string, unknown>)?.ordinal ?? null;
      if (latest === null || (ordinal !== null && (latest.ordinal === null || ordinal > latest.ordinal))) latest = { shoe: r.shoe_id, ordinal };
    }
    if (latest === null) {
      heads.push({ table: t.table, shoe: null, i: -1, hash: '', ordinal: null });
      continue;
    }
    const last = await db.query<{ i: number; hash: string }>('SELECT i, hash FROM events WHERE table_id = $1 AND shoe_id = $2 ORDER BY i DESC LIMIT 1', [
      t.table,
      latest.shoe,
    ]);
    heads.push({ table: t.table, shoe: latest.shoe, i: last.rows[0]!.i, hash: last.rows[0]!.hash, ordinal: latest.ordinal });
  }
  return heads;
}

export async function makeAnchor(db: Db, key: { privateKey: KeyObject; publicKey: KeyObject }, at = new Date().toISOString()): Promise<Anchor> {
  const heads = await tableHeads(db);
  const root = merkleRoot(heads);
  const sig = sign(null, Buffer.from(anchorText(at, root), 'utf8'), key.privateKey).toString('base64');
  return { format: 'TQ-ANCHOR/1', at, heads, root, key: publicKeyLine(key.publicKey), sig };
}

export interface AnchorProblem {
  table: string | null;
  shoe: string | null;
  index: number | null;
  message: string;
}

/**
 * The checkpoint itself (signed by `trustedKey` when given, else by the key it
 * names; root recomputed), then each head it commits to: still in the archive
 * with the same hash.
 */
export async function checkAnchor(db: Db, anchor: Anchor, trustedKey?: string): Promise<AnchorProblem[]> {
  const problems: AnchorProblem[] = [];
  const whole = (message: string) => problems.push({ table: null, shoe: null, index: null, message });
  if (anchor.format !== 'TQ-ANCHOR/1') whole(`not a TQ-ANCHOR/1 checkpoint`);
  if (trustedKey !== undefined && trustedKey.trim() !== anchor.key) whole('the checkpoint is not signed by the surveillance key given');
  if (merkleRoot(anchor.heads) !== anchor.root) whole("the checkpoint's heads do not give its Merkle root: it was edited");
  let signed = false;
  try {
    signed = verify(null, Buffer.from(anchorText(anchor.at, anchor.root), 'utf8'), parsePublicKey(anchor.key), Buffer.from(anchor.sig, 'base64'));
  } catch {
    signed = false;
  }
  if (!signed) whole("the checkpoint's signature does not verify");
  for (const h of anchor.heads) {
    if (h.shoe === null) continue;
    const r = await db.query<{ hash: string }>('SELECT hash FROM events WHERE table_id = $1 AND shoe_id = $2 AND i = $3', [h.table, h.shoe, h.i]);
    const held = r.rows[0]?.hash;
    if (held === undefined)
      problems.push({
        table: h.table,
        shoe: h.shoe,
        index: h.i,
        message: `the checkpoint of ${anchor.at} committed to event ${h.i} of this shoe (hash ${h.hash.slice(0, 12)}…), which the archive no longer holds: removed`,
      });
    else if (held !== h.hash)
      problems.push({
        table: h.table,
        shoe: h.shoe,
        index: h.i,
        message: `the checkpoint of ${anchor.at} committed to hash ${h.hash.slice(0, 12)}… at event ${h.i}; the archive holds ${held.slice(0, 12)}…: rewritten`,
      });
  }
  return problems;
}
