/**
 * Cost of the table's durable record (`npm run bench`; never a timed test).
 *
 * (a) Appending one event, fsync included, to the shoe in play of a data
 *     directory holding 1 other shoe and of one holding 10,000 (goal: the
 *     ratio of the means ≤ 1.2: an event's cost does not grow with the shoes
 *     stored). The two stores are appended to alternately, one event each,
 *     so both meet the same disk. The 10,000 shoes (12 events each) are
 *     written straight to their files and index.json, not event by event.
 *     The same is measured with datasync stubbed out, which shows the CPU and
 *     write part without the disk's noise.
 * (b) verifyDataDir over 2,000 shoes of ~590 events dealt by the rules engine
 *     (goal ≥ 2,000 shoes/s), read from the page cache: with the rules
 *     engine's replay (shoe/replay.ts) and with the chain alone; in one
 *     thread, and in two workers that this thread feeds (two cores here).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { shoeFilePath, shoesDir } from '../../server/store/data-dir.ts';
import { chainBatch } from '../../server/store/hash-chain.ts';
import { GENESIS_PREV, type StampedEvent } from '../../server/store/stored-event.ts';
import type { ShoeIndexEntry, TableIndexData } from '../../server/store/table-index.ts';
import { TableStore } from '../../server/store/table-store.ts';
import { verifyDataDir } from '../../server/store/verify.ts';
import type { ShoeEvent } from '../../shoe/events.ts';
import { VENICE_RULES } from '../../shoe/rules.ts';
import { onThisThread } from '../../server/store/durable-fs.ts';
import { dealSampleShoe } from '../server/store/sample-shoe.ts';

const APPENDS = 1_500;
const STORED_SHOES = 10_000;
const VERIFY_SHOES = 2_000;
const TEMPLATES = 16;
const AT = '2025-06-01T20:00:00.000Z';

export async function benchStore(): Promise<Record<string, number>> {
  const root = await mkdtemp(join(tmpdir(), 'tq-store-bench-'));
  try {
    return { ...(await appendCost(root)), ...(await verifyThroughput(root)) };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

async function appendCost(root: string): Promise<Record<string, number>> {
  const one = join(root, 'one-shoe');
  const many = join(root, 'many-shoes');
  await writeDataDir(one, 1, (k) => smallShoe(`old-${k}`));
  const started = performance.now();
  await writeDataDir(many, STORED_SHOES, (k) => smallShoe(`old-${String(k).padStart(5, '0')}`));
  const writeSeconds = (performance.now() - started) / 1000;

  const openStarted = performance.now();
  const stores = [await TableStore.open(one), await TableStore.open(many)] as const;
  const openManyMs = performance.now() - openStarted;
  for (const store of stores)
    await store.createShoe({ type: 'shoe', table: 'T1', shoe: 'live', cards: 1_000_000, rules: { ...VENICE_RULES } }, { at: AT, by: 'chef' });

  const synced = await alternate(stores, APPENDS, 1);
  const realDatasync = onThisThread.datasync;
  onThisThread.datasync = () => undefined;
  const unsynced = await alternate(stores, APPENDS, APPENDS + 1).finally(() => (onThisThread.datasync = realDatasync));
  for (const store of stores) await store.close();

  const [few, lots] = synced as [Stats, Stats];
  const [fewNoSync, lotsNoSync] = unsynced as [Stats, Stats];
  return {
    'append µs mean, fsync, 1 shoe stored': few.mean,
    'append µs p99, fsync, 1 shoe stored': few.p99,
    'append µs mean, fsync, 10,000 shoes stored': lots.mean,
    'append µs p99, fsync, 10,000 shoes stored': lots.p99,
    'append mean ratio 10,000 / 1 (goal ≤ 1.2)': lots.mean / few.mean,
    'append median ratio 10,000 / 1': lots.p50 / few.p50,
    'append µs mean, no fsync, 1 shoe stored': fewNoSync.mean,
    'append µs mean, no fsync, 10,000 shoes stored': lotsNoSync.mean,
    'append mean ratio without fsync 10,000 / 1': lotsNoSync.mean / fewNoSync.mean,
    'seconds to write 10,000 shoes directly': writeSeconds,
    'ms to open a store of 10,000 shoes': openManyMs,
  };
}

/** Appends one card event at a time to each store in turn; per-store timings in µs. */
async function alternate(stores: readonly TableStore[], count: number, firstSeq: number): Promise<Stats[]> {
  const samples = stores.map(() => [] as number[]);
  for (let k = 0; k < count; k++) {
    for (const [s, store] of stores.entries()) {
      const t = process.hrtime.bigint();
      await store.append('live', [{ type: 'card', seq: firstSeq + k, card: 'QH' }], { at: AT, by: 'shuffler' });
      samples[s]!.push(Number(process.hrtime.bigint() - t) / 1000);
    }
  }
  return samples.map(stats);
}

interface Stats {
  mean: number;
  p50: number;
  p99: number;
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { mean: samples.reduce((a, b) => a + b, 0) / samples.length, p50: at(0.5), p99: at(0.99) };
}

/** A short ended shoe: start, the burn, one bet, end. */
function smallShoe(shoe: string): ShoeEvent[] {
  const cards = ['QH', 'TS', '2C', 'AD', '9H', '5S', '7D', 'KC'].map((card, k) => ({ type: 'card', seq: k + 1, card }) as const);
  return [
    { type: 'shoe', table: 'T1', shoe, cards: 312, rules: { ...VENICE_RULES } },
    ...cards,
    { type: 'open' },
    { type: 'bet', player: 's1', chance: 'rouge', amount: 1000 },
    { type: 'end', reason: 'suspended' },
  ];
}

/** Writes shoe files and index.json directly (no store, no fsync): a directory as the store leaves it. */
async function writeDataDir(dir: string, count: number, shoe: (k: number) => ShoeEvent[]): Promise<void> {
  await mkdir(shoesDir(dir), { recursive: true });
  const entries: ShoeIndexEntry[] = [];
  for (let k = 0; k < count; k += 64) {
    const batch = Array.from({ length: Math.min(64, count - k) }, (_, j) => shoe(k + j));
    await Promise.all(
      batch.map(async (events) => {
        const first = events[0] as { shoe: string };
        const stamped = events.map((e) => ({ at: AT, by: 'tailleur-1', ...e }) as StampedEvent);
        const { text, lastHash } = chainBatch(GENESIS_PREV, 0, stamped);
        await writeFile(shoeFilePath(dir, first.shoe), text);
        const last = stamped.at(-1)!;
        const ended = last.type === 'end' ? { endedAt: last.at, endReason: last.reason, events: events.length, lastHash } : {};
        entries.push({ id: first.shoe, table: 'T1', startedAt: stamped[0]!.at, ...ended });
      }),
    );
  }
  entries.sort((a, b) => (a.id < b.id ? -1 : 1));
  const index: TableIndexData = { version: 1, table: 'T1', currentShoe: null, shoes: entries };
  await writeFile(join(dir, 'index.json'), JSON.stringify(index, null, 2));
}

async function verifyThroughput(root: string): Promise<Record<string, number>> {
  const dir = join(root, 'verify');
  const templates = Array.from({ length: TEMPLATES }, (_, k) => dealSampleShoe({ shoe: 'template', seed: k + 1 }));
  await writeDataDir(dir, VERIFY_SHOES, (k) => {
    const [first, ...rest] = templates[k % TEMPLATES]!;
    return [{ ...first!, shoe: `v-${String(k).padStart(5, '0')}` } as ShoeEvent, ...rest];
  });
  const events = templates.reduce((n, t) => n + t.length, 0) / TEMPLATES;

  const run = async (opts: Parameters<typeof verifyDataDir>[1]) => {
    const started = performance.now();
    const verdict = await verifyDataDir(dir, opts);
    const seconds = (performance.now() - started) / 1000;
    if (!verdict.ok || verdict.shoes !== VERIFY_SHOES)
      throw new Error(`verify found problems in generated shoes: ${JSON.stringify(verdict.results.find((r) => !r.ok))}`);
    return VERIFY_SHOES / seconds;
  };

  const figures: Record<string, number> = {
    'verify: events per shoe (mean)': events,
  };
  await run({ replay: false, threads: 1 }); // warm the page cache and the JIT
  figures['verify shoes/s, chain only, 1 thread'] = await run({ replay: false, threads: 1 });
  figures['verify shoes/s, chain only, 2 threads'] = await run({ replay: false, threads: 2 });
  figures['verify shoes/s, chain + replay, 1 thread'] = await run({ threads: 1 });
  figures['verify shoes/s, chain + replay, 2 threads (default)'] = await run({});
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await benchStore();
  for (const [k, v] of Object.entries(figures)) process.stdout.write(`${k.padEnd(52)} ${v.toFixed(v < 10 ? 3 : 0).padStart(10)}\n`);
}
