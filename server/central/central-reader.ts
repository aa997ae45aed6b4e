/**
 * Reading the central archive (docs/central-store.md): tables and their
 * registered keys, shoes, a shoe's rows in order, its seals. Used by
 * `tq verify --central`, `tq export --central` and the surveillance room.
 */
import type pg from 'pg';
import type { Seal } from './seal.ts';

type Db = pg.Pool | pg.PoolClient;

export interface CentralTable {
  table: string;
  publicKey: string;
}

export interface CentralShoe {
  table: string;
  shoe: string;
  /** Rows held. */
  events: number;
  lastI: number;
  firstReceivedAt: string;
}

/** One stored row: its key columns and the table's line as received. */
export interface CentralRow {
  i: number;
  type: string;
  line: string;
  prev: string;
  hash: string;
}

export async function listTables(db: Db, table?: string): Promise<CentralTable[]> {
  const r = await db.query<{ table_id: string; public_key: string }>(
    `SELECT table_id, public_key FROM tables ${table === undefined ? '' : 'WHERE table_id = $1'} ORDER BY table_id`,
    table === undefined ? [] : [table],
  );
  return r.rows.map((row) => ({ table: row.table_id, publicKey: row.public_key }));
}

/** The table's shoes, oldest first (by when their first event arrived, then id: uuid v7 ids sort by time). */
export async function listShoes(db: Db, table: string): Promise<CentralShoe[]> {
  const r = await db.query<{ shoe_id: string; n: string; last_i: number; first: Date }>(
    `SELECT shoe_id, count(*) AS n, max(i) AS last_i, min(received_at) AS first FROM events WHERE table_id = $1
     GROUP BY shoe_id ORDER BY min(received_at), shoe_id`,
    [table],
  );
  return r.rows.map((row) => ({ table, shoe: row.shoe_id, events: Number(row.n), lastI: row.last_i, firstReceivedAt: row.first.toISOString() }));
}

export async function shoeRows(db: Db, table: string, shoe: string): Promise<CentralRow[]> {
  const r = await db.query<CentralRow>('SELECT i, type, line, prev, hash FROM events WHERE table_id = $1 AND shoe_id = $2 ORDER BY i', [table, shoe]);
  return r.rows;
}

export async function shoeSeals(db: Db, table: string, shoe: string): Promise<Seal[]> {
  const r = await db.query<{ i: number; head: string; at: Date; final: boolean; sig: string }>(
    'SELECT i, head, at, final, sig FROM seals WHERE table_id = $1 AND shoe_id = $2 ORDER BY i',
    [table, shoe],
  );
  return r.rows.map((s) => ({ i: s.i, head: s.head, at: s.at.toISOString(), final: s.final, sig: s.sig }));
}

/**
 * Every row and seal of a table's shoes — all, or those named — grouped by
 * shoe. Named shoes are read as one range of ids (an index range scan on the
 * primary key), so a chunk of shoes costs two queries, not two per shoe.
 */
export async function tableArchive(db: Db, table: string, only?: readonly string[]): Promise<Map<string, { rows: CentralRow[]; seals: Seal[] }>> {
  const shoes = new Map<string, { rows: CentralRow[]; seals: Seal[] }>();
  const ids = only === undefined ? (await listShoes(db, table)).map((s) => s.shoe) : [...only];
  for (const shoe of ids) shoes.set(shoe, { rows: [], seals: [] });
  const sorted = [...ids].sort();
  if (sorted.length === 0) return shoes;
  const range = 'table_id = $1 AND shoe_id >= $2 AND shoe_id <= $3';
  const params = [table, sorted[0]!, sorted.at(-1)!];
  const rows = await db.query<CentralRow & { shoe_id: string }>(
    `SELECT shoe_id, i, type, line, prev, hash FROM events WHERE ${range} ORDER BY shoe_id, i`,
    params,
  );
  for (const { shoe_id, ...row } of rows.rows) shoes.get(shoe_id)?.rows.push(row);
  const seals = await db.query<{ shoe_id: string; i: number; head: string; at: Date; final: boolean; sig: string }>(
    `SELECT shoe_id, i, head, at, final, sig FROM seals WHERE ${range} ORDER BY shoe_id, i`,
    params,
  );
  for (const s of seals.rows) shoes.get(s.shoe_id)?.seals.push({ i: s.i, head: s.head, at: s.at.toISOString(), final: s.final, sig: s.sig });
  return shoes;
}
