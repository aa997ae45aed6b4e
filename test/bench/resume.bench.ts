/**
 * Found when probed as an attacker (`npm run bench resume`; never a timed test): 100 SSE
 * resumes at once, each with `Last-Event-ID: <oldest shoe>:0`, on a table
 * whose record holds 400 shoes (~590 events each, ~236,000 events). Before
 * the fix one such resume took 5.3 s, 20 took 2 GB and 100 dropped ones took
 * the server out of memory. Measured: the time until all 100 have their
 * `reload`, the process's peak RSS and heap meanwhile (server and clients
 * share this process), and the same for 100 resumes dropped by their clients
 * at once, then the time a fresh `/api/me` takes right after.
 */
import { performance } from 'node:perf_hooks';
import { storeArchive } from '../../server/http/store-archive.ts';
import { SseClient } from '../server/http/support/sse-client.ts';
import { startServer } from '../server/http/support/server.ts';
import { longRecord } from '../security/support/archive.ts';
import { round } from './bench-support.ts';

const SHOES = 400;
const RESUMES = 100;

export async function benchStaleResumes(): Promise<Record<string, number>> {
  const record = await longRecord(SHOES);
  const server = await startServer({ table: record.table, surveillance: storeArchive(record.store, record.dir) });
  const mb = (n: number) => round(n / 1024 / 1024);
  try {
    const tailleur = await server.as('tailleur');
    const from = `${record.shoes[0]}:0`;
    global.gc?.();
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    const sample = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 5);

    let started = performance.now();
    const clients = await Promise.all(Array.from({ length: RESUMES }, () => SseClient.open(server.url, tailleur.cookie, from)));
    await Promise.all(clients.map((c) => c.next('reload', 60_000)));
    const allReloaded = performance.now() - started;
    for (const c of clients) c.close();

    started = performance.now();
    await Promise.all(
      Array.from({ length: RESUMES }, async () => {
        const c = await SseClient.open(server.url, tailleur.cookie, from);
        c.close();
      }),
    );
    const me = performance.now();
    await tailleur.get('/api/me');
    const meAfterDrops = performance.now() - me;
    const droppedAll = performance.now() - started;
    clearInterval(sample);
    return {
      shoes: SHOES,
      'events stored': record.store.listShoes().reduce((n, e) => n + (e.events ?? 0), 0),
      'ms until 100 resumes have their reload': round(allReloaded),
      'ms for 100 resumes opened and dropped, then /api/me': round(droppedAll),
      '/api/me ms right after the drops': round(meAfterDrops),
      'RSS MB before': mb(base.rss),
      'RSS MB peak': mb(peakRss),
      'heap MB before': mb(base.heapUsed),
      'heap MB peak': mb(peakHeap),
    };
  } finally {
    await server.close();
    await record.close();
  }
}
