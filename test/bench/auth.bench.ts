/**
 * Login latency and the memory SSE clients leave behind (`npm run bench`;
 * never a timed test). The server is `tq serve` in its own process (mock
 * serial binding), so its resident memory is its own, read from
 * /proc/<pid>/status; the clients run here.
 *
 * - login: the right PIN, scrypt (N=16384, r=8) checked, the access-log line
 *   and the sessions file flushed before the answer. 200 logins one after
 *   another, then 50 rounds of 4 at once (four users, so the per-user turn
 *   does not serialise them; the limiter's one-at-a-time scrypt does).
 *   Goal: p99 < 150 ms.
 * - SSE: RSS before, with 200 live streams open, and after they all drop
 *   (2 s and 10 s later). Goal: back within 10 % of before.
 *
 *   node --import tsx test/bench/auth.bench.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hashPin } from '../../server/http/users.ts';
import { percentile } from './bench-support.ts';

const TQ = fileURLToPath(new URL('../../server/cli/tq.ts', import.meta.url));
const USERS = [
  { user: 'anna', role: 'tailleur', pin: '481516' },
  { user: 'bruno', role: 'payeur', pin: '234234' },
  { user: 'carla', role: 'chef', pin: '902211' },
  { user: 'dario', role: 'surveillance', pin: '775533' },
] as const;

const round = (ms: number) => Math.round(ms * 10) / 10;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 102.4) / 10;
}

/** The server's open file descriptors: each SSE stream holds a socket. */
async function openFds(pid: number): Promise<number> {
  return (await readdir(`/proc/${pid}/fd`)).length;
}

function post(url: URL, path: string, body: unknown): Promise<{ status: number; cookie: string }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, cookie: (res.headers['set-cookie']?.[0] ?? '').split(';')[0]! }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/** `tq serve` in its own process; its URL from the JSON log line saying it listens. */
async function startServer(dir: string): Promise<{ child: ChildProcess; url: URL }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      TQ,
      'serve',
      '--serial',
      `/dev/ttyBENCH${process.pid}`,
      '--mock-serial',
      '--data',
      dir,
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--log-level',
      'info',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<URL>((resolve, reject) => {
    const deadline = setTimeout(() => reject(new Error('the server did not start in 30 s')), 30_000);
    let text = '';
    const onData = (d: Buffer) => {
      text += d.toString();
      const match = /"url":"(http:[^"]+)"[^\n]*"msg":"table server listening"/.exec(text);
      if (!match) return;
      clearTimeout(deadline);
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      resolve(new URL(match[1]!));
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`tq serve exited with ${code}`)));
  });
  return { child, url };
}

async function timedLogins(url: URL, rounds: number, atOnce: number): Promise<number[]> {
  const times: number[] = [];
  for (let r = 0; r < rounds; r++)
    await Promise.all(
      USERS.slice(0, atOnce).map(async ({ user, pin }) => {
        const t0 = performance.now();
        const { status } = await post(url, '/api/login', { user, pin });
        times.push(performance.now() - t0);
        if (status !== 200) throw new Error(`login ${user}: ${status}`);
      }),
    );
  return times.sort((a, b) => a - b);
}

function openStream(url: URL, cookie: string): Promise<ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: '/api/events', headers: { cookie, accept: 'text/event-stream' } }, (res) => {
      res.once('data', () => resolve(req));
    });
    req.on('error', reject);
    req.end();
  });
}

export async function benchAuth(): Promise<Record<string, unknown>> {
  const dir = await mkdtemp(join(tmpdir(), 'tq-bench-auth-'));
  await writeFile(join(dir, 'users.json'), JSON.stringify({ users: USERS.map(({ user, role, pin }) => ({ user, role, pin: hashPin(pin) })) }));
  const { child, url } = await startServer(dir);
  try {
    await timedLogins(url, 5, 1); // warm-up
    const sequential = await timedLogins(url, 200, 1);
    const two = await timedLogins(url, 100, 2);
    const concurrent = await timedLogins(url, 50, 4);

    const { cookie } = await post(url, '/api/login', { user: 'dario', pin: '775533' });
    for (let k = 0; k < 3; k++) (await openStream(url, cookie)).destroy(); // warm the route
    await pause(1_000);
    const before = await rssMb(child.pid!);
    const fdsBefore = await openFds(child.pid!);
    const streams = await Promise.all(Array.from({ length: 200 }, () => openStream(url, cookie)));
    const connected = await rssMb(child.pid!);
    const fdsOpen = await openFds(child.pid!);
    for (const s of streams) s.destroy();
    await pause(2_000);
    const after2s = await rssMb(child.pid!);
    await pause(8_000);
    const after10s = await rssMb(child.pid!);
    const fdsAfter = await openFds(child.pid!);
    return {
      'login sequential p50 ms': round(percentile(sequential, 50)),
      'login sequential p99 ms': round(percentile(sequential, 99)),
      'login 2 at once p50 ms': round(percentile(two, 50)),
      'login 2 at once p99 ms': round(percentile(two, 99)),
      'login 4 at once p50 ms': round(percentile(concurrent, 50)),
      'login 4 at once p99 ms': round(percentile(concurrent, 99)),
      'rss before MB': before,
      'rss 200 SSE open MB': connected,
      'rss dropped +2 s MB': after2s,
      'rss dropped +10 s MB': after10s,
      'server fds before / open / after': `${fdsBefore} / ${fdsOpen} / ${fdsAfter}`,
      'rss after vs before %': Math.round(((after10s - before) / before) * 1000) / 10,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(await benchAuth());
