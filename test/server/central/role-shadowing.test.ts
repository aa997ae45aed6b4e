/**
 * Role shadowing in the central store (docs/central-store.md#roles),
 * against a real PostgreSQL. Connected as `tq_table_T1`, a temporary table
 * `table_appenders` mapping T1's role to T2 made `tq_appender_table()` answer
 * T2 (pg_temp is searched first), and T1 could then append, read and rewrite
 * T2's rows. Migration 003 pins every policy and trigger function's
 * search_path, qualifies its names, and refuses TEMP and CREATE to everyone
 * but the owner. Each attempt is replayed here for each role — a table's,
 * surveillance's, the floor's reader — and again with TEMP and CREATE granted
 * back by a careless administrator, so the functions' own pin is tested too.
 */
import { expect } from 'chai';
import pg from 'pg';
import { createSurveillanceRole, createTableRole } from '../../../server/central/central-admin.ts';
import { centralPool } from '../../../server/central/central-connect.ts';
import { migrate } from '../../../server/central/migrate.ts';
import { CentralReader, pinnedSearchPath } from '../../../server/floor/central-reader.ts';
import { registerTable } from '../../support/central-store.ts';
import { freshDatabase, startThrowawayPostgres, type ThrowawayPostgres } from './central-server.ts';

const T2_LINE = '{"i":0,"type":"shoe"}';

describe('central store: role shadowing', function () {
  this.timeout(60_000);
  let server: ThrowawayPostgres;
  let url = '';
  let database = '';
  let admin: pg.Pool;
  const opened: pg.Client[] = [];

  /** One session as `user`: temporary objects live as long as it does. */
  async function session(user: string): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: server.urlFor({ database, user }) });
    client.on('error', () => undefined);
    await client.connect();
    opened.push(client);
    return client;
  }

  async function refused(query: Promise<unknown>, message: RegExp): Promise<void> {
    const error = await query.then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error, `refused (${message})`).to.be.instanceOf(Error);
    expect(error!.message).to.match(message);
  }

  /** What T1's role may do to T2 after the attempt: nothing. */
  async function t1CannotTouchT2(t1: pg.Client): Promise<void> {
    expect((await t1.query('SELECT tq_appender_table() AS t')).rows[0].t).to.equal('T1');
    expect((await t1.query("SELECT count(*)::int AS n FROM events WHERE table_id = 'T2'")).rows[0].n).to.equal(0);
    expect((await t1.query("SELECT count(*)::int AS n FROM table_status WHERE table_id = 'T2'")).rows[0].n).to.equal(0);
    await refused(
      t1.query("INSERT INTO events (table_id, shoe_id, i, type, line, prev, hash) VALUES ('T2', 's2', 1, 'fault', '{}', 'p', 'forged')"),
      /row-level security/,
    );
    await refused(t1.query("INSERT INTO seals (table_id, shoe_id, i, head, at, sig) VALUES ('T2', 's2', 0, 'h', now(), 'x')"), /row-level security/);
    const rewritten = await t1.query(`UPDATE table_status SET status = '{"link":"in sync"}' WHERE table_id = 'T2'`);
    expect(rewritten.rowCount).to.equal(0);
    const held = await admin.query<{ n: number; status: unknown }>(
      "SELECT (SELECT count(*)::int FROM events WHERE table_id = 'T2') AS n, (SELECT status FROM table_status WHERE table_id = 'T2') AS status",
    );
    expect(held.rows[0]).to.deep.equal({ n: 1, status: { link: 'stopped' } });
  }

  before(async () => {
    server = await startThrowawayPostgres();
  });
  beforeEach(async () => {
    // A database made before PostgreSQL 15 let everyone create in `public`: made so here, then migrated.
    url = await freshDatabase(server, false);
    database = new URL(url).pathname.slice(1);
    admin = centralPool(url);
    await admin.query('GRANT CREATE ON SCHEMA public TO PUBLIC');
    await migrate(admin);
    await registerTable(admin, 'T1');
    await registerTable(admin, 'T2');
    await createTableRole(admin, 'T1');
    await createTableRole(admin, 'T2');
    await createSurveillanceRole(admin, 'floor_watch');
    await admin.query("INSERT INTO events (table_id, shoe_id, i, type, line, prev, hash) VALUES ('T2', 's2', 0, 'shoe', $1, 'p', 'h')", [T2_LINE]);
    await admin.query(`INSERT INTO table_status (table_id, status) VALUES ('T2', '{"link":"stopped"}')`);
  });
  afterEach(async () => {
    for (const c of opened.splice(0)) await c.end().catch(() => undefined);
    await admin?.end();
  });
  after(async () => {
    await server?.destroy();
  });

  it('refuses the temporary table_appenders to a table role: the exact attack', async () => {
    const t1 = await session('tq_table_T1');
    await refused(t1.query('CREATE TEMP TABLE table_appenders (role_name text, table_id text)'), /permission denied to create temporary tables/);
    await t1CannotTouchT2(t1);
  });

  it('keeps T1 to T1 even when TEMP is granted back: the function reads public.table_appenders, not pg_temp', async () => {
    await admin.query(`GRANT TEMPORARY ON DATABASE ${database} TO "tq_table_T1"`);
    const t1 = await session('tq_table_T1');
    await t1.query('CREATE TEMP TABLE table_appenders (role_name text, table_id text)');
    await t1.query("INSERT INTO table_appenders VALUES (current_user, 'T2')");
    // Functions and operators in pg_temp too: PostgreSQL never looks there unless named, checked here.
    await t1.query("CREATE FUNCTION pg_temp.tq_appender_table() RETURNS text LANGUAGE sql AS $$ SELECT 'T2'::text $$");
    await t1.query('CREATE FUNCTION pg_temp.yes(text, name) RETURNS boolean LANGUAGE sql AS $$ SELECT true $$');
    await t1.query('CREATE OPERATOR pg_temp.= (LEFTARG = text, RIGHTARG = name, FUNCTION = pg_temp.yes)');
    await t1.query('SET search_path = pg_temp, public');
    await t1CannotTouchT2(t1);
  });

  it('keeps T1 to T1 with a schema of its own put first on its search_path (CREATE granted by mistake)', async () => {
    await admin.query(`GRANT CREATE ON DATABASE ${database} TO "tq_table_T1"`);
    const t1 = await session('tq_table_T1');
    await t1.query('CREATE SCHEMA evil');
    await t1.query("CREATE TABLE evil.table_appenders AS SELECT current_user::text AS role_name, 'T2'::text AS table_id");
    await t1.query('CREATE FUNCTION evil.yes(text, name) RETURNS boolean LANGUAGE sql AS $$ SELECT true $$');
    await t1.query('CREATE OPERATOR evil.= (LEFTARG = text, RIGHTARG = name, FUNCTION = evil.yes)');
    // An exact-typed json_build_object beats pg_catalog's variadic one: the notification would say T2.
    await t1.query(
      `CREATE FUNCTION evil.json_build_object(text, text, text, text, text, integer) RETURNS json LANGUAGE sql
         AS $$ SELECT '{"table":"T2","shoe":"s2","i":99}'::json $$`,
    );
    await t1.query('SET search_path = evil, public');
    await t1CannotTouchT2(t1);

    const listener = await session('postgres');
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query('LISTEN tq_events');
    await t1.query("INSERT INTO events (table_id, shoe_id, i, type, line, prev, hash) VALUES ('T1', 's1', 0, 'shoe', '{}', 'p', 'h')");
    await listener.query('SELECT 1'); // the notification arrives before this answer
    expect(heard.map((p) => JSON.parse(p))).to.deep.equal([{ table: 'T1', shoe: 's1', i: 0 }]);
  });

  it('gives a surveillance role nothing more with a temporary table_appenders naming T2 (TEMP granted back)', async () => {
    await admin.query(`GRANT TEMPORARY ON DATABASE ${database} TO floor_watch`);
    const surv = await session('floor_watch');
    await surv.query('CREATE TEMP TABLE table_appenders (role_name text, table_id text)');
    await surv.query("INSERT INTO table_appenders VALUES (current_user, 'T2')");
    expect((await surv.query('SELECT tq_appender_table() AS t')).rows[0].t).to.equal(null);
    await refused(
      surv.query("INSERT INTO events (table_id, shoe_id, i, type, line, prev, hash) VALUES ('T2', 's2', 1, 'fault', '{}', 'p', 'forged')"),
      /permission denied for table events/,
    );
    await refused(surv.query(`UPDATE table_status SET status = '{"link":"in sync"}' WHERE table_id = 'T2'`), /permission denied for table table_status/);
  });

  it('refuses TEMP, CREATE in public and new schemas to a table role, surveillance and the floor reader', async () => {
    for (const role of ['tq_table_T1', 'floor_watch']) {
      const c = await session(role);
      await refused(c.query('CREATE TEMP TABLE tables (table_id text)'), /permission denied to create temporary tables/);
      await refused(c.query('CREATE TABLE public.table_appenders_x (role_name text)'), /permission denied for schema public/);
      await refused(c.query('CREATE FUNCTION public.max(text) RETURNS text LANGUAGE sql AS $$ SELECT $1 $$'), /permission denied for schema public/);
      await refused(c.query('CREATE SCHEMA floor_watch'), /permission denied for database/);
    }
    const privileges = await admin.query<{ temp: boolean; create: boolean }>(
      `SELECT has_database_privilege('tq_surveillance', current_database(), 'TEMP') AS temp,
              has_schema_privilege('tq_appender', 'public', 'CREATE') AS create`,
    );
    expect(privileges.rows[0]).to.deep.equal({ temp: false, create: false });
  });

  it('gives the floor reader the real tables even when a schema named after its role holds fakes', async () => {
    // With CREATE on the database, T1 makes a schema named like the floor's role: "$user" comes first on its default path.
    await admin.query(`GRANT CREATE ON DATABASE ${database} TO "tq_table_T1"`);
    const t1 = await session('tq_table_T1');
    await t1.query('CREATE SCHEMA floor_watch');
    await t1.query("CREATE TABLE floor_watch.tables AS SELECT 'T9'::text AS table_id, now() AS registered_at");
    await t1.query(
      "CREATE TABLE floor_watch.events AS SELECT * FROM public.events WHERE false UNION ALL SELECT 'T2', 's2', 0, 'shoe', '{\"forged\":true}', 'p', 'h', now()",
    );
    await t1.query('GRANT USAGE ON SCHEMA floor_watch TO floor_watch');
    await t1.query('GRANT SELECT ON ALL TABLES IN SCHEMA floor_watch TO floor_watch');
    const pool = centralPool(pinnedSearchPath(server.urlFor({ database, user: 'floor_watch' })));
    try {
      const reader = new CentralReader(pool);
      expect((await reader.tables()).map((t) => t.table)).to.deep.equal(['T1', 'T2']);
      expect(await reader.events('T2', 's2')).to.deep.equal([JSON.parse(T2_LINE)]);
    } finally {
      await pool.end();
    }
  });
});
