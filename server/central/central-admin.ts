/**
 * Surveillance's administration of the central store (docs/central-store.md):
 * registering a table's public key, and creating the login roles — one per
 * table, that may only append its own table's rows, and read-only ones for
 * surveillance. Roles get their rights from the groups made by migration 002.
 */
import type pg from 'pg';
import { CentralError } from './central-error.ts';
import { parsePublicKey } from './table-keys.ts';

export const TABLE_ID = /^[A-Za-z0-9_-]{1,32}$/;

export function tableRoleName(table: string): string {
  return `tq_table_${table}`;
}

/**
 * Registers the table's key. Registering the same key again is a no-op; a
 * table keeps its key: replacing one is refused (its seals would no longer verify).
 */
export async function registerTable(pool: pg.Pool, table: string, key: string): Promise<'registered' | 'already'> {
  if (!TABLE_ID.test(table)) throw new CentralError('UNKNOWN_TABLE', `a table id is 1–32 letters, digits, - or _: ${JSON.stringify(table)}`);
  parsePublicKey(key);
  const line = key.trim();
  const inserted = await pool.query('INSERT INTO tables (table_id, public_key) VALUES ($1, $2) ON CONFLICT DO NOTHING', [table, line]);
  if (inserted.rowCount === 1) return 'registered';
  const held = await pool.query<{ public_key: string }>('SELECT public_key FROM tables WHERE table_id = $1', [table]);
  if (held.rows[0]?.public_key === line) return 'already';
  throw new CentralError('KEY_MISMATCH', `table ${table} is registered with another key; a table keeps its key`);
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** Creates (or updates the password of) a login role in `group`; returns its name. */
async function loginRole(client: pg.PoolClient, name: string, group: 'tq_appender' | 'tq_surveillance', password: string | undefined): Promise<void> {
  const exists = (await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [name])).rowCount === 1;
  const pw = password === undefined ? '' : ` PASSWORD ${quoteLiteral(password)}`;
  await client.query(`${exists ? 'ALTER' : 'CREATE'} ROLE ${quoteIdent(name)} LOGIN${pw}`);
  await client.query(`GRANT ${group} TO ${quoteIdent(name)}`);
}

/** The login role of one table: appends its own table's events and seals, upserts its status. */
export async function createTableRole(pool: pg.Pool, table: string, password?: string): Promise<string> {
  if (!TABLE_ID.test(table)) throw new CentralError('UNKNOWN_TABLE', JSON.stringify(table));
  const name = tableRoleName(table);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await loginRole(client, name, 'tq_appender', password);
    await client.query('INSERT INTO table_appenders (role_name, table_id) VALUES ($1, $2) ON CONFLICT (role_name) DO NOTHING', [name, table]);
    await client.query('COMMIT');
    return name;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

/** A read-only login role for surveillance. */
export async function createSurveillanceRole(pool: pg.Pool, name: string, password?: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new CentralError('REJECTED', `a role name is lower-case letters, digits and _: ${JSON.stringify(name)}`);
  const client = await pool.connect();
  try {
    await loginRole(client, name, 'tq_surveillance', password);
    return name;
  } finally {
    client.release();
  }
}
