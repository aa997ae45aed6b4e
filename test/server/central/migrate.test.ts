/**
 * `tq central init` (docs/central-store.md): the migrations applied in order
 * and recorded, a second run applying nothing, two runs at once serialised by
 * the advisory lock, and the roles asked for created with their rights.
 */
import { expect } from 'chai';
import { run as central } from '../../../server/cli/commands/central.ts';
import { centralPool } from '../../../server/central/central-connect.ts';
import { listMigrations, migrate } from '../../../server/central/migrate.ts';
import { ownerConnection } from '../../../server/central/owner-check.ts';
import { runCommand } from '../cli/cli-io.ts';
import { freshDatabase, startThrowawayPostgres, type ThrowawayPostgres } from './central-server.ts';

describe('central witness: tq central init', function () {
  this.timeout(30_000);
  let pg: ThrowawayPostgres;
  before(async () => {
    pg = await startThrowawayPostgres();
  });
  after(async () => {
    await pg?.destroy();
  });

  it('applies every migration once, in order, and can be run again', async () => {
    const url = await freshDatabase(pg, false);
    const first = await runCommand({ run: central }, ['init', '--central', url]);
    expect(first.status, first.err).to.equal(0);
    const known = await listMigrations();
    expect(first.out).to.include(`schema at version ${known.at(-1)!.version}`);
    const again = await runCommand({ run: central }, ['init', '--central', url]);
    expect(again.out).to.match(/schema up to date/);
    const pool = centralPool(url);
    try {
      const rows = (await pool.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')).rows;
      expect(rows.map((r) => r.version)).to.deep.equal(known.map((m) => m.version));
      const view = await pool.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'shoe_events' ORDER BY ordinal_position`);
      expect(view.rows.map((r) => r.column_name)).to.deep.equal(['table_id', 'shoe_id', 'i', 'type', 'event', 'hash']);
    } finally {
      await pool.end();
    }
  });

  it('lets two inits run at once: one applies, the other finds it done', async () => {
    const url = await freshDatabase(pg, false);
    const pools = [centralPool(url), centralPool(url)];
    try {
      const results = await Promise.all(pools.map((p) => migrate(p)));
      expect(results.map((r) => r.applied.length).sort()).to.deep.equal([0, (await listMigrations()).length]);
    } finally {
      for (const p of pools) await p.end();
    }
  });

  it('creates a table’s append-only role and a read-only surveillance role', async () => {
    const url = await freshDatabase(pg, false);
    const r = await runCommand({ run: central }, ['init', '--central', url, '--table-role', 'T7', '--surveillance-role', 'floor_watch']);
    expect(r.status, r.err).to.equal(0);
    expect(r.out).to.include('role tq_table_T7 appends for table T7').and.to.include('role floor_watch reads the whole floor');
    const pool = centralPool(url);
    try {
      const rights = await pool.query<{ r: string; ins: boolean; upd: boolean; del: boolean; sel: boolean }>(
        `SELECT r, has_table_privilege(r, 'events', 'INSERT') AS ins, has_table_privilege(r, 'events', 'UPDATE') AS upd,
                has_table_privilege(r, 'events', 'DELETE') AS del, has_table_privilege(r, 'events', 'SELECT') AS sel
           FROM unnest(ARRAY['tq_table_T7', 'floor_watch']) AS r`,
      );
      expect(rights.rows).to.deep.equal([
        { r: 'tq_table_T7', ins: true, upd: false, del: false, sel: true },
        { r: 'floor_watch', ins: false, upd: false, del: false, sel: true },
      ]);
    } finally {
      await pool.end();
    }
  });

  it('gives the record to an owner role that cannot log in, apart from the roles the tables and surveillance connect as', async () => {
    const url = await freshDatabase(pg, false);
    expect((await runCommand({ run: central }, ['init', '--central', url, '--table-role', 'T8'])).status).to.equal(0);
    const pool = centralPool(url);
    try {
      const owners = await pool.query<{ relname: string; owner: string }>(
        `SELECT c.relname, pg_get_userbyid(c.relowner) AS owner FROM pg_class c
          WHERE c.relnamespace = 'public'::regnamespace AND c.relname IN ('events', 'seals', 'tables', 'table_keys', 'table_status') ORDER BY 1`,
      );
      expect(owners.rows.map((r) => r.owner)).to.deep.equal(['tq_owner', 'tq_owner', 'tq_owner', 'tq_owner', 'tq_owner']);
      const owner = await pool.query<{ rolcanlogin: boolean }>(`SELECT rolcanlogin FROM pg_roles WHERE rolname = 'tq_owner'`);
      expect(owner.rows[0]!.rolcanlogin).to.equal(false);
      expect(await ownerConnection(pool)).to.match(/connected as postgres, a superuser/);
      const asTable = centralPool(pg.urlFor({ database: new URL(url).pathname.slice(1), user: 'tq_table_T8' }));
      try {
        expect(await ownerConnection(asTable)).to.equal(null);
        const refused = await asTable.query('ALTER TABLE events DISABLE TRIGGER events_append_only').catch((e: Error) => e);
        expect(String(refused)).to.match(/must be owner/);
      } finally {
        await asTable.end();
      }
    } finally {
      await pool.end();
    }
  });
});
