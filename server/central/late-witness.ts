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

/** `fromShoe`: only that shoe and later ones (a checkpoint's head, verify-archive.ts). */
export async function lateWitnessed(db: pg.Pool | pg.PoolClient, table: string, afterSeconds = LATE_AFTER_S, fromShoe?: string): Promise<LateWitness[]> {
  const r = await db.query<{ shoe_id: string; first_i: number; n: string; lag: number }>(
    `SELECT shoe_id, min(i) AS first_i, count(*) AS n, max(lag)::float8 AS lag FROM (
       SELECT shoe_id, i, extract(epoch FROM received_at - at::timestamptz) AS lag FROM (
         -- The line's "at" read as text (the table writes it as toISOString, 24 characters): no JSON parse per row.
         SELECT shoe_id, i, received_at, substr(line, strpos(line, '"at":"') + 6, 24) AS at
           FROM events WHERE table_id = $1 AND shoe_id >= $3 AND strpos(line, '"at":"') > 0) a
        WHERE at ~ '^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z$') l
      WHERE lag > $2 GROUP BY shoe_id ORDER BY min(i), shoe_id`,
    [table, afterSeconds, fromShoe ?? ''],
  );
  return r.rows.map((row) => ({ table, shoe: row.shoe_id, index: row.first_i, events: Number(row.n), lagSeconds: Math.round(row.lag) }));
}

export function lateMessage(l: LateWitness): string {
  return `witnessed late: ${l.events} event(s) from event ${l.index} on reached the central store up to ${l.lagSeconds} s after they were dealt (more than the seal interval): play the witness did not see being made`;
}
