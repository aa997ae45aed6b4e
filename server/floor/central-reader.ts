/**
 * Everything the surveillance room reads from the central store
 * (docs/central-store.md), and nothing it writes: SELECTs only, so the floor
 * runs with the read-only surveillance role. Events come back as the exact
 * lines the table stored, parsed here once.
 */
import type pg from 'pg';
import { CentralError } from '../central/central-error.ts';
import type { StoredEvent } from '../store/stored-event.ts';

export interface TableRow {
  table: string;
  registeredAt: string;
}

export interface StatusRow {
  status: unknown;
  updatedAt: string;
  /** How old the row was when read, by the database's own clock (no skew with ours). */
  ageMs: number;
}

export interface ShoeRow {
  shoe: string;
  events: number;
  /** The shoe's first line (its `shoe` event), when held. */
  firstLine: string | null;
  /** Its `end` line, once the shoe has ended. */
  endLine: string | null;
}

/** A stored line that is not JSON: the central copy is damaged (verify reports it). */
export class CentralLineError extends Error {
  readonly code = 'CENTRAL_LINE_UNREADABLE';
  constructor(
    readonly table: string,
    readonly shoe: string,
    readonly i: number,
  ) {
    super(`table ${table} shoe ${shoe} event ${i}: the stored line is not JSON`);
    this.name = 'CentralLineError';
  }
}

/**
 * The central store's URL with the search path of its every session pinned
 * (docs/central-store.md#roles): PostgreSQL's own functions
 * first, the central schema, the session's temporary schema last — never a
 * schema named after the floor's role (`"$user"`, first by default), which a
 * role allowed to create schemas could fill with a fake `tables` or `events`.
 * Set at connection (libpq's `options`), so no query of the floor runs unpinned.
 */
export function pinnedSearchPath(url: string): string {
  const parsed = new URL(url);
  const held = parsed.searchParams.get('options');
  parsed.searchParams.set('options', `${held === null ? '' : `${held} `}${PINNED_SEARCH_PATH}`);
  return parsed.toString();
}

export const PINNED_SEARCH_PATH = '-c search_path=pg_catalog,public,pg_temp';

export class CentralReader {
  constructor(readonly db: pg.Pool) {}

  /** Fails with a clear message when the schema is missing (`tq central init` was never run). */
  async checkSchema(): Promise<void> {
    const { rows } = await this.db.query<{ events: string | null; status: string | null }>(
      "SELECT to_regclass('events')::text AS events, to_regclass('table_status')::text AS status",
    );
    if (rows[0]?.events == null || rows[0]?.status == null) throw new CentralError('NO_SCHEMA');
  }

  async tables(): Promise<TableRow[]> {
    const { rows } = await this.db.query<{ table_id: string; registered_at: Date }>('SELECT table_id, registered_at FROM tables ORDER BY table_id');
    return rows.map((r) => ({ table: r.table_id, registeredAt: r.registered_at.toISOString() }));
  }

  async status(table: string): Promise<StatusRow | null> {
    const { rows } = await this.db.query<{ status: unknown; updated_at: Date; age_ms: number }>(
      'SELECT status, updated_at, (extract(epoch FROM now() - updated_at) * 1000)::float8 AS age_ms FROM table_status WHERE table_id = $1',
      [table],
    );
    const r = rows[0];
    return r ? { status: r.status, updatedAt: r.updated_at.toISOString(), ageMs: Math.max(0, r.age_ms) } : null;
  }

  async hasShoe(table: string, shoe: string): Promise<boolean> {
    const { rowCount } = await this.db.query('SELECT 1 FROM events WHERE table_id = $1 AND shoe_id = $2 LIMIT 1', [table, shoe]);
    return (rowCount ?? 0) > 0;
  }

  /**
   * The shoe with the greatest id: shoe ids are uuid v7 (time-ordered), so it
   * is the latest started. Read from the primary key, without a scan.
   */
  async lastShoe(table: string): Promise<string | null> {
    const { rows } = await this.db.query<{ shoe_id: string | null }>('SELECT max(shoe_id) AS shoe_id FROM events WHERE table_id = $1', [table]);
    return rows[0]?.shoe_id ?? null;
  }

  /** Every shoe of the table held centrally, with its first and end lines. */
  async shoes(table: string): Promise<ShoeRow[]> {
    const { rows } = await this.db.query<{ shoe_id: string; events: number; first_line: string | null; end_line: string | null }>(
      `SELECT shoe_id, count(*)::int AS events,
              min(line) FILTER (WHERE i = 0) AS first_line,
              min(line) FILTER (WHERE type = 'end') AS end_line
         FROM events WHERE table_id = $1 GROUP BY shoe_id`,
      [table],
    );
    return rows.map((r) => ({ shoe: r.shoe_id, events: r.events, firstLine: r.first_line, endLine: r.end_line }));
  }

  /** The shoe's events after index `after` (exclusive), in order, as the table stored them. */
  async events(table: string, shoe: string, after = -1): Promise<StoredEvent[]> {
    const { rows } = await this.db.query<{ i: number; line: string }>('SELECT i, line FROM events WHERE table_id = $1 AND shoe_id = $2 AND i > $3 ORDER BY i', [
      table,
      shoe,
      after,
    ]);
    return rows.map((r) => {
      try {
        return JSON.parse(r.line) as StoredEvent;
      } catch {
        throw new CentralLineError(table, shoe, r.i);
      }
    });
  }
}
