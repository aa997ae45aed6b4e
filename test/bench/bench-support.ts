/**
 * What the benches share: percentiles, a Server-Sent Events reader, the
 * table `tq serve` runs (startTableServer) on a real PTY pair with the
 * simulated shuffler at the other end, and the dealing of one coup that the
 * bare loops (the floors the engine and the house-edge simulator are measured
 * against) build on.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { startTableServer, type RunningTable } from '../../server/app/table-server.ts';
import { createDemoUsers } from '../../server/http/users.ts';
import { startPtyPair } from '../../server/serial/pty-pair.ts';
import { openSerial, serialConfig } from '../../server/serial/serial-config.ts';
import { ShufflerSimulator } from '../../server/simulator/shuffler-simulator.ts';
import { POINTS_BY_CODE, RED_BY_CODE } from '../../shoe/card.ts';
import { VENICE_RULES } from '../../shoe/rules.ts';

/** The value at percentile `p` of numbers sorted ascending, by nearest rank (p99 of 100 samples is the 99th, not the largest). */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Milliseconds to two decimals, for the printed figures. */
export function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}

/**
 * One coup as the bare loops deal it, from the card codes `all[from]` up to
 * `end`: Noir's cards until past 30, then Rouge's. Writes Noir's total,
 * Rouge's total and whether Noir's first card was red (1, else 0) into `coup`
 * and returns where the next coup starts, or -1 when `end` comes first (a coup
 * cut short counts for nothing). One copy, so the engine's floor and the
 * simulator's deal exactly alike; a plain function of typed arrays, called
 * once a coup with no callback, so the JIT can inline it into each loop and
 * the floors keep no function call per card.
 */
export function dealBareCoup(all: Uint8Array, from: number, end: number, coup: Int32Array): number {
  const points = POINTS_BY_CODE;
  const red = RED_BY_CODE;
  let noir = 0;
  let rouge = 0;
  let firstRed = 0;
  for (let i = from; i < end; i++) {
    const code = all[i]!;
    if (noir <= 30) {
      if (noir === 0) firstRed = red[code]!;
      noir += points[code]!;
      continue;
    }
    rouge += points[code]!;
    if (rouge <= 30) continue;
    coup[0] = noir;
    coup[1] = rouge;
    coup[2] = firstRed;
    return i + 1;
  }
  return -1;
}

/** Logs in as `user` and calls `onData` with the data of every `event` frame of the stream at `path`; returns how to stop. */
export async function sseData(
  base: string,
  user: { user: string; pin: string },
  path: string,
  event: string,
  onData: (data: unknown) => void,
): Promise<() => void> {
  const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const abort = new AbortController();
  const res = await fetch(`${base}${path}`, { headers: { cookie, accept: 'text/event-stream' }, signal: abort.signal });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const wanted = new RegExp(`^event: ${event}$`, 'm');
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!wanted.test(block)) continue;
        const lines = block.split('\n').filter((l) => l.startsWith('data:'));
        onData(JSON.parse(lines.map((l) => l.slice(5).trimStart()).join('\n')));
      }
    }
  })();
  return () => abort.abort();
}

export interface PtyTable {
  server: RunningTable;
  /** The server's URL, on the loopback address. */
  url: URL;
  sim: ShufflerSimulator;
  close(): Promise<void>;
}

/** The table server on the host end of a PTY pair, its data on disk, and a simulator (not started) on the other end. */
export async function ptyTable(o: { name: string; seed: number | string; exposedCoupLimit: number; host: string }): Promise<PtyTable> {
  const pair = await startPtyPair();
  const dir = await mkdtemp(join(tmpdir(), `tq-bench-${o.name}-`));
  const users = await createDemoUsers(join(dir, 'users.json'));
  const config = {
    dataDir: dir,
    serial: pair.hostPath,
    baud: 9600,
    port: 0,
    host: o.host,
    table: 'T1',
    rules: { ...VENICE_RULES, exposedCoupLimit: o.exposedCoupLimit },
    mockSerial: false,
    logLevel: 'silent' as const,
  };
  const server = await startTableServer({ config, users, logger: pino({ level: 'silent' }), clientDir: '/nonexistent' });
  const port = await openSerial(serialConfig({ path: pair.shufflerPath }, {}));
  const sim = new ShufflerSimulator({ port, seed: o.seed, heartbeatMs: 0 });
  return {
    server,
    url: new URL(server.url.replace('0.0.0.0', '127.0.0.1')),
    sim,
    async close() {
      sim.stop();
      await new Promise((r) => port.close(() => r(null)));
      await server.close();
      await pair.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
