/**
 * The loads of the card-path bench (card-path.bench.ts), each from a process
 * of its own at the lowest CPU priority (as from another machine: its own
 * work costs the table little): prints `loading` once its requests flow,
 * runs until its stdin ends, then prints what it did as one JSON line:
 *
 * - `flood`: logins with made-up names, 200 in flight, each from its own
 *   loopback address (127.0.x.y), as the login flood of;
 * - `uploads`: 10 uploads of a legal ~20,000-line shoe log in parallel, over
 *   and over, and 4 loops reading one back (state, report, verify, CSV);
 * - `sse`: 20 live streams resuming from the shoe's first event (a stale
 *   Last-Event-ID: every event since is sent again), over and over.
 *
 *   node --import tsx test/bench/card-path-load.ts <flood|uploads|sse> <url>
 */
import { request } from 'node:http';
import { legalLongLog } from './long-log.ts';

const [mode, base] = process.argv.slice(2) as [string, string];
const url = new URL(base);
let running = true;
process.stdin.on('data', () => {});
process.stdin.on('end', () => (running = false));
const counts: Record<string, number> = {};
const count = (key: string | number): void => {
  counts[key] = (counts[key] ?? 0) + 1;
};

function call(method: string, path: string, o: { body?: string; type?: string; cookie?: string; from?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; cookie?: string; body: string }>((resolve) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method,
        ...(o.from && { localAddress: o.from }),
        headers: {
          ...(o.body !== undefined && { 'content-type': o.type ?? 'application/json', 'content-length': Buffer.byteLength(o.body) }),
          ...(o.cookie && { cookie: o.cookie }),
          ...o.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (t: string) => (body += t));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, cookie: (res.headers['set-cookie']?.[0] ?? '').split(';')[0], body }));
      },
    );
    req.on('error', () => resolve({ status: 0, body: '' }));
    req.end(o.body);
  });
}

async function login(user: string, pin: string): Promise<string> {
  const r = await call('POST', '/api/login', { body: JSON.stringify({ user, pin }) });
  if (r.status !== 200) throw new Error(`login ${user}: ${r.status} ${r.body}`);
  return r.cookie!;
}

const loops = (n: number, f: (k: number) => Promise<void>) => {
  if (!announced) {
    announced = true;
    process.stdout.write('loading\n');
  }
  return Promise.all(
    Array.from({ length: n }, async (_, k) => {
      while (running) await f(k);
    }),
  );
};
let announced = false;

async function flood(): Promise<void> {
  let next = 0;
  await loops(200, async () => {
    const k = next++;
    const r = await call('POST', '/api/login', {
      body: JSON.stringify({ user: `guest${k}`, pin: String(100_000 + (k % 900_000)) }),
      from: `127.0.${(k >> 8) & 255}.${k & 255 || 1}`,
    });
    count(r.status);
  });
}

async function uploads(): Promise<void> {
  const log = legalLongLog(19_500);
  const cookie = await login('surveillance', '4444');
  const first = await call('POST', '/api/shoes/open?name=long', { body: log, type: 'application/x-ndjson', cookie });
  if (first.status !== 201) throw new Error(`upload: ${first.status} ${first.body}`);
  const id = (JSON.parse(first.body) as { id: string }).id;
  const reads = ['state', 'report', 'verify', 'settlement.csv'];
  await Promise.all([
    loops(
      10,
      async () => void count(`upload ${(await call('POST', '/api/shoes/open?name=long', { body: log, type: 'application/x-ndjson', cookie })).status}`),
    ),
    loops(4, async (k) => void count(`${reads[k]} ${(await call('GET', `/api/shoes/${id}/${reads[k]}`, { cookie })).status}`)),
  ]);
}

async function sse(): Promise<void> {
  const cookie = await login('chef', '3333');
  const shoe = (JSON.parse((await call('GET', '/api/table', { cookie })).body) as { view: { shoe: string } }).view.shoe;
  await loops(20, () => resume(cookie, `${shoe}:0`));
}

/** One stale resume: the stream is read until it has sent the current view (the end of the missed events), then dropped. */
function resume(cookie: string, lastEventId: string): Promise<void> {
  return new Promise((resolve) => {
    const req = request(
      { host: url.hostname, port: url.port, path: '/api/events', headers: { cookie, accept: 'text/event-stream', 'last-event-id': lastEventId } },
      (res) => {
        let seen = '';
        res.setEncoding('utf8').on('data', (t: string) => {
          seen = (seen + t).slice(-200_000);
          if (seen.includes('"view"')) {
            count(`resume ${res.statusCode}`);
            req.destroy();
            resolve();
          }
        });
        res.on('end', () => resolve());
        res.on('error', () => resolve());
      },
    );
    req.on('error', () => resolve());
    req.setTimeout(5000, () => req.destroy());
    req.end();
  });
}

const load = { flood, uploads, sse }[mode];
if (load === undefined) throw new Error(`no load ${mode}`);
load().then(
  () => {
    process.stdout.write(`${JSON.stringify(counts)}\n`);
    process.exit(0);
  },
  (e: unknown) => {
    process.stderr.write(`${String(e)}\n`);
    process.exit(1);
  },
);
