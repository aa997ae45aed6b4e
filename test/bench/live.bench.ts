/**
 * Live latency of a card (`npm run bench`; never a timed test): from the
 * moment the simulated shuffler writes a CARD frame on its end of a PTY pair
 * to the moment an HTTP client receives that card's SSE `table` event from
 * GET /api/events. In between: the pseudo-terminal relay, the native serial
 * binding, the frame parser, the LinkSession, the rules (decide), the store's
 * append with fsync, the fold, the live view and the SSE write. The table
 * server is the one `tq serve` runs (startTableServer); the data directory is
 * on disk, not tmpfs. One card at a time, so each figure is a latency, not a
 * queue. Goal: p99 < 20 ms.
 */
import { performance } from 'node:perf_hooks';
import { percentile, ptyTable, sseData } from './bench-support.ts';

/** The first cards warm the JIT and the file; a shoe holds 312. */
const WARMUP = 12;
const CARDS = 300;

export async function benchLive(): Promise<Record<string, number>> {
  const { server, sim, close } = await ptyTable({ name: 'live', seed: 77, exposedCoupLimit: 100, host: '127.0.0.1' });
  const waiting = new Map<number, (at: number) => void>();
  const stop = await sseData(server.url, { user: 'tailleur', pin: '1111' }, '/api/events', 'table', (data) => {
    const { event } = data as { event: { type: string; seq?: number } };
    if (event.type === 'card') waiting.get(event.seq!)?.(performance.now());
  });
  // The same card seen by a Table.subscribe listener: the server's share of the latency, without HTTP.
  const stored = new Map<number, number>();
  server.table.subscribe(({ event }) => {
    if (event.type === 'card') stored.set(event.seq, performance.now());
  });
  try {
    sim.start();
    const deadline = Date.now() + 5000;
    while (server.table.state().phase === 'idle' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    const times: number[] = [];
    const inTable: number[] = [];
    for (let seq = 1; seq <= WARMUP + CARDS; seq++) {
      const received = new Promise<number>((resolve) => waiting.set(seq, resolve));
      const sent = performance.now();
      if (!sim.deal()) throw new Error(`the simulator refused card ${seq}`);
      const at = await Promise.race([
        received,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`card ${seq} never reached the SSE client`)), 5000)),
      ]);
      waiting.delete(seq);
      if (seq > WARMUP) {
        times.push(at - sent);
        inTable.push(stored.get(seq)! - sent);
      }
    }
    times.sort((a, b) => a - b);
    inTable.sort((a, b) => a - b);
    return {
      cards: times.length,
      'frame→Table.subscribe p50 ms': percentile(inTable, 50),
      'frame→Table.subscribe p99 ms': percentile(inTable, 99),
      'frame→SSE p50 ms': percentile(times, 50),
      'frame→SSE p99 ms': percentile(times, 99),
      'frame→SSE max ms': times.at(-1)!,
    };
  } finally {
    stop();
    await close();
  }
}
