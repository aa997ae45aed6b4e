/**
 * A throwaway PostgreSQL with the central schema applied, for the witness's
 * tests: started once per suite, a fresh database per test.
 */
import { migrate } from '../../../server/central/migrate.ts';
import { centralPool } from '../../../server/central/central-connect.ts';
import { registerTable } from '../../../server/central/central-admin.ts';
import { initTableKey, type TableKey } from '../../../server/central/table-keys.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../../server/central/throwaway-postgres.ts';

let counter = 0;

/** A new empty database on the server; returns its superuser URL. */
export async function freshDatabase(pg: ThrowawayPostgres, schema = true): Promise<string> {
  const name = `tq_test_${process.pid}_${++counter}`;
  const admin = centralPool(pg.url);
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = pg.urlFor({ database: name });
  if (schema) {
    const pool = centralPool(url);
    try {
      await migrate(pool);
    } finally {
      await pool.end();
    }
  }
  return url;
}

/** Makes the table's key in its data directory and registers it centrally, as surveillance would. */
export async function keyAndRegister(url: string, dataDir: string, table: string): Promise<TableKey> {
  const key = await initTableKey(dataDir);
  const pool = centralPool(url);
  try {
    await registerTable(pool, table, key.publicLine);
  } finally {
    await pool.end();
  }
  return key;
}

export { startThrowawayPostgres, type ThrowawayPostgres };
