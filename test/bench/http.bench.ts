/**
 * Command round trip over HTTP (`npm run bench`; never a timed test): the
 * payeur's POST /api/bets against a real listening server — session cookie,
 * JSON body, zod, role check, the table, the view in the answer, one JSON log
 * line written (to nowhere) — first one request at a time for p50/p99, then
 * 16 in flight for requests/s. Twice, on the real TableService + TableStore:
 * with the store's directory in memory (tmpfs: the HTTP layer and the rules
 * without the disk) and on disk, where every bet is appended and fsync'd
 * before it is answered.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { createApp } from '../../server/http/app.ts';
import { listen } from '../../server/http/listen.ts';
import { TableStore } from '../../server/store/table-store.ts';
import type { Table } from '../../server/table/table.ts';
import { TableService } from '../../server/table/table-service.ts';
import { VENICE_RULES } from '../../shoe/rules.ts';
import { openMemoryTable } from '../support/memory-table.ts';
import { Client } from '../server/http/support/client.ts';
import { testUsers } from '../server/http/support/server.ts';
import { percentile } from './bench-support.ts';

const WARMUP = 200;
const CONCURRENCY = 16;

/** Starts a shoe on `table`, burns five cards, opens the bets, then times the payeur's bets. */
async function measure(table: Table, deal: (card: string) => Promise<unknown>, requests: number): Promise<Record<string, number>> {
  const logger = pino({ level: 'info' }, { write: () => undefined });
  const server = await listen(createApp({ table, users: testUsers(), logger, clientDir: '/nonexistent' }));
  try {
    const tailleur = new Client(server.url);
    const payeur = new Client(server.url);
    await tailleur.login('tailleur', '1111');
    await payeur.login('payeur', '2222');
    await tailleur.post('/api/shoe/start');
    for (const card of ['AH', '2H', '3H', '4H', '5H']) await deal(card);
    await tailleur.post('/api/bets/open');
    let n = 0;
    const bet = async () => {
      const r = await payeur.post('/api/bets', { player: `s${(n++ % 9) + 1}`, chance: 'rouge', amount: 500 });
      if (r.status !== 200) throw new Error(`bet answered ${r.status}: ${r.text}`);
    };
    for (let k = 0; k < WARMUP; k++) await bet();

    const times: number[] = [];
    const started = performance.now();
    for (let k = 0; k < requests; k++) {
      const t = performance.now();
      await bet();
      times.push(performance.now() - t);
    }
    const sequentialSeconds = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);

    const burst = performance.now();
    let left = requests;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (left-- > 0) await bet();
      }),
    );
    const concurrentSeconds = (performance.now() - burst) / 1000;
    return {
      p50Ms: percentile(times, 50),
      p99Ms: percentile(times, 99),
      sequentialRps: requests / sequentialSeconds,
      [`concurrent${CONCURRENCY}Rps`]: requests / concurrentSeconds,
    };
  } finally {
    await server.close();
  }
}

export async function benchHttp(): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  const memory = await openMemoryTable();
  try {
    for (const [k, v] of Object.entries(await measure(memory.table, memory.deal, 3000))) figures[`memory.${k}`] = v;
  } finally {
    await memory.close();
  }

  const dir = await mkdtemp(join(tmpdir(), 'tq-http-bench-'));
  const store = await TableStore.open(dir, { table: 'T1' });
  try {
    const real = await TableService.open({ store, tableId: 'T1', rules: VENICE_RULES });
    const deal = (card: string) => real.storeCard({ seq: real.state().lastSeq + 1, card, exposed: false });
    for (const [k, v] of Object.entries(await measure(real, deal, 1000))) figures[`real.${k}`] = v;
    await real.close();
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
  return figures;
}
