/**
 * The surveillance room's live latency (`npm run bench`; never a timed test):
 * from the moment one event row is committed to the central store to the
 * moment a browser-like client receives that table's updated row on the
 * floor's stream (GET /api/floor/events). In between: PostgreSQL's NOTIFY,
 * the floor's LISTEN session, the re-read of the new row, the fold through the
 * rules and the SSE write. One event at a time, so each figure is a latency.
 */
import { performance } from 'node:perf_hooks';
import { centralPool, endPool } from '../../server/central/central-connect.ts';
import { pino } from 'pino';
import { startThrowawayPostgres } from '../../server/central/throwaway-postgres.ts';
import { startFloorServer } from '../../server/app/floor-server.ts';
import type { FloorTable } from '../../server/floor/floor-table.ts';
import { testUsers } from '../server/http/support/server.ts';
import { percentile, sseData } from './bench-support.ts';
import { applyCentralSchema, insertLines, recordFixture, registerTable, removeRecorded } from '../support/central-store.ts';

const WARMUP = 20;

export async function benchFloorPush(): Promise<Record<string, number>> {
  const server = await startThrowawayPostgres();
  const admin = centralPool(server.url, { max: 2 });
  const shoes = [await recordFixture('ordinary', 'T1'), await recordFixture('foreign-card', 'T2'), await recordFixture('void-card', 'T3')];
  try {
    await applyCentralSchema(admin);
    for (const s of shoes) {
      await registerTable(admin, s.table);
      await insertLines(admin, s.table, s.shoe, s.lines.slice(0, 1));
    }
    const floor = await startFloorServer({ central: server.url, users: testUsers(), logger: pino({ level: 'silent' }) });
    const waiting = new Map<string, (row: FloorTable) => void>();
    const stop = await sseData(floor.url, { user: 'surveillance', pin: '4444' }, '/api/floor/events', 'table', (data) => {
      const row = data as FloorTable;
      waiting.get(`${row.table}:${row.events}`)?.(row);
    });
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
    await endPool(admin);
    await server.destroy();
    await removeRecorded(shoes);
  }
}
