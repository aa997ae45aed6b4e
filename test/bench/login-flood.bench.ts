/**
 * Card→ACK latency while the login is flooded (`npm run bench`; never a timed
 * test). The table server `tq serve` runs (startTableServer) on a real PTY
 * pair with the simulated shuffler; cards are dealt one at a time and each is
 * timed from its CARD frame to its ACK. First quiet, then during a flood of
 * 2,000 logins with made-up names, 200 in flight at any moment, each from its
 * own loopback address (127.0.x.y) so the per-address limit does not help,
 * sent from a separate process at the lowest CPU priority (nice 19), as an
 * attacker on another machine whose own work costs the table nothing;
 * cards are dealt every 100 ms during the flood:
 * only the cap on concurrent PIN checks stands between scrypt and libuv's
 * threadpool, which the serial writes and fdatasync also use.
 *
 *   node --import tsx test/bench/login-flood.bench.ts
 */
import { request } from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { percentile, ptyTable, round } from './bench-support.ts';
import { cardAckTimer } from './card-ack-timer.ts';

const LOGINS = 2_000;
const IN_FLIGHT = 200;
const QUIET_CARDS = 100;

function login(url: URL, k: number): Promise<number> {
  const body = JSON.stringify({ user: `guest${k}`, pin: String(100_000 + k) });
  return new Promise((resolve) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: '/api/login',
        method: 'POST',
        localAddress: `127.0.${(k >> 8) & 255}.${k & 255 || 1}`,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

/** The real chef logging in (demo PIN) from the table's own address; its time and status. */
async function realLogin(url: URL): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const r = await fetch(new URL('/api/login', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: 'chef', pin: '3333' }),
  });
  await r.arrayBuffer();
  return { ms: performance.now() - started, status: r.status };
}

/** 2,000 logins, IN_FLIGHT at a time; resolves with the count of each status. */
async function flood(url: URL): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < LOGINS) {
      const status = await login(url, next++);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return statuses;
}

export async function benchLoginFlood(): Promise<Record<string, unknown>> {
  const { server, url, sim, close } = await ptyTable({ name: 'flood', seed: 'flood', exposedCoupLimit: 1000, host: '0.0.0.0' });
  const cards = cardAckTimer(sim);
  const dealOne = () => cards.dealOne();
  try {
    sim.start();
    while (server.table.state().phase === 'idle') await new Promise((r) => setTimeout(r, 5));
    for (let k = 0; k < 10; k++) await dealOne();
    const quiet: number[] = [];
    for (let k = 0; k < QUIET_CARDS; k++) quiet.push(await dealOne());
    const busy: number[] = [];
    // The chef has logged in at this table before (5 of 16 of its logins were 429 during a flood).
    await realLogin(url);
    const real: { ms: number; status: number }[] = [];
    // How long the server's event loop was kept from running, to tell a busy loop from a starved machine.
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    let flooding = true;
    const started = performance.now();
    // The attacker is its own process at the lowest CPU priority: from another machine, its own work would cost the table nothing.
    const attacker = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--attack', url.href], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    setPriority(attacker.pid!, 19);
    const attack = (async () => {
      let out = '';
      for await (const chunk of attacker.stdout) out += chunk;
      return JSON.parse(out) as Record<string, number>;
    })().finally(() => (flooding = false));
    const chef = (async () => {
      await new Promise((r) => setTimeout(r, 300));
      while (flooding && real.length < 16) {
        real.push(await realLogin(url));
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    // A real shuffler deals about a card a second; one every 100 ms spreads the shoe over the flood.
    while (flooding && cards.dealt < 300) {
      busy.push(await dealOne());
      await new Promise((r) => setTimeout(r, 100));
    }
    const statuses = await attack;
    await chef;
    const realMs = real.map((r) => r.ms).sort((a, b) => a - b);
    loop.disable();
    const floodMs = performance.now() - started;
    quiet.sort((a, b) => a - b);
    busy.sort((a, b) => a - b);
    return {
      'quiet: cards': quiet.length,
      'quiet: card→ACK p50 ms': round(percentile(quiet, 50)),
      'quiet: card→ACK p99 ms': round(percentile(quiet, 99)),
      'flood: cards dealt during it': busy.length,
      'flood: card→ACK p50 ms': round(percentile(busy, 50)),
      'flood: card→ACK p99 ms': round(percentile(busy, 99)),
      'flood: card→ACK max ms': round(busy.at(-1) ?? 0),
      'flood: 2,000 logins took ms': Math.round(floodMs),
      'flood: event-loop delay p50 ms': round(loop.percentile(50) / 1e6),
      'flood: event-loop delay p99 ms': round(loop.percentile(99) / 1e6),
      'flood: answers by status': statuses,
      'flood: the real chef, logins': real.length,
      'flood: the real chef, refused': real.filter((r) => r.status !== 200).length,
      'flood: the real chef, login p50 ms': round(percentile(realMs, 50)),
      'flood: the real chef, login max ms': round(realMs.at(-1) ?? 0),
    };
  } finally {
    await close();
  }
}

if (process.argv[2] === '--attack') {
  process.stdout.write(JSON.stringify(await flood(new URL(process.argv[3]!))));
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchLoginFlood(), null, 2));
}
