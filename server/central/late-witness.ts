/**
 * Events witnessed late (docs/central-store.md#verification): the central
 * store received them more than the seal interval after the table says they
 * were decided (`received_at` − the line's `at`). Play the central store did
 * not see as it was made could have been rewritten on the table's box before
 * it was sent — with the key on that disk, even sealed —
 * so it fails verification with its lag, one problem per shoe: the first
 * late event, how many, the longest lag. Computed where the data is.
 */
import type pg from 'pg';

/** The seal interval's default (server/central/sealer.ts): later than this is late. */
export const LATE_AFTER_S = 60;

export interface LateWitness {
  table: string;
  shoe: string;
  /** The first event received late. */
  index: number;
  events: number;
  /** The longest lag, in seconds. */
  lagSeconds: number;
}

/** The line's `at` as the table writes it (toISOString, 24 characters), read as text: no JSON parse per row. */
export const AT_SQL = `CASE WHEN strpos(line, '"at":"') > 0 THEN substr(line, strpos(line, '"at":"') + 6, 24) END`;

/** The reading of `at` the lag is computed from; any other text is no time and never late. */
const AT_FORMAT = `'^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z$'`;

/** The lag in seconds of a row whose `at` (AT_SQL, as a column) has the format, else null. */
export const LAG_SQL = `CASE WHEN at ~ ${AT_FORMAT} THEN extract(epoch FROM received_at - at::timestamptz)::float8 END`;

/**
 * A row's first time that could be late (as the column `bound`, beside `at`):
 * `received_at` − `after` + 1 s, printed as text, ISO to the second when the
 * server prints timestamps so.
 */
export function boundSql(after: string): string {
  return `((received_at - greatest(least(${after}::float8, 1e10), -1e10) * interval '1 second' + interval '1 second') AT TIME ZONE 'UTC')::text`;
}

/**
 * Whether a row (columns `at`, `received_at`, `bound`) is late: its lag
 * (LAG_SQL) above `after` seconds. The regular expression and the timestamp
 * cast cost ~5 µs a row, most of the chains' pass; they run only on the rows a
 * cheap test cannot clear: text in the fixed form of `at` sorts as time, so a
 * row whose `at` is later, to the second, than its bound is not late (the
 * second of slack covers the rounding of `after`). A bound printed in another
 * form (a server's DateStyle, a year past 9999) clears no row: every row gets
 * the exact test.
 */
export function lateSql(after: string): string {
  const maybe = `CASE WHEN bound LIKE '____-__-__ __:__:__%' THEN left(at, 10) COLLATE "C" || ' ' || substr(at, 12, 8) <= left(bound, 19) ELSE true END`;
  return `coalesce(CASE WHEN ${maybe} THEN ${LAG_SQL} > ${after}::float8 END, false)`;
}

/** `fromShoe`: only that shoe and later ones (a checkpoint's head, verify-archive.ts). */
export async function lateWitnessed(db: pg.Pool | pg.PoolClient, table: string, afterSeconds = LATE_AFTER_S, fromShoe?: string): Promise<LateWitness[]> {
  const r = await db.query<{ shoe_id: string; first_i: number; n: string; lag: number }>(
    `SELECT shoe_id, min(i) AS first_i, count(*) AS n, max(${LAG_SQL}) AS lag FROM (
       SELECT shoe_id, i, received_at, ${AT_SQL} AS at, ${boundSql('$2')} AS bound FROM events WHERE table_id = $1 AND shoe_id >= $3 OFFSET 0) a
      WHERE ${lateSql('$2')} GROUP BY shoe_id ORDER BY min(i), shoe_id`,
    [table, afterSeconds, fromShoe ?? ''],
  );
  return r.rows.map((row) => ({ table, shoe: row.shoe_id, index: row.first_i, events: Number(row.n), lagSeconds: Math.round(row.lag) }));
}

export function lateMessage(l: LateWitness): string {
  return `witnessed late: ${l.events} event(s) from event ${l.index} on reached the central store up to ${l.lagSeconds} s after they were dealt (more than the seal interval): play the witness did not see being made`;
}
