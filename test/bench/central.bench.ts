/**
 * Figures of the central witness (docs/central-store.md), on a throwaway
 * PostgreSQL (fsync off: the figures are the program's, not the disk's).
 * Never run as timed tests.
 *
 *   node --import tsx test/bench/central.bench.ts
 *
 * 1. Card stored → row visible centrally: from the table's stored-event
 *    stream to the store's NOTIFY of that row, cards dealt every 10 ms.
 * 2. Catch-up after a 10,000-event outage: a table whose record the store
 *    lacks starts replicating; events/s until in sync.
 * 3. CARD→ACK over a PTY (the serial bench's measure) with replication off
 *    and on, runs alternated.
 * 4. `tq verify --central` of 1,000 shoes (chains, seals, rules replay), shoes/s.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { pino } from 'pino';
import { centralPool } from '../../server/central/central-connect.ts';
import { startCentralWitness } from '../../server/central/central-witness.ts';
import { insertEvents, insertSeals } from '../../server/central/central-writer.ts';
import { rowOf } from '../../server/central/local-backlog.ts';
import { readSeals } from '../../server/central/seal-file.ts';
import { verifyArchive } from '../../server/central/verify-archive.ts';
import { shoeFilePath } from '../../server/store/data-dir.ts';
import { readShoeLogText } from '../../server/store/shoe-log-file.ts';
import { cloneShoes } from '../server/central/backlog.ts';
import { freshDatabase, keyAndRegister, startThrowawayPostgres, type ThrowawayPostgres } from '../server/central/central-server.ts';
import { openDealingTable } from '../server/central/dealing-table.ts';
import { until } from '../support/until.ts';
import { ackLatency } from './serial.bench.ts';
import { percentile, round } from './bench-support.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function tableDir(url: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'tq-bench-central-'));
  await keyAndRegister(url, dir, 'T1');
  return dir;
}

async function storedToVisible(server: ThrowawayPostgres, cards = 300): Promise<{ p50: number; p99: number }> {
  const url = await freshDatabase(server);
  const dir = await tableDir(url);
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  const visibleAt = new Map<number, number>();
  listener.on('notification', (n) => visibleAt.set((JSON.parse(n.payload!) as { i: number }).i, performance.now()));
  await listener.query('LISTEN tq_events');
  const table = await openDealingTable({ table: 'T1', dir, central: url, seed: 21 });
  const storedAt = new Map<number, number>();
  table.service.subscribe((m) => storedAt.set(m.event.i, performance.now()));
  try {
    await table.deal(cards);
    await until(
      () => table.witness!.state().state === 'in-sync' && visibleAt.size > 0 && Math.max(...visibleAt.keys()) >= Math.max(...storedAt.keys()),
      'every row visible',
    );
    // Every event's latency: the notification names the highest i of its statement, covering the ones before it.
    const notified = [...visibleAt.entries()].sort((a, b) => a[0] - b[0]);
    const latencies = [...storedAt.entries()].map(([i, t]) => notified.find(([n]) => n >= i)![1] - t).sort((a, b) => a - b);
    return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  } finally {
    await table.close();
    await listener.end();
    await rm(dir, { recursive: true, force: true });
  }
}

async function catchUp(server: ThrowawayPostgres): Promise<{ events: number; perSecond: number }> {
  const url = await freshDatabase(server);
  const dir = await tableDir(url);
  const seed = await openDealingTable({ table: 'T1', dir, seed: 22 });
  await seed.dealShoes(1);
  await seed.close();
  await cloneShoes(dir, 24);
  const table = await openDealingTable({ table: 'T1', dir, seed: 22 }); // replication off: the outage
  const events = table.store.listShoes().reduce((n, s) => n + (s.events ?? 0), 0);
  await table.close();
  const pool = centralPool(url);
  const start = performance.now();
  const { TableStore } = await import('../../server/store/table-store.ts');
  const store = await TableStore.open(dir, { table: 'T1' });
  const witness = await startCentralWitness({
    url,
    table: 'T1',
    dataDir: dir,
    store,
    // a table that deals nothing: it records nothing and refuses nothing, only its record is caught up
    tableService: {
      subscribe: () => () => {},
      onLink: () => () => {},
      linkStatus: () => ({ connected: true, alerts: [] }),
      command: async () => [],
      refuseToDealWhen: () => () => {},
      inPlay: false,
    },
    logger: pino({ level: 'silent' }),
  });
  try {
    await until(() => witness.state().state === 'in-sync', 'caught up', 60_000, 2);
    const held = Number((await pool.query('SELECT count(*) AS n FROM events')).rows[0].n);
    if (held !== events) throw new Error(`in sync with ${held} of ${events} events`);
    return { events, perSecond: events / ((performance.now() - start) / 1000) };
  } finally {
    await witness.close();
    await store.close();
    await pool.end();
    await rm(dir, { recursive: true, force: true });
  }
}

async function ackWithAndWithout(server: ThrowawayPostgres, rounds = 3): Promise<{ off: number; on: number; offP50: number; onP50: number }> {
  const url = await freshDatabase(server);
  const off: number[] = [];
  const on: number[] = [];
  const offP50: number[] = [];
  const onP50: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const a = await ackLatency(312);
    off.push(a.p99);
    offP50.push(a.p50);
    const b = await ackLatency(312, async ({ dir, store, table }) => {
      const { initTableKey } = await import('../../server/central/table-keys.ts');
      const key = await initTableKey(dir);
      const pool = centralPool(url);
      await pool
        .query('INSERT INTO tables (table_id, public_key) VALUES ($1, $2) ON CONFLICT (table_id) DO UPDATE SET public_key = EXCLUDED.public_key', [
          'T1',
          key.publicLine,
        ])
        .catch(() => pool.query('SELECT 1'));
      await pool.end();
      const witness = await startCentralWitness({ url, table: 'T1', dataDir: dir, store, tableService: table, logger: pino({ level: 'silent' }) });
      return () => witness.close();
    });
    on.push(b.p99);
    onP50.push(b.p50);
  }
  const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  return { off: median(off), on: median(on), offP50: median(offP50), onP50: median(onP50) };
}

async function verifyThousand(server: ThrowawayPostgres, shoes = 1000): Promise<{ shoes: number; perSecond: number }> {
  const url = await freshDatabase(server);
  const dir = await tableDir(url);
  const seed = await openDealingTable({ table: 'T1', dir, central: url, seed: 23 });
  await seed.dealShoes(1);
  await until(() => seed.witness!.state().state === 'in-sync', 'the first shoe replicated');
  await seed.close();
  const { loadTableKey } = await import('../../server/central/table-keys.ts');
  await cloneShoes(dir, shoes - 1, await loadTableKey(dir));
  const pool = centralPool(url, { max: 2 });
  try {
    const { TableStore } = await import('../../server/store/table-store.ts');
    const store = await TableStore.open(dir);
    for (const entry of store.listShoes().slice(1)) {
      const log = await readShoeLogText(shoeFilePath(dir, entry.id));
      await insertEvents(
        pool,
        'T1',
        log.lines.flatMap((l) => (l.kind === 'event' ? [rowOf(entry.id, l.text, l.event)!] : [])),
      );
      await insertSeals(
        pool,
        'T1',
        (await readSeals(dir, entry.id)).map((seal) => ({ shoe: entry.id, seal })),
      );
    }
    await store.close();
    const start = performance.now();
    const verdict = await verifyArchive(pool, { table: 'T1' });
    const seconds = (performance.now() - start) / 1000;
    if (!verdict.ok || verdict.shoes.length !== shoes) throw new Error(`verify found problems or missed shoes: ${verdict.shoes.length}`);
    return { shoes, perSecond: shoes / seconds };
  } finally {
    await pool.end();
    await rm(dir, { recursive: true, force: true });
  }
}

export async function benchCentral(): Promise<Record<string, number>> {
  const server = await startThrowawayPostgres();
  try {
    const visible = await storedToVisible(server);
    await sleep(200);
    const caught = await catchUp(server);
    const ack = await ackWithAndWithout(server);
    const verify = await verifyThousand(server);
    return {
      'central: card stored → row visible p50 ms': round(visible.p50),
      'central: card stored → row visible p99 ms (goal < 50)': round(visible.p99),
      'central: catch-up after a 10,000-event outage, events/s (goal ≥ 5,000)': Math.round(caught.perSecond),
      'central: CARD→ACK p50 ms, replication off': round(ack.offP50),
      'central: CARD→ACK p50 ms, replication on': round(ack.onP50),
      'central: CARD→ACK p99 ms, replication off': round(ack.off),
      'central: CARD→ACK p99 ms, replication on (goal within 10 %)': round(ack.on),
      'central: tq verify --central, shoes/s (1,000 shoes, chains + seals + rules)': Math.round(verify.perSecond),
    };
  } finally {
    await server.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const [label, value] of Object.entries(await benchCentral())) console.log(`${label}: ${value}`);
}

/**
 * 5. `tq verify --central` of 2,000 shoes, shoes/s (goal ≥ 1,000), with the
 *    rules replay and `--chains-only`; and the time to verify one day's new
 *    shoes (100) against yesterday's anchor (`--since-anchor`) in a young
 *    archive (200 shoes) and an old one (2,000): it must not grow with the
 *    archive's age. Each verify is run `rounds` times; the best and the worst are printed.
 *    Run alone: node --import tsx -e "import('./test/bench/central.bench.ts').then((m) => m.benchCentralVerify()).then(console.log)"
 */
export async function benchCentralVerify(shoes = 2000, day = 100, rounds = 3): Promise<Record<string, number | string>> {
  const server = await startThrowawayPostgres();
  try {
    const timed = async <T>(f: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<string> => {
      const seconds: number[] = [];
      for (let r = 0; r < rounds; r++) {
        const start = performance.now();
        const value = await f();
        seconds.push((performance.now() - start) / 1000);
        if (!ok(value)) throw new Error(`${what} found problems or missed shoes`);
      }
      seconds.sort((a, b) => a - b);
      return `${round(seconds[0]!)}–${round(seconds.at(-1)!)}`;
    };
    const perSecond = (range: string) =>
      range
        .split('–')
        .reverse()
        .map((s) => Math.round(shoes / Number(s)))
        .join('–');
    const old = await filledArchive(server, shoes, day);
    const young = await filledArchive(server, 2 * day, day);
    try {
      const whole = await timed(
        () => verifyArchive(old.pool, { table: 'T1', lateAfterS: 1e9 }),
        (v) => v.ok && v.shoes.length === shoes,
        'verify',
      );
      const chains = await timed(
        () => verifyArchive(old.pool, { table: 'T1', lateAfterS: 1e9, replay: false }),
        (v) => v.ok && v.shoes.length === shoes,
        'verify --chains-only',
      );
      const { checkAnchor } = await import('../../server/central/anchor.ts');
      const daily = (a: typeof old, replay?: false) =>
        timed(
          async () => ({
            verdict: await verifyArchive(a.pool, { table: 'T1', lateAfterS: 1e9, since: a.since, ...(replay === false && { replay }) }),
            problems: await checkAnchor(a.pool, a.anchor),
          }),
          (d) => d.verdict.ok && d.problems.length === 0 && d.verdict.shoes.length === day + 1,
          'the day against its anchor',
        );
      return {
        'central: tq verify --central, shoes/s (2,000 shoes, chains + links + seals + rules)': perSecond(whole),
        'central: tq verify --central, seconds for 2,000 shoes': whole,
        'central: tq verify --central --chains-only, shoes/s (2,000 shoes, chains on the bytes + links + seals, worker threads)': perSecond(chains),
        'central: tq verify --central --chains-only, seconds for 2,000 shoes': chains,
        [`central: a day's ${day} new shoes against yesterday's anchor, seconds, archive of ${2 * day} shoes`]: await daily(young),
        [`central: a day's ${day} new shoes against yesterday's anchor, seconds, archive of ${shoes} shoes`]: await daily(old),
        [`central: the same, --chains-only, archive of ${2 * day} shoes`]: await daily(young, false),
        [`central: the same, --chains-only, archive of ${shoes} shoes`]: await daily(old, false),
      };
    } finally {
      await old.close();
      await young.close();
    }
  } finally {
    await server.destroy();
  }
}

/** An archive of `shoes` ended shoes of one table, and yesterday's anchor: made before its last `day` shoes arrived. */
export async function filledArchive(server: ThrowawayPostgres, shoes: number, day: number) {
  const url = await freshDatabase(server);
  const dir = await tableDir(url);
  const seed = await openDealingTable({ table: 'T1', dir, central: url, seed: 23 });
  await seed.dealShoes(1);
  await until(() => seed.witness!.state().state === 'in-sync', 'the first shoe replicated');
  await seed.close();
  const { loadTableKey } = await import('../../server/central/table-keys.ts');
  const { makeAnchor } = await import('../../server/central/anchor.ts');
  const { generateKeyPairSync } = await import('node:crypto');
  const surveillance = generateKeyPairSync('ed25519');
  await cloneShoes(dir, shoes - 1, await loadTableKey(dir));
  const pool = centralPool(url, { max: 2 });
  const { TableStore } = await import('../../server/store/table-store.ts');
  const store = await TableStore.open(dir);
  const entries = store.listShoes().slice(1);
  await store.close();
  let anchor: Awaited<ReturnType<typeof makeAnchor>> | null = null;
  for (const [n, entry] of entries.entries()) {
    if (n === entries.length - day) anchor = await makeAnchor(pool, surveillance); // yesterday's checkpoint
    const log = await readShoeLogText(shoeFilePath(dir, entry.id));
    await insertEvents(
      pool,
      'T1',
      log.lines.flatMap((l) => (l.kind === 'event' ? [rowOf(entry.id, l.text, l.event)!] : [])),
    );
    await insertSeals(
      pool,
      'T1',
      (await readSeals(dir, entry.id)).map((seal) => ({ shoe: entry.id, seal })),
    );
  }
  await pool.query('VACUUM ANALYZE events');
  await pool.query('VACUUM ANALYZE seals');
  const since = new Map(anchor!.heads.map((h) => [h.table, h.shoe!] as const));
  return {
    pool,
    anchor: anchor!,
    since,
    close: async () => {
      await pool.end();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
