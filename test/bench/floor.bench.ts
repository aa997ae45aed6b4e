/**
 * The surveillance room's live latency (`npm run bench`; never a timed test):
 * from the moment one event row is committed to the central store to the
 * moment a browser-like client receives that table's updated row on the
 * floor's stream (GET /api/floor/events). In between: PostgreSQL's NOTIFY,
 * the floor's LISTEN session, the re-read of the new row, the fold through the
 * rules and the SSE write. One event at a time, so each figure is a latency.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { pino } from 'pino';
import { startThrowawayPostgres } from '../../server/central/throwaway-postgres.ts';
import { startFloorServer } from '../../server/app/floor-server.ts';
import type { FloorTable } from '../../server/floor/floor-table.ts';
import { testUsers } from '../server/http/support/server.ts';
import { applyCentralSchema, insertLines, recordFixture, registerTable, removeRecorded } from '../support/central-store.ts';

const WARMUP = 20;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Calls `onRow` for every `table` frame of the floor's stream. */
async function floorRows(base: string, onRow: (row: FloorTable) => void): Promise<() => void> {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: 'surveillance', pin: '4444' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const abort = new AbortController();
  const res = await fetch(`${base}/api/floor/events`, { headers: { cookie, accept: 'text/event-stream' }, signal: abort.signal });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!/^event: table$/m.test(block)) continue;
        onRow(
          JSON.parse(
            block
              .split('\n')
              .filter((l) => l.startsWith('data:'))
              .map((l) => l.slice(5).trimStart())
              .join('\n'),
          ) as FloorTable,
        );
      }
    }
  })();
  return () => abort.abort();
}

export async function benchFloorPush(): Promise<Record<string, number>> {
  const server = await startThrowawayPostgres();
  const admin = new pg.Pool({ connectionString: server.url, max: 2 });
  const shoes = [await recordFixture('ordinary', 'T1'), await recordFixture('foreign-card', 'T2'), await recordFixture('void-card', 'T3')];
  try {
    await applyCentralSchema(admin);
    for (const s of shoes) {
      await registerTable(admin, s.table);
      await insertLines(admin, s.table, s.shoe, s.lines.slice(0, 1));
    }
    const floor = await startFloorServer({ central: server.url, users: testUsers(), logger: pino({ level: 'silent' }) });
    const waiting = new Map<string, (row: FloorTable) => void>();
    const stop = await floorRows(floor.url, (row) => waiting.get(`${row.table}:${row.events}`)?.(row));
    const latencies: number[] = [];
    try {
      const t1 = shoes[0]!;
      for (let k = 1; k < t1.lines.length; k++) {
        const seen = new Promise<FloorTable>((resolve) => waiting.set(`T1:${k + 1}`, resolve));
        const start = performance.now();
        await insertLines(admin, 'T1', t1.shoe, [t1.lines[k]!]);
        await seen;
        if (k > WARMUP) latencies.push(performance.now() - start);
        waiting.delete(`T1:${k + 1}`);
      }
    } finally {
      stop();
      await floor.close();
    }
    const sorted = latencies.sort((a, b) => a - b);
    return {
      events: sorted.length,
      'commit → floor SSE row p50 ms': percentile(sorted, 50),
      'commit → floor SSE row p99 ms': percentile(sorted, 99),
      'commit → floor SSE row max ms': sorted.at(-1)!,
    };
  } finally {
    await admin.end();
    await server.destroy();
    await removeRecorded(shoes);
  }
}
