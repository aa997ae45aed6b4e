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
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { VENICE_RULES } from '../../shoe/rules.ts';
import { createDemoUsers } from '../../server/http/users.ts';
import { startPtyPair } from '../../server/serial/pty-pair.ts';
import { openSerial, serialConfig } from '../../server/serial/serial-config.ts';
import { ShufflerSimulator } from '../../server/simulator/shuffler-simulator.ts';
import { startTableServer } from '../../server/app/table-server.ts';

/** The first cards warm the JIT and the file; a shoe holds 312. */
const WARMUP = 12;
const CARDS = 300;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Opens GET /api/events and calls `onCard(seq)` for every stored card event received. */
async function sseCards(base: string, onCard: (seq: number) => void): Promise<() => void> {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: 'tailleur', pin: '1111' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const abort = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: { cookie, accept: 'text/event-stream' }, signal: abort.signal });
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
        const data = block
          .split('\n')
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).trimStart())
          .join('\n');
        const message = JSON.parse(data) as { event: { type: string; seq?: number } };
        if (message.event.type === 'card') onCard(message.event.seq!);
      }
    }
  })();
  return () => abort.abort();
}

export async function benchLive(): Promise<Record<string, number>> {
  const pair = await startPtyPair();
  const dir = await mkdtemp(join(tmpdir(), 'tq-bench-live-'));
  const users = await createDemoUsers(join(dir, 'users.json'));
  const config = {
    dataDir: dir,
    serial: pair.hostPath,
    baud: 9600,
    port: 0,
    host: '127.0.0.1',
    table: 'T1',
    rules: { ...VENICE_RULES, exposedCoupLimit: 100 },
    mockSerial: false,
    logLevel: 'silent' as const,
  };
  const server = await startTableServer({ config, users, logger: pino({ level: 'silent' }), clientDir: '/nonexistent' });
  const port = await openSerial(serialConfig({ path: pair.shufflerPath }, {}));
  const sim = new ShufflerSimulator({ port, seed: 77, heartbeatMs: 0 });
  const waiting = new Map<number, (at: number) => void>();
  const stop = await sseCards(server.url, (seq) => waiting.get(seq)?.(performance.now()));
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
    sim.stop();
    await new Promise((r) => port.close(() => r(null)));
    await server.close();
    await pair.close();
    await rm(dir, { recursive: true, force: true });
  }
}
