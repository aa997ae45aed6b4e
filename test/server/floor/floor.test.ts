/**
 * The surveillance room over a real central store: three tables' shoes in a
 * throwaway PostgreSQL, inserted as their replication would insert them, and
 * the floor reading them with a role that may only read.
 */
import { expect } from 'chai';
import pg from 'pg';
import { centralPool, endPool } from '../../../server/central/central-connect.ts';
import { pino } from 'pino';
import * as exportCommand from '../../../server/cli/commands/export.ts';
import * as floorCommand from '../../../server/cli/commands/floor.ts';
import { CentralReader } from '../../../server/floor/central-reader.ts';
import { FloorBoard } from '../../../server/floor/floor-board.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../../server/central/throwaway-postgres.ts';
import type { FloorSnapshot, FloorTable } from '../../../server/floor/floor-table.ts';
import { startFloorServer, type RunningFloor } from '../../../server/app/floor-server.ts';
import {
  applyCentralSchema,
  createReadOnlyRole,
  insertLines,
  recordFixture,
  registerTable,
  removeRecorded,
  reportStatus,
  sealAt,
  type RecordedShoe,
} from '../../support/central-store.ts';
import { until } from '../../support/until.ts';
import { runCommand } from '../cli/cli-io.ts';
import { Client } from '../http/support/client.ts';
import { testUsers } from '../http/support/server.ts';
import { SseClient } from '../http/support/sse-client.ts';

const silent = pino({ level: 'silent' });
const inSync = (shoe: string) => ({
  link: { connected: true, state: 'DEALING', alerts: 0 },
  central: { state: 'in-sync', behind: 0 },
  shoe,
  lastEventAt: null,
});

describe('tq floor: the surveillance room over the central store', function () {
  this.timeout(60_000);
  let server: ThrowawayPostgres;
  let admin: pg.Pool;
  let floor: RunningFloor;
  let t1: RecordedShoe;
  let t2: RecordedShoe;
  let t2Full: RecordedShoe;
  let t3: RecordedShoe;

  before(async () => {
    server = await startThrowawayPostgres();
    admin = centralPool(server.url, { max: 2 });
    await applyCentralSchema(admin);
    for (const t of ['T1', 'T2', 'T3']) await registerTable(admin, t);
    await createReadOnlyRole(admin, 'floor_ro', 'watch');
    [t1, t2, t2Full, t3] = await Promise.all([
      recordFixture('ordinary', 'T1'),
      recordFixture('foreign-card', 'T2', 200),
      recordFixture('foreign-card', 'T2'),
      recordFixture('void-card', 'T3'),
    ]);
    // In batches, as the replicator catches up.
    for (const s of [t1, t2, t3]) for (let k = 0; k < s.lines.length; k += 150) await insertLines(admin, s.table, s.shoe, s.lines.slice(k, k + 150));
    for (const s of [t1, t3]) await sealAt(admin, s.table, s.shoe, s.lines.at(-1)!, true);
    await sealAt(admin, 'T2', t2.shoe, t2.lines.at(-1)!, false);
    await reportStatus(admin, 'T1', inSync(t1.shoe));
    await reportStatus(admin, 'T2', { link: { connected: false, alerts: 2 }, central: { state: 'behind', behind: 12 }, shoe: t2.shoe, lastEventAt: null });
    await reportStatus(admin, 'T3', inSync(t3.shoe), 60_000);
    floor = await startFloorServer({
      central: server.urlFor({ user: 'floor_ro', password: 'watch' }),
      users: testUsers(),
      logger: silent,
      clientDir: '/nonexistent-client-dir',
    });
  });

  after(async () => {
    await floor?.close();
    if (admin) await endPool(admin);
    await server?.destroy();
    await removeRecorded([t1, t2, t2Full, t3].filter(Boolean));
  });

  const login = async (user: 'surveillance' | 'chef') => {
    const c = new Client(floor.url);
    await c.login(user, user === 'chef' ? '3333' : '4444');
    return c;
  };
  const rowOf = (rows: FloorTable[], table: string) => rows.find((r) => r.table === table)!;

  /** A board over a pool of its own and a clock the test moves, loaded and ticked once, its pushes recorded from then on. */
  async function onClockedBoard(
    max: number,
    run: (b: { board: FloorBoard; reader: CentralReader; pushed: FloorTable[]; advance: (ms: number) => void }) => Promise<void>,
  ): Promise<void> {
    let clock = Date.now();
    const pool = centralPool(server.url, { max });
    try {
      const reader = new CentralReader(pool);
      const board = new FloorBoard(reader, { logger: silent, now: () => clock });
      await board.loadAll();
      await board.tick(1000);
      const pushed: FloorTable[] = [];
      board.subscribe((row) => pushed.push(row));
      await run({ board, reader, pushed, advance: (ms) => (clock += ms) });
    } finally {
      await endPool(pool);
    }
  }

  it('runs with a role that may only read: the database refuses its writes', async () => {
    const ro = new pg.Client(server.urlFor({ user: 'floor_ro', password: 'watch' }));
    await ro.connect();
    try {
      let refused: unknown;
      await ro.query("INSERT INTO table_status (table_id, status) VALUES ('T1', '{}')").catch((e: unknown) => (refused = e));
      expect((refused as { code?: string })?.code).to.equal('42501'); // insufficient_privilege
    } finally {
      await ro.end();
    }
  });

  it('shows surveillance every table over SSE, with its shuffler line, its replication and whether its report is stale', async () => {
    const c = await login('surveillance');
    const sse = await SseClient.open(floor.url, c.cookie, undefined, '/api/floor/events');
    try {
      const first = JSON.parse((await sse.next('floor')).data!) as FloorSnapshot;
      expect(first.central.connected).to.equal(true);
      expect(first.tables.map((t) => t.table)).to.deep.equal(['T1', 'T2', 'T3']);
      const [r1, r2, r3] = [rowOf(first.tables, 'T1'), rowOf(first.tables, 'T2'), rowOf(first.tables, 'T3')];
      expect(r1).to.include({ shoe: t1.shoe, events: t1.lines.length, stale: false });
      expect(r1.view?.phase).to.equal('ended');
      expect(r1.reported?.central).to.deep.equal({ state: 'in-sync', behind: 0 });
      expect(r1.reported?.link).to.include({ connected: true, state: 'DEALING' });
      expect(r2).to.include({ shoe: t2.shoe, events: 200, stale: false });
      expect(r2.view?.phase).to.not.equal('ended');
      expect(r2.reported?.central).to.deep.equal({ state: 'behind', behind: 12 });
      expect(r2.reported?.link?.connected).to.equal(false);
      expect(r3.stale, 'a status row 60 s old').to.equal(true);
      expect(r3.lastEventAt).to.equal((JSON.parse(t3.lines.at(-1)!) as { at: string }).at);
    } finally {
      sse.close();
    }
  });

  it('pushes a table the moment its events reach the central store (LISTEN/NOTIFY)', async () => {
    const c = await login('surveillance');
    const sse = await SseClient.open(floor.url, c.cookie, undefined, '/api/floor/events');
    try {
      await sse.next('floor');
      await insertLines(admin, 'T2', t2.shoe, t2Full.lines.slice(200));
      await sealAt(admin, 'T2', t2.shoe, t2Full.lines.at(-1)!, true);
      const pushed = await until(async () => {
        const f = await sse.next('table', 10_000);
        const row = JSON.parse(f.data!) as FloorTable;
        return row.table === 'T2' && row.events === t2Full.lines.length ? row : undefined;
      }, 'T2 pushed with every event');
      expect(pushed.view?.phase).to.equal('ended');
      expect(pushed.view?.events).to.equal(t2Full.lines.length);

      await reportStatus(admin, 'T3', inSync(t3.shoe));
      const fresh = await until(async () => {
        const row = JSON.parse((await sse.next('table', 10_000)).data!) as FloorTable;
        return row.table === 'T3' && !row.stale ? row : undefined;
      }, 'T3 reported again');
      expect(fresh.reported?.central?.state).to.equal('in-sync');
    } finally {
      sse.close();
    }
  });

  it("exports any table's shoe line for line as the table's own `tq export --data` does", async () => {
    const c = await login('surveillance');
    const list = await c.get(`/api/tables/T1/shoes`);
    expect(list.status).to.equal(200);
    expect(list.body).to.deep.equal([
      { id: t1.shoe, table: 'T1', startedAt: JSON.parse(t1.lines[0]!).at, endedAt: JSON.parse(t1.lines.at(-1)!).at, end: 'empty', events: t1.lines.length },
    ]);
    const log = await c.get(`/api/tables/T1/shoes/${t1.shoe}/log`);
    expect(log.status).to.equal(200);
    const local = await runCommand(exportCommand, ['--data', t1.dataDir, '--shoe', t1.shoe]);
    expect(local.status).to.equal(0);
    expect(log.text.split('\n')).to.deep.equal(local.out.split('\n'));
    expect(log.text).to.equal(`${t1.lines.join('\n')}\n`);
  });

  it('replays and verifies any shoe of any table from the central copy', async () => {
    const c = await login('surveillance');
    const state = await c.get(`/api/tables/T3/shoes/${t3.shoe}/state?at=10`);
    expect(state.status).to.equal(200);
    expect(state.body).to.include({ index: 10, total: t3.lines.length });
    expect(state.body.event.i).to.equal(10);
    expect((await c.get(`/api/tables/T3/shoes/${t3.shoe}/verify`)).body).to.deep.equal({ ok: true, problems: [], seals: 'checked' });
    const report = await c.get(`/api/tables/T1/shoes/${t1.shoe}/report`);
    expect(report.status).to.equal(200);
    expect(report.body.deck).to.be.an('object');
    expect((await c.get(`/api/tables/T1/shoes/${t1.shoe}/settlement.csv`)).status).to.equal(200);
    expect((await c.get(`/api/tables/T9/shoes`)).status).to.equal(404);
    expect((await c.get(`/api/tables/T1/shoes/${t3.shoe}/events`)).status, "another table's shoe").to.equal(404);
  });

  it('lets the chef in, and keeps the tailleur and the payeur out', async () => {
    const chef = await login('chef');
    expect((await chef.get('/api/me')).body).to.deep.equal({ user: 'chef', role: 'chef', site: 'floor' });
    expect((await chef.get('/api/floor')).status).to.equal(200);
    expect((await chef.get(`/api/tables/T2/shoes/${t2.shoe}/verify`)).body.ok).to.equal(true);
    for (const [user, pin] of [
      ['tailleur', '1111'],
      ['payeur', '2222'],
    ] as const) {
      const c = new Client(floor.url);
      const r = await c.post('/api/login', { user, pin });
      // as a wrong PIN is: a refusal of its own told whoever typed it that the PIN was right (outside floor pass 46)
      expect(r.status, user).to.equal(401);
      expect(r.body).to.deep.equal((await new Client(floor.url).post('/api/login', { user, pin: '0000' })).body);
      expect(c.cookie, `${user} got no session`).to.equal(undefined);
      expect((await c.get('/api/floor')).status).to.equal(401);
    }
    // the access log says why, for the floor's own eyes
    const page = (await chef.get('/api/access-log')).body as { entries: { kind: string; user: string; role?: string }[] };
    expect(page.entries.filter((e) => e.kind === 'login-refused').map((e) => [e.user, e.role])).to.deep.include.members([
      ['tailleur', 'tailleur'],
      ['payeur', 'payeur'],
    ]);
  });

  it('reports an event edited in the central copy, at its index', async () => {
    // A superuser who switches the guard off: the chain still tells.
    const line = t3.lines[20]!;
    const edited = line.includes('"card":"') ? line.replace(/"card":"[^"]+"/, '"card":"QH"') : line.replace('"by":"', '"by":"x');
    expect(edited).to.not.equal(line);
    await admin.query('ALTER TABLE events DISABLE TRIGGER events_append_only');
    await admin.query('UPDATE events SET line = $1 WHERE table_id = $2 AND shoe_id = $3 AND i = 20', [edited, 'T3', t3.shoe]);
    await admin.query('ALTER TABLE events ENABLE TRIGGER events_append_only');
    const c = await login('surveillance');
    const verdict = (await c.get(`/api/tables/T3/shoes/${t3.shoe}/verify`)).body as { ok: boolean; problems: { index: number; kind: string }[] };
    expect(verdict.ok).to.equal(false);
    expect(verdict.problems[0]).to.include({ index: 20, kind: 'hash-mismatch' });
  });

  it('hears the tables again after losing its LISTEN session, and catches up on what it missed', async () => {
    const states: boolean[] = [];
    const off = floor.listener.onState((s) => states.push(s.connected));
    try {
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'tq floor (listen)'");
      await until(() => states.includes(false), 'the floor to notice the lost session');
      const more = await recordFixture('four-31-apres-forced-split', 'T1');
      try {
        await insertLines(admin, 'T1', more.shoe, more.lines);
        await reportStatus(admin, 'T1', inSync(more.shoe));
        await until(() => floor.listener.state.connected, 'the LISTEN session back');
        const row = await until(() => {
          const r = rowOf(floor.board.rows(), 'T1');
          return r.shoe === more.shoe && r.events === more.lines.length ? r : undefined;
        }, 'T1 on its new shoe');
        expect(row.view?.shoe).to.equal(more.shoe);
      } finally {
        await removeRecorded([more]);
      }
    } finally {
      off();
    }
  });

  it('judges a table stale by the clock once it stops reporting, without any notification', async () => {
    await reportStatus(admin, 'T1', inSync(t1.shoe));
    let clock = Date.now();
    const pool = centralPool(server.url, { max: 1 });
    try {
      const board = new FloorBoard(new CentralReader(pool), { logger: silent, now: () => clock });
      await board.loadAll();
      expect(rowOf(board.rows(), 'T1').stale).to.equal(false);
      const pushed: FloorTable[] = [];
      board.subscribe((row) => pushed.push(row));
      const t1Pushed = () => pushed.filter((r) => r.table === 'T1').map((r) => r.stale);
      clock += 5_000;
      board.sweep();
      expect(t1Pushed(), 'T1 unchanged 5 s after its report').to.deep.equal([]);
      clock += 11_000;
      board.sweep();
      expect(t1Pushed(), 'T1 stale 16 s after its report').to.deep.equal([true]);
      const before = rowOf(board.rows(), 'T1').reportedAt;
      expect(rowOf(board.rows(), 'T1').lastStale, 'no stale spell over yet').to.equal(undefined);
      await reportStatus(admin, 'T1', inSync(t1.shoe));
      await board.changed('T1');
      const back = rowOf(board.rows(), 'T1');
      expect(back.stale, 'T1 reporting again').to.equal(false);
      expect(back.lastStale, 'the spell it was stale, from its last report before to its first after').to.deep.equal({ from: before, to: back.reportedAt });
      expect(back.reportedAt).to.not.equal(before);
      expect(back.earlierStale, 'no spell before it').to.equal(undefined);

      // a second spell keeps the first: the newer one replaced it on the floor (outside floor pass 44, F1)
      clock += 16_000;
      board.sweep();
      expect(rowOf(board.rows(), 'T1').stale, 'T1 stale again').to.equal(true);
      await reportStatus(admin, 'T1', inSync(t1.shoe));
      await board.changed('T1');
      const again = rowOf(board.rows(), 'T1');
      expect(again.lastStale, 'the newer spell').to.deep.equal({ from: back.reportedAt, to: again.reportedAt });
      expect(again.earlierStale, 'the first spell kept').to.deep.equal([{ from: before, to: back.reportedAt }]);
    } finally {
      await endPool(pool);
    }
  });

  it('says since when a table’s reports say its replication is behind, from the first of them, and keeps the spell once in sync', async () => {
    const behind = (n: number) => ({ ...inSync(t1.shoe), central: { state: 'behind', behind: n } });
    const pool = centralPool(server.url, { max: 1 });
    try {
      const board = new FloorBoard(new CentralReader(pool), { logger: silent });
      await reportStatus(admin, 'T1', inSync(t1.shoe));
      await board.loadAll();
      expect(rowOf(board.rows(), 'T1').behindSince, 'in sync').to.equal(undefined);
      // reports behind 12 s and 4 s ago: behind for 8 s, long enough to be kept (BEHIND_KEPT_MS)
      await reportStatus(admin, 'T1', behind(38), 12_000);
      await board.changed('T1');
      const first = rowOf(board.rows(), 'T1');
      expect(first.behindSince, 'its first report behind').to.equal(first.reportedAt);
      await reportStatus(admin, 'T1', behind(186), 4_000);
      await board.changed('T1');
      const later = rowOf(board.rows(), 'T1');
      expect(later.reportedAt).to.not.equal(first.reportedAt);
      expect(later.behindSince, 'still from the first').to.equal(first.reportedAt);
      expect(later.lastBehind, 'no spell over yet').to.equal(undefined);
      await reportStatus(admin, 'T1', inSync(t1.shoe));
      await board.changed('T1');
      const caughtUp = rowOf(board.rows(), 'T1');
      expect(caughtUp.behindSince, 'in sync again').to.equal(undefined);
      // and the spell kept, from its first report behind to its first in sync, through the reports after it
      expect(caughtUp.lastBehind).to.deep.equal({ from: first.reportedAt, to: caughtUp.reportedAt });
      await reportStatus(admin, 'T1', inSync(t1.shoe));
      await board.changed('T1');
      expect(rowOf(board.rows(), 'T1').lastBehind).to.deep.equal(caughtUp.lastBehind);
      // the moment after a card, behind for a report or two: it does not replace the spell kept (outsider pass 38)
      await reportStatus(admin, 'T1', behind(1));
      await board.changed('T1');
      expect(rowOf(board.rows(), 'T1').behindSince, 'behind again').to.be.a('string');
      await reportStatus(admin, 'T1', inSync(t1.shoe));
      await board.changed('T1');
      expect(rowOf(board.rows(), 'T1').behindSince).to.equal(undefined);
      expect(rowOf(board.rows(), 'T1').lastBehind, 'the long spell still').to.deep.equal(caughtUp.lastBehind);
      expect(rowOf(board.rows(), 'T1').earlierBehind, 'none before it').to.equal(undefined);
      // a second spell long enough to keep: the first stays beside it (outside floor pass 45, F2)
      await reportStatus(admin, 'T1', behind(40), 8_000);
      await board.changed('T1');
      const second = rowOf(board.rows(), 'T1');
      await reportStatus(admin, 'T1', behind(12), 1_000);
      await board.changed('T1');
      await reportStatus(admin, 'T1', inSync(t1.shoe));
      await board.changed('T1');
      const twice = rowOf(board.rows(), 'T1');
      expect(twice.lastBehind, 'the newer spell').to.deep.equal({ from: second.reportedAt, to: twice.reportedAt });
      expect(twice.earlierBehind, 'the first spell kept').to.deep.equal([caughtUp.lastBehind]);
    } finally {
      await endPool(pool);
    }
  });

  // the table reports only its last silence: a new one replaced the one before within a minute (outside floor pass 50, F2)
  it('keeps each shuffler silence over the table reports, newest first, at most three', async () => {
    const silence = (n: number) => ({ from: `2026-11-30T21:0${n}:00.000Z`, to: `2026-11-30T21:0${n}:30.000Z` });
    const said = (n: number) => ({ ...inSync(t1.shoe), link: { ...inSync(t1.shoe).link, lastSilence: silence(n) } });
    const pool = centralPool(server.url, { max: 1 });
    try {
      const board = new FloorBoard(new CentralReader(pool), { logger: silent });
      await reportStatus(admin, 'T1', inSync(t1.shoe));
      await board.loadAll();
      expect(rowOf(board.rows(), 'T1').silences, 'none heard').to.equal(undefined);
      for (const n of [1, 1, 2, 3, 4]) {
        await reportStatus(admin, 'T1', said(n));
        await board.changed('T1');
      }
      expect(rowOf(board.rows(), 'T1').silences).to.deep.equal([silence(4), silence(3), silence(2)]);
      await reportStatus(admin, 'T1', inSync(t1.shoe));
      await board.changed('T1');
      expect(rowOf(board.rows(), 'T1').silences, 'kept through reports that name none').to.deep.equal([silence(4), silence(3), silence(2)]);
    } finally {
      await endPool(pool);
    }
  });

  // a floor held 30 s saw one report behind (the moment after a card) before, one in sync after: it made up a 30 s spell
  it('keeps no spell behind that a single report said, however far apart the reports around it (outsider pass 38)', async () => {
    const pool = centralPool(server.url, { max: 1 });
    try {
      const board = new FloorBoard(new CentralReader(pool), { logger: silent });
      await reportStatus(admin, 'T2', inSync(t2.shoe));
      await board.loadAll();
      await reportStatus(admin, 'T2', { ...inSync(t2.shoe), central: { state: 'behind', behind: 1 } }, 12_000);
      await board.changed('T2');
      expect(rowOf(board.rows(), 'T2').behindSince).to.be.a('string');
      await reportStatus(admin, 'T2', inSync(t2.shoe));
      await board.changed('T2');
      const row = rowOf(board.rows(), 'T2');
      expect(row.behindSince).to.equal(undefined);
      expect(row.lastBehind).to.equal(undefined);
    } finally {
      await endPool(pool);
    }
  });

  it('reads every table’s report again, rather than judging it stale, when its own tick comes late (the floor was held)', async () => {
    await reportStatus(admin, 'T1', inSync(t1.shoe));
    await reportStatus(admin, 'T2', inSync(t2.shoe), 60_000);
    await onClockedBoard(1, async ({ board, pushed, advance }) => {
      // held 40 s: T1 kept reporting meanwhile, T2 had stopped long before
      advance(40_000);
      await reportStatus(admin, 'T1', inSync(t1.shoe));
      await board.tick(1000);
      expect(
        pushed.filter((r) => r.table === 'T1').map((r) => r.stale),
        'T1 never pushed stale',
      ).to.not.include(true);
      expect(rowOf(board.rows(), 'T1').stale).to.equal(false);
      expect(rowOf(board.rows(), 'T1').lastStale, 'no stale spell said').to.equal(undefined);
      expect(rowOf(board.rows(), 'T2').stale, 'T2, silent all along').to.equal(true);
      // on time again: judged by the clock, as before
      advance(16_000);
      await board.tick(16_000);
      expect(rowOf(board.rows(), 'T1').stale, 'T1 16 s after its report, the tick on time').to.equal(true);
    });
  });

  // a sweep of the clock between a re-read's status and its publication saw the fresh report, turned the table back without a
  // word, and the re-read then had no spell to say: one table in three lost its stale spell at each outage (outside floor pass 46, F1)
  it('keeps the stale spell of a table whose report is read back while a sweep of the clock runs', async () => {
    await reportStatus(admin, 'T1', inSync(t1.shoe));
    await onClockedBoard(2, async ({ board, reader, advance }) => {
      advance(16_000);
      board.sweep();
      expect(rowOf(board.rows(), 'T1').stale, 'T1 stale').to.equal(true);
      // the events read held until the sweep has run
      let release = () => {};
      const held = new Promise<void>((r) => (release = r));
      const events = reader.events.bind(reader);
      let statusRead = false;
      const status = reader.status.bind(reader);
      reader.status = async (table) => {
        const answer = await status(table);
        statusRead = true;
        return answer;
      };
      reader.events = async (...args) => {
        await held;
        return events(...args);
      };
      await reportStatus(admin, 'T1', inSync(t1.shoe));
      const reread = board.changed('T1');
      await until(async () => statusRead, 'the status read back');
      board.sweep();
      release();
      await reread;
      const row = rowOf(board.rows(), 'T1');
      expect(row.stale).to.equal(false);
      expect(row.lastStale, 'the spell said').to.deep.include({ to: row.reportedAt });
    });
  });

  // a floor held 30 s heard a table's events before its own late tick, judged it stale by the clock without reading its report,
  // then made up a spell when the tick read it: two tables of three got one each time (outside floor pass 46, F2)
  it('reads a table’s report before judging it stale on a re-read of its events, so a held floor invents no spell', async () => {
    await reportStatus(admin, 'T1', inSync(t1.shoe));
    await onClockedBoard(1, async ({ board, pushed, advance }) => {
      // held 40 s while T1 kept reporting; on waking, a notification of its events comes before the tick
      advance(40_000);
      await reportStatus(admin, 'T1', inSync(t1.shoe));
      await board.changed('T1', t1.shoe);
      await board.tick(1000);
      expect(
        pushed.filter((r) => r.table === 'T1').map((r) => r.stale),
        'T1 never pushed stale',
      ).to.not.include(true);
      expect(rowOf(board.rows(), 'T1').lastStale, 'no stale spell made up').to.equal(undefined);
    });
  });

  // a tick on time while the tables were still being read again after a hold judged one by a report read before the hold,
  // turned it stale, and the read then made up a spell (outside floor pass 50, F1: a floor held 30 s while a login slowed it)
  it('judges nothing by the clock while it reads every table again after a hold', async () => {
    await reportStatus(admin, 'T1', inSync(t1.shoe));
    await onClockedBoard(2, async ({ board, reader, pushed, advance }) => {
      advance(40_000);
      await reportStatus(admin, 'T1', inSync(t1.shoe));
      // the status reads after the hold are slow to come back
      let release = () => {};
      const held = new Promise<void>((r) => (release = r));
      const status = reader.status.bind(reader);
      reader.status = async (table) => {
        await held;
        return status(table);
      };
      const catchingUp = board.tick(1000);
      advance(1000);
      const onTime = board.tick(1000);
      release();
      await Promise.all([catchingUp, onTime]);
      expect(
        pushed.filter((r) => r.table === 'T1').map((r) => r.stale),
        'T1 never pushed stale',
      ).to.not.include(true);
      expect(rowOf(board.rows(), 'T1').lastStale, 'no stale spell made up').to.equal(undefined);
      // once read, the clock judges again
      advance(16_000);
      await board.tick(16_000);
      expect(rowOf(board.rows(), 'T1').stale, 'T1 16 s after its report').to.equal(true);
    });
  });

  it('refuses to start on a database without the schema, and says why', async () => {
    await admin.query('CREATE DATABASE empty_store');
    let error: Error | undefined;
    await startFloorServer({ central: server.urlFor({ database: 'empty_store' }), users: testUsers(), logger: silent }).then(
      (f) => f.close(),
      (e: Error) => (error = e),
    );
    expect(error?.message).to.match(/the central store has no schema: run `tq central init/);
  });

  it('says at once that the central store cannot be reached, without the password', async () => {
    let error: Error | undefined;
    const wrong = `postgres://floor_ro:secret-pw@127.0.0.1:${server.port}/no_such_database`;
    await startFloorServer({ central: wrong, users: testUsers(), logger: silent }).then(
      (f) => f.close(),
      (e: Error) => (error = e),
    );
    expect(error?.message).to.match(/^the central store refused the login: postgres:\/\/floor_ro:\*\*\*@127\.0\.0\.1:\d+\/no_such_database: /);
    expect(error?.message).to.not.include('secret-pw');
  });

  it('tq floor: names what is missing on its command line (exit 2)', async () => {
    const none = await runCommand(floorCommand, []);
    expect(none.status).to.equal(2);
    expect(none.err).to.include('--central (TQ_CENTRAL) is required');
    const noUsers = await runCommand(floorCommand, ['--central', server.url, '--users', '/nonexistent/users.json']);
    expect(noUsers.status).to.equal(2);
    expect(noUsers.err).to.include('no users file at /nonexistent/users.json');
  });
});
