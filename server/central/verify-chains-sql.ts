/**
 * The archive's chains checked where the data is — what `tq verify --central
 * --chains-only` ran before it checked the bytes in worker threads
 * (quick-chains.ts: PostgreSQL's `sha256()` alone cost ~2 s per 806,000 rows
 * on one core); kept as the database's own check of the same rules: one query per range of shoes (two at a time, one per
 * connection, so PostgreSQL checks on two cores) walks every row in its
 * primary key's order, no sort, with window functions — its index in order,
 * its `prev` the previous row's hash (64 zeros first), its hash the SHA-256 of
 * its line without the hash (the table's lines are canonical,
 * docs/shoe-log.md#hash-chain), its columns those of its line, its lag behind
 * the line's `at` (late-witness.ts, in the same pass) — and returns only the
 * rows that fail (and the shoes' `witness` events, judged in JavaScript), plus
 * each shoe's first line and last row (for the links between shoes). Seals
 * are joined to the rows they seal in SQL; only their signatures are checked
 * here. A shoe with any failing row is then read and verified in full by the
 * JavaScript checks (verify-central.ts), for their exact messages; the rules
 * replay is `tq verify --central` without `--chains-only`.
 */
import type pg from 'pg';
import type { CentralRow } from './central-reader.ts';
import { tableArchive } from './central-reader.ts';
import type { SealingKey } from './key-history.ts';
import { AT_SQL, boundSql, LAG_SQL, LATE_AFTER_S, lateSql, type LateWitness } from './late-witness.ts';
import { sealIsSigned } from './seal.ts';
import { verifyCentralShoe, type CentralProblem, type CentralShoeVerdict } from './verify-central.ts';

const HASH_SUFFIX = 75; // `,"hash":"<64 hex>"}` (server/store/stored-event.ts)

export interface SqlChains {
  verdicts: CentralShoeVerdict[];
  /** Shoes the database flagged, read and verified in full. */
  doubtful: string[];
  /** Shoes with events received late (late-witness.ts), checked in the chains' pass. */
  late: LateWitness[];
  ends: { shoe: string; first: Record<string, unknown> | null; last: { i: number; hash: string; type: string } | null }[];
}

/** Ranges of shoes checked at once: more than the connections, so a range slower than the others does not leave a core idle. */
const RANGES = 4;

interface ChainRow {
  shoe_id: string;
  i: number;
  type: string;
  hash: string;
  line: string | null;
  bad: boolean;
  last: boolean;
  lag: number | null;
}

/**
 * Per row, on bytes where the text functions would count characters: the
 * line ends with `,"hash":"<its hash column>"}`, the SHA-256 of the line with
 * that suffix cut to `}` is the hash, and the line holds its columns' i, prev
 * and type in that order (canonical keys are sorted). The type is escaped for
 * LIKE (a row's type changed to `en_` must not pass as its line's `end`); prev
 * needs none: it must equal the previous row's hash, itself a SHA-256 in hex.
 * A line that is valid but not canonical fails here and is judged in full.
 */
const CHAIN_QUERY = `SELECT shoe_id, i, type, hash, line, bad, last, CASE WHEN late THEN ${LAG_SQL} END AS lag FROM (
  SELECT shoe_id, i, type, hash, line, late, at, received_at,
         lead(i) OVER w IS NULL AS last,
         (own_bad OR i <> coalesce(lag(i) OVER w, -1) + 1 OR prev <> coalesce(lag(hash) OVER w, repeat('0', 64))) AS bad
    FROM (
      -- Each row's own checks before the window, so the window keeps only these narrow columns, not the lines.
      SELECT shoe_id, i, type, hash, prev, CASE WHEN i = 0 THEN line END AS line,
             (substr(convert_to(line, 'UTF8'), octet_length(line) - ${HASH_SUFFIX - 1}) <> convert_to(',"hash":"' || hash || '"}', 'UTF8')
              OR encode(sha256(overlay(convert_to(line, 'UTF8') PLACING '\\x7d'::bytea FROM octet_length(line) - ${HASH_SUFFIX - 1} FOR ${HASH_SUFFIX})), 'hex') <> hash
              OR line NOT LIKE '%"i":' || i || ',%"prev":"' || prev || '"%"type":"' || replace(replace(replace(type, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '"%'
              OR type = 'witness') AS own_bad,
             -- Witnessed late (late-witness.ts, the same reading of the line's "at"), in the same pass; its lag only for the late.
             ${lateSql('$4')} AS late, at, received_at
        FROM (SELECT *, ${AT_SQL} AS at, ${boundSql('$4')} AS bound FROM events WHERE table_id = $1 AND shoe_id >= $2 AND shoe_id <= $3 ORDER BY shoe_id, i OFFSET 0) e
      ORDER BY shoe_id, i OFFSET 0) o
  WINDOW w AS (PARTITION BY shoe_id ORDER BY i)) r
 WHERE bad OR i = 0 OR last OR late`;

/** Queries the pool runs at once: two, or one on a pool of one connection (a second would wait in its queue). */
export function connections(db: pg.Pool): number {
  return Math.max(1, Math.min(2, db.options.max ?? 2));
}

/** The tasks' results in order, at most `width` running at once. */
async function inTurn<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const runner = async () => {
    while (next < tasks.length) {
      const k = next++;
      results[k] = await tasks[k]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, runner));
  return results;
}

/** `n` ranges [first, last] of about as many shoes each, in id order. */
export function shoeRanges(ids: readonly string[], n: number): [string, string][] {
  const size = Math.ceil(ids.length / n);
  const ranges: [string, string][] = [];
  for (let k = 0; k < ids.length; k += size) ranges.push([ids[k]!, ids[Math.min(k + size, ids.length) - 1]!]);
  return ranges;
}

export async function verifyChainsInSql(db: pg.Pool, table: string, keys: readonly SealingKey[], from = '', lateAfterS = LATE_AFTER_S): Promise<SqlChains> {
  // The shoes are split into ranges, each checked by its own query: the pool's connections (two by default) are each a
  // PostgreSQL backend, so the database checks on all its cores while the seals are read beside them.
  const ids = await db.query<{ shoe_id: string }>('SELECT DISTINCT shoe_id FROM events WHERE table_id = $1 AND shoe_id >= $2 ORDER BY shoe_id', [table, from]);
  const ranges = shoeRanges(
    ids.rows.map((r) => r.shoe_id),
    RANGES,
  );
  // Two queries at a time, one per connection of the pool (a query queued longer than the pool's connect timeout fails).
  const chunks = await inTurn(
    ranges.map(
      ([lo, hi]) =>
        () =>
          db.query<ChainRow>(CHAIN_QUERY, [table, lo, hi, lateAfterS]),
    ),
    connections(db),
  );
  const seals = await db.query<{ shoe_id: string; i: number; head: string; at: Date; final: boolean; sig: string; held: string | null }>(
    `SELECT s.shoe_id, s.i, s.head, s.at, s.final, s.sig, e.hash AS held
     FROM seals s LEFT JOIN events e USING (table_id, shoe_id, i) WHERE s.table_id = $1 AND s.shoe_id >= $2`,
    [table, from],
  );
  const rows = { rows: chunks.flatMap((c) => c.rows) };
  const shoes = new Map<
    string,
    { first: Record<string, unknown> | null; last: CentralRow | null; bad: boolean; events: number; seals: number; finalAt: number | null }
  >();
  const shoe = (id: string) => {
    let s = shoes.get(id);
    if (!s) shoes.set(id, (s = { first: null, last: null, bad: false, events: 0, seals: 0, finalAt: null }));
    return s;
  };
  const late = new Map<string, LateWitness>();
  for (const r of rows.rows) {
    const s = shoe(r.shoe_id);
    if (r.lag !== null && r.lag > lateAfterS) {
      const l = late.get(r.shoe_id);
      if (l === undefined) late.set(r.shoe_id, { table, shoe: r.shoe_id, index: r.i, events: 1, lagSeconds: r.lag });
      else {
        l.events++;
        l.index = Math.min(l.index, r.i);
        l.lagSeconds = Math.max(l.lagSeconds, r.lag);
      }
    }
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
  const lateOnes = [...late.values()]
    .map((l) => ({ ...l, lagSeconds: Math.round(l.lagSeconds) }))
    .sort((a, b) => a.index - b.index || (a.shoe < b.shoe ? -1 : a.shoe > b.shoe ? 1 : 0));
  return { verdicts, ends, doubtful, late: lateOnes };
}

function parse(line: string): Record<string, unknown> | null {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null;
  }
}
