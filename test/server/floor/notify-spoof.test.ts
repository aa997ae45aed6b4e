/**
 * A notification is a hint, never a fact (docs/central-store.md):
 * any role may `pg_notify('tq_events', …)`, so the floor re-reads what the
 * tables hold and checks the chain of what it reads; a spoofed payload naming
 * an old shoe or one that does not exist does not move its live view, and a
 * row whose chain does not follow is not shown as played. Real PostgreSQL.
 */
import { expect } from 'chai';
import pg from 'pg';
import { centralPool, endPool } from '../../../server/central/central-connect.ts';
import { pino } from 'pino';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../../server/central/throwaway-postgres.ts';
import { startFloorServer, type RunningFloor } from '../../../server/app/floor-server.ts';
import type { FloorTable } from '../../../server/floor/floor-table.ts';
import { hashOfEvent } from '../../../server/store/hash-chain.ts';
import { canonicalJsonWithout } from '../../../server/store/canonical-json.ts';
import { lineOf } from '../../../server/store/stored-event.ts';
import {
  applyCentralSchema,
  createReadOnlyRole,
  insertLines,
  recordFixture,
  registerTable,
  removeRecorded,
  reportStatus,
  type RecordedShoe,
} from '../../support/central-store.ts';
import { until } from '../../support/until.ts';
import { testUsers } from '../http/support/server.ts';

const silent = pino({ level: 'silent' });
const CURRENT = 100;

describe('tq floor: a spoofed notification', function () {
  this.timeout(60_000);
  let server: ThrowawayPostgres;
  let admin: pg.Pool;
  let floor: RunningFloor;
  let old: RecordedShoe;
  let current: RecordedShoe;
  let newer: RecordedShoe;
  let spoofer: pg.Client;

  /** Waits for the board to re-read T1 after `act` (it publishes the row each time), and returns the row. */
  async function afterReread(act: () => Promise<unknown>): Promise<FloorTable> {
    const rows: FloorTable[] = [];
    const off = floor.board.subscribe((row) => row.table === 'T1' && rows.push(row));
    try {
      await act();
      return await until(() => rows.at(-1), 'T1 re-read');
    } finally {
      off();
    }
  }

  before(async () => {
    server = await startThrowawayPostgres();
    admin = centralPool(server.url, { max: 2 });
    await applyCentralSchema(admin);
    await registerTable(admin, 'T1');
    await createReadOnlyRole(admin, 'floor_ro', 'watch');
    // Shoe ids in order: T1-foreign, T1-ordinary, T1-void (a table's are uuid v7, time-ordered).
    [old, current, newer] = await Promise.all([recordFixture('foreign-card', 'T1'), recordFixture('ordinary', 'T1'), recordFixture('void-card', 'T1', 10)]);
    await insertLines(admin, 'T1', old.shoe, old.lines);
    await insertLines(admin, 'T1', current.shoe, current.lines.slice(0, CURRENT));
    await reportStatus(admin, 'T1', { link: { connected: true, alerts: 0 }, central: { state: 'in-sync', behind: 0 }, shoe: current.shoe, lastEventAt: null });
    floor = await startFloorServer({
      central: server.urlFor({ user: 'floor_ro', password: 'watch' }),
      users: testUsers(),
      logger: silent,
      clientDir: '/nonexistent',
    });
    // Any role may notify: here the floor's own read-only one.
    spoofer = new pg.Client(server.urlFor({ user: 'floor_ro', password: 'watch' }));
    await spoofer.connect();
  });
  after(async () => {
    await spoofer?.end();
    await floor?.close();
    if (admin) await endPool(admin);
    await server?.destroy();
    await removeRecorded([old, current, newer].filter(Boolean));
  });

  const spoof = (payload: object) => spoofer.query("SELECT pg_notify('tq_events', $1)", [JSON.stringify(payload)]);

  it('shows the shoe in play at the start', () => {
    const row = floor.board.rows()[0]!;
    expect(row).to.include({ table: 'T1', shoe: current.shoe, events: CURRENT });
  });

  it('keeps the shoe in play when a notification names an old shoe of the table', async () => {
    const row = await afterReread(() => spoof({ table: 'T1', shoe: old.shoe, i: old.lines.length - 1 }));
    expect(row).to.include({ shoe: current.shoe, events: CURRENT });
    expect(row.view?.phase).to.not.equal('ended');
  });

  it('keeps the shoe in play when a notification names a shoe the store does not hold', async () => {
    const row = await afterReread(() => spoof({ table: 'T1', shoe: 'T1-zzz-forged', i: 400 }));
    expect(row).to.include({ shoe: current.shoe, events: CURRENT });
  });

  it('does not fold an event whose chain does not follow the last one shown', async () => {
    const next = JSON.parse(current.lines[CURRENT]!) as Record<string, unknown>;
    const forged = { ...next, prev: 'f'.repeat(64) };
    const line = lineOf(canonicalJsonWithout(forged, 'hash'), hashOfEvent(forged));
    const row = await afterReread(() => insertLines(admin, 'T1', current.shoe, [line]));
    expect(row).to.include({ shoe: current.shoe, events: CURRENT });
  });

  it('lists the tables at most twice for a flood of notifications naming tables that do not exist', async () => {
    const reader = (floor.board as unknown as { reader: { tables(): Promise<unknown> } }).reader;
    const tables = reader.tables.bind(reader);
    let listings = 0;
    reader.tables = () => {
      listings += 1;
      return tables();
    };
    try {
      await Promise.all(Array.from({ length: 500 }, (_, k) => floor.board.changed(`X${k}`)));
    } finally {
      reader.tables = tables;
    }
    expect(listings).to.be.within(1, 2);
    expect(floor.board.rows().map((r) => r.table)).to.deep.equal(['T1']);
  });

  it('follows a later shoe the moment its rows reach the store, before the table reports it', async () => {
    await afterReread(() => insertLines(admin, 'T1', newer.shoe, newer.lines));
    await until(() => floor.board.rows()[0]!.shoe === newer.shoe, 'the new shoe shown');
    expect(floor.board.rows()[0]).to.include({ shoe: newer.shoe, events: 10 });
  });
});
