/**
 * The central store's schema, versioned (docs/central-store.md): plain SQL
 * files `migrations/NNN-name.sql`, applied in order, each in its own
 * transaction under an advisory lock (two `tq central init` at once do not
 * race), and recorded in `schema_migrations`. Running it again applies only
 * what is missing, so `tq central init` is safe to repeat.
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/** Key of the advisory lock held while migrating ("tq-central" as a number). */
const LOCK_KEY = 0x74_71_63_65;

export interface Migration {
  version: number;
  name: string;
  file: string;
}

export async function listMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{3}-[a-z0-9-]+\.sql$/.test(f)).sort();
  return files.map((file) => ({ version: Number(file.slice(0, 3)), name: file.slice(4, -4), file }));
}

/** The highest version this program knows: a table refuses a store older than that. */
export async function latestVersion(dir = MIGRATIONS_DIR): Promise<number> {
  return (await listMigrations(dir)).at(-1)?.version ?? 0;
}

export interface MigrateResult {
  applied: Migration[];
  /** The schema's version afterwards. */
  version: number;
}

export async function migrate(pool: pg.Pool, dir = MIGRATIONS_DIR): Promise<MigrateResult> {
  const migrations = await listMigrations(dir);
  const client = await pool.connect();
  const applied: Migration[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      const sql = await readFile(`${dir}/${m.file}`, 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw Object.assign(e as Error, { message: `migration ${m.file}: ${(e as Error).message}` });
      }
      applied.push(m);
    }
    const version = (await client.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations')).rows[0]?.v ?? 0;
    return { applied, version };
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}
