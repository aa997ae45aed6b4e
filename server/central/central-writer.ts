/**
 * What a table writes to the central store and reads back to resume
 * (docs/central-store.md). Inserts are idempotent on (table, shoe, i): a row
 * already there with the same hash is the same event sent twice (a restart, a
 * batch whose answer was lost); a row there with another hash is a divergence,
 * reported and never overwritten — the store refuses UPDATE anyway.
 */
import type pg from 'pg';
import type { Seal } from './seal.ts';

/** One event as the central store keeps it: the shoe file's line, with its chain fields. */
export interface CentralEventRow {
  shoe: string;
  i: number;
  type: string;
  line: string;
  prev: string;
  hash: string;
}

export interface Divergence {
  shoe: string;
  i: number;
  /** The hash the table sent. */
  local: string;
  /** The hash the central store holds. */
  central: string;
}

/** Highest event index and seal index the central store holds, per shoe of the table. */
export interface CentralHeads {
  events: Map<string, number>;
  seals: Map<string, { i: number; final: boolean }>;
}

export async function centralHeads(db: pg.Pool | pg.PoolClient, table: string): Promise<CentralHeads> {
  const events = await db.query<{ shoe_id: string; i: number }>('SELECT shoe_id, max(i) AS i FROM events WHERE table_id = $1 GROUP BY shoe_id', [table]);
  const seals = await db.query<{ shoe_id: string; i: number; final: boolean }>(
    'SELECT DISTINCT ON (shoe_id) shoe_id, i, final FROM seals WHERE table_id = $1 ORDER BY shoe_id, i DESC',
    [table],
  );
  return {
    events: new Map(events.rows.map((r) => [r.shoe_id, r.i])),
    seals: new Map(seals.rows.map((r) => [r.shoe_id, { i: r.i, final: r.final }])),
  };
}

/** The public key line surveillance registered for the table, or null. */
export async function registeredKey(db: pg.Pool | pg.PoolClient, table: string): Promise<string | null> {
  const r = await db.query<{ public_key: string }>('SELECT public_key FROM tables WHERE table_id = $1', [table]);
  return r.rows[0]?.public_key ?? null;
}

/** Inserts events in one statement; returns the places where the central store holds another event. */
export async function insertEvents(db: pg.Pool | pg.PoolClient, table: string, rows: readonly CentralEventRow[]): Promise<Divergence[]> {
  if (rows.length === 0) return [];
  // One JSON parameter rather than six arrays: JSON.stringify and PostgreSQL's JSON parser are native, pg's array quoting is not.
  const inserted = await db.query<{ shoe_id: string; i: number }>(
    `INSERT INTO events (table_id, shoe_id, i, type, line, prev, hash)
     SELECT $1, r.shoe, r.i, r.type, r.line, r.prev, r.hash
       FROM json_to_recordset($2::json) AS r(shoe text, i integer, type text, line text, prev text, hash text)
     ON CONFLICT DO NOTHING RETURNING shoe_id, i`,
    [table, JSON.stringify(rows)],
  );
  if (inserted.rows.length === rows.length) return [];
  const done = new Set(inserted.rows.map((r) => `${r.shoe_id}:${r.i}`));
  const already = rows.filter((r) => !done.has(`${r.shoe}:${r.i}`));
  const held = await db.query<{ shoe_id: string; i: number; hash: string }>(
    'SELECT e.shoe_id, e.i, e.hash FROM events e JOIN unnest($2::text[], $3::int[]) AS k(shoe_id, i) USING (shoe_id, i) WHERE e.table_id = $1',
    [table, already.map((r) => r.shoe), already.map((r) => r.i)],
  );
  const central = new Map(held.rows.map((r) => [`${r.shoe_id}:${r.i}`, r.hash]));
  return already.flatMap((r) => {
    const hash = central.get(`${r.shoe}:${r.i}`);
    return hash === undefined || hash === r.hash ? [] : [{ shoe: r.shoe, i: r.i, local: r.hash, central: hash }];
  });
}

export async function insertSeals(db: pg.Pool | pg.PoolClient, table: string, seals: readonly { shoe: string; seal: Seal }[]): Promise<void> {
  if (seals.length === 0) return;
  await db.query(
    `INSERT INTO seals (table_id, shoe_id, i, head, at, final, sig)
     SELECT $1, r.shoe, r.i, r.head, r.at, r.final, r.sig
       FROM json_to_recordset($2::json) AS r(shoe text, i integer, head text, at timestamptz, final boolean, sig text)
     ON CONFLICT DO NOTHING`,
    [table, JSON.stringify(seals.map(({ shoe, seal }) => ({ shoe, ...seal })))],
  );
}

/** The table's live state for the surveillance room (table_status.status). */
export async function upsertStatus(db: pg.Pool | pg.PoolClient, table: string, status: object): Promise<void> {
  await db.query(
    `INSERT INTO table_status (table_id, status, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (table_id) DO UPDATE SET status = EXCLUDED.status, updated_at = now()`,
    [table, JSON.stringify(status)],
  );
}
