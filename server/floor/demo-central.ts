/**
 * The central store of the floor demo, made ready as a casino would make it
 * (docs/central-store.md): `tq central init` (the migrations, with the roles),
 * each table's key made on the table (`tq keys init`) and registered by
 * surveillance (`tq central register`), a login role per table that may only
 * append its own rows, and a read-only one for the surveillance room.
 */
import { createSurveillanceRole, createTableRole, registerTable } from '../central/central-admin.ts';
import { centralPool } from '../central/central-connect.ts';
import { migrate } from '../central/migrate.ts';
import { initTableKey } from '../central/table-keys.ts';

export interface DemoCentral {
  /** Each table's own URL: its appender role. */
  tableUrl(table: string): string;
  /** The surveillance room's URL: the read-only role. */
  floorUrl: string;
}

export async function prepareDemoCentral(urlFor: (o: { user?: string }) => string, tables: readonly { id: string; dataDir: string }[]): Promise<DemoCentral> {
  const pool = centralPool(urlFor({}));
  try {
    await migrate(pool);
    const roles = new Map<string, string>();
    for (const t of tables) {
      const key = await initTableKey(t.dataDir);
      await registerTable(pool, t.id, key.publicLine);
      roles.set(t.id, await createTableRole(pool, t.id));
    }
    const floorRole = await createSurveillanceRole(pool, 'tq_floor');
    return { tableUrl: (table) => urlFor({ user: roles.get(table)! }), floorUrl: urlFor({ user: floorRole }) };
  } finally {
    await pool.end();
  }
}
