/**
 * The application never connects as the record's owner (docs/central-store.md#owner):
 * a table server connected as a superuser or a member of `tq_owner` could
 * switch the append-only guard off. The table deals on, but says so loudly.
 */
import type { Logger } from 'pino';
import type pg from 'pg';

/** Why the connected role is too powerful for a table, or null. */
export async function ownerConnection(pool: pg.Pool): Promise<string | null> {
  const r = await pool.query<{ who: string; superuser: boolean; owner: boolean }>(
    `SELECT current_user AS who, rolsuper AS superuser,
            EXISTS (SELECT FROM pg_roles o WHERE o.rolname = 'tq_owner' AND pg_has_role(current_user, o.oid, 'MEMBER')) AS owner
       FROM pg_roles WHERE rolname = current_user`,
  );
  const row = r.rows[0];
  if (row === undefined) return null;
  if (row.superuser) return `connected as ${row.who}, a superuser: a table should connect as its own role (tq_table_<id>)`;
  if (row.owner) return `connected as ${row.who}, a member of tq_owner: a table should connect as its own role (tq_table_<id>)`;
  return null;
}

export function warnIfOwner(pool: pg.Pool, logger: Logger): void {
  ownerConnection(pool)
    .then((why) => why && logger.warn({ reason: why }, 'the table connects to the central store as its owner'))
    .catch(() => undefined); // unreachable now: the replicator reports it
}
