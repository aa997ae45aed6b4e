/**
 * The archive's chains checked where the data is (`tq verify
 * --central --chains-only` at ≥ 1,000 shoes/s): one query per table walks every
 * row with window functions — its index in order, its `prev` the previous
 * row's hash (64 zeros first), its hash the SHA-256 of its line without the
 * hash (the table's lines are canonical, docs/shoe-log.md#hash-chain), its
 * columns those of its line — and returns only the rows that fail (and the
 * shoes' `witness` events, judged in JavaScript), plus each
 * shoe's first line and last row (for the links between shoes). Seals are
 * joined to the rows they seal in SQL; only their signatures are checked here.
 * A shoe with any failing row is then read and verified in full by the
 * JavaScript checks (verify-central.ts), for their exact messages; the rules
 * replay is `tq verify --central` without `--chains-only`.
 */
import type pg from 'pg';
import type { CentralRow } from './central-reader.ts';
import { tableArchive } from './central-reader.ts';
import type { SealingKey } from './key-history.ts';
import { sealIsSigned } from './seal.ts';
import { verifyCentralShoe, type CentralProblem, type CentralShoeVerdict } from './verify-central.ts';

const HASH_SUFFIX = 75; // `,"hash":"<64 hex>"}` (server/store/stored-event.ts)

export interface SqlChains {
  verdicts: CentralShoeVerdict[];
  /** Shoes the database flagged, read and verified in full. */
  doubtful: string[];
  ends: { shoe: string; first: Record<string, unknown> | null; last: { i: number; hash: string; type: string } | null }[];
}

export async function verifyChainsInSql(db: pg.Pool, table: string, keys: readonly SealingKey[], from = '', lateAfterS?: number): Promise<SqlChains> {
  // The rows and the seals are read at once, on two connections: the database checks both while this waits.
  const [rows, seals] = await Promise.all([
    db.query<{ shoe_id: string; i: number; type: string; hash: string; line: string | null; bad: boolean; last: boolean }>(
      `SELECT shoe_id, i, type, hash, CASE WHEN i = 0 THEN line END AS line, bad, last FROM (
       SELECT shoe_id, i, type, hash, line,
              lead(i) OVER w IS NULL AS last,
              (i <> row_number() OVER w - 1
               OR prev <> coalesce(lag(hash) OVER w, repeat('0', 64))
               OR substr(line, length(line) - 65, 64) <> hash
               OR encode(sha256(convert_to(left(line, -${HASH_SUFFIX}) || '}', 'UTF8')), 'hex') <> hash
               OR strpos(line, '"i":' || i || ',') = 0
               OR strpos(line, '"prev":"' || prev || '"') = 0
               OR strpos(line, '"type":"' || type || '"') = 0
               OR type = 'witness') AS bad
         FROM events WHERE table_id = $1 AND shoe_id >= $2
       WINDOW w AS (PARTITION BY shoe_id ORDER BY i)) r
      WHERE bad OR i = 0 OR last`,
      [table, from],
    ),
    db.query<{ shoe_id: string; i: number; head: string; at: Date; final: boolean; sig: string; held: string | null }>(
      `SELECT s.shoe_id, s.i, s.head, s.at, s.final, s.sig, e.hash AS held
       FROM seals s LEFT JOIN events e USING (table_id, shoe_id, i) WHERE s.table_id = $1 AND s.shoe_id >= $2`,
      [table, from],
    ),
  ]);
  const shoes = new Map<
    string,
    { first: Record<string, unknown> | null; last: CentralRow | null; bad: boolean; events: number; seals: number; finalAt: number | null }
  >();
  const shoe = (id: string) => {
    let s = shoes.get(id);
    if (!s) shoes.set(id, (s = { first: null, last: null, bad: false, events: 0, seals: 0, finalAt: null }));
    return s;
  };
  for (const r of rows.rows) {
    const s = shoe(r.shoe_id);
    if (r.bad) s.bad = true;
    if (r.line !== null) s.first = parse(r.line);
    if (r.last) {
      s.last = { i: r.i, type: r.type, hash: r.hash, line: '', prev: '' };
      s.events = r.i + 1; // a gap is a bad row: counted exactly when read in full
    }
  }
  for (const seal of seals.rows) {
    const s = shoe(seal.shoe_id);
    s.seals++;
    const at = seal.at.toISOString();
    const signed = keys.some((k) => (k.revokedAt === null || at < k.revokedAt) && sealIsSigned(k.key, table, seal.shoe_id, { ...seal, at }));
    if (!signed || seal.held !== seal.head || (seal.final && (s.last === null || s.last.i > seal.i))) s.bad = true;
    if (seal.final) s.finalAt = seal.i;
  }
  for (const s of shoes.values()) if (s.last?.type === 'end' && s.finalAt !== s.last.i) s.bad = true;
  const verdicts: CentralShoeVerdict[] = [];
  const doubtful = [...shoes].filter(([, s]) => s.bad).map(([id]) => id);
  for (let k = 0; k < doubtful.length; k += 50) {
    for (const [id, { rows: held, seals: sealed }] of await tableArchive(db, table, doubtful.slice(k, k + 50)))
      verdicts.push(verifyCentralShoe(table, id, held, sealed, keys, false, lateAfterS));
  }
  const ok: CentralProblem[] = [];
  for (const [id, s] of shoes) if (!s.bad) verdicts.push({ table, shoe: id, events: s.events, seals: s.seals, ok: true, problems: ok });
  const ends = [...shoes].map(([id, s]) => ({ shoe: id, first: s.first, last: s.last && { i: s.last.i, hash: s.last.hash, type: s.last.type } }));
  return { verdicts, ends, doubtful };
}

function parse(line: string): Record<string, unknown> | null {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null;
  }
}
