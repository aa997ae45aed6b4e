/**
 * Found when probed as an attacker (never a timed test): card→ACK latency over a
 * real PTY while surveillance uploads ten 20,000-line shoe logs at once and
 * reads each back (/state, /report.html, /verify), against the same cards
 * dealt quietly. Before the fix ten uploads pushed card→ACK p99 to 2.3–7 s.
 * The uploads are read by the pool of nice-10 worker threads (two at a time,
 * four waiting, the rest 429).
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { percentile, ptyTable, round } from './bench-support.ts';
import { cardAckTimer } from './card-ack-timer.ts';

const UPLOADS = 10;
const QUIET_CARDS = 60;

export async function benchUploadsVsCards(): Promise<Record<string, unknown>> {
  const { server, url, sim, close } = await ptyTable({ name: 'uploads', seed: 'uploads', exposedCoupLimit: 1000, host: '127.0.0.1' });
  const cards = cardAckTimer(sim);
  const dealOne = () => cards.dealOne();
  const ordinary = readFileSync(new URL('../../fixtures/ordinary.jsonl', import.meta.url), 'utf8')
    .trimEnd()
    .split('\n');
  const log = [...ordinary, ...Array.from({ length: 20_000 - ordinary.length }, () => '{"type":"open"}')].join('\n');
  try {
    const login = await fetch(new URL('/api/login', url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'surveillance', pin: '4444' }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    sim.start();
    while (server.table.state().phase === 'idle') await new Promise((r) => setTimeout(r, 5));
    for (let k = 0; k < 10; k++) await dealOne();
    const quiet: number[] = [];
    for (let k = 0; k < QUIET_CARDS; k++) quiet.push(await dealOne());
    // How long the server's event loop was held, to tell its own work from a machine busy elsewhere.
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    let busy = true;
    const statuses: Record<string, number> = {};
    const started = performance.now();
    const uploads = Promise.all(
      Array.from({ length: UPLOADS }, async () => {
        const r = await fetch(new URL('/api/shoes/open?name=bench', url), {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/x-ndjson' },
          body: log,
        });
        const body = (await r.json()) as { id?: string };
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        if (r.status !== 201) return;
        for (const path of ['state?at=10000', 'report.html', 'verify', 'settlement.csv'])
          await (await fetch(new URL(`/api/shoes/${body.id}/${path}`, url), { headers: { cookie } })).arrayBuffer();
      }),
    ).finally(() => (busy = false));
    const during: number[] = [];
    while (busy && cards.dealt < 300) {
      during.push(await dealOne());
      await new Promise((r) => setTimeout(r, 50));
    }
    await uploads;
    loop.disable();
    const uploadsMs = performance.now() - started;
    quiet.sort((a, b) => a - b);
    during.sort((a, b) => a - b);
    return {
      'quiet: card→ACK p50 ms': round(percentile(quiet, 50)),
      'quiet: card→ACK p99 ms': round(percentile(quiet, 99)),
      'uploads: cards dealt meanwhile': during.length,
      'uploads: card→ACK p50 ms': round(percentile(during, 50)),
      'uploads: card→ACK p99 ms': round(percentile(during, 99)),
      'uploads: card→ACK max ms': round(during.at(-1) ?? 0),
      'uploads: 10 uploads and their reads took ms': Math.round(uploadsMs),
      'uploads: answers by status': statuses,
      'uploads: event-loop delay p99 ms': round(loop.percentile(99) / 1e6),
      'uploads: event-loop delay max ms': round(loop.max / 1e6),
    };
  } finally {
    await close();
  }
}

/**
 * The server's own share: four 20,000-line uploads one
 * after the other, each read back (/state at an index, /report.html,
 * /verify, the CSV), the longest event-loop stall meanwhile. Before the fix
 * /verify alone held the loop 2.6 s, /state 9.2 s on the prison-stake log.
 */
export async function benchUploadReadsEventLoop(): Promise<Record<string, number>> {
  const { startServer } = await import('../server/http/support/server.ts');
  const server = await startServer();
  try {
    const audit = await server.as('surveillance');
    const ordinary = readFileSync(new URL('../../fixtures/ordinary.jsonl', import.meta.url), 'utf8')
      .trimEnd()
      .split('\n');
    const log = [...ordinary, ...Array.from({ length: 20_000 - ordinary.length }, () => '{"type":"open"}')].join('\n');
    // The first upload starts the worker (and bundles its entry): not what is measured.
    await audit.request('POST', '/api/shoes/open', ordinary.join('\n'), { 'content-type': 'application/x-ndjson' });
    const loop = monitorEventLoopDelay({ resolution: 2 });
    loop.enable();
    const started = performance.now();
    for (let k = 0; k < 4; k++) {
      const opened = await audit.request('POST', '/api/shoes/open', log, { 'content-type': 'application/x-ndjson' });
      if (opened.status !== 201) throw new Error(`upload: ${opened.status}`);
      for (const path of [`state?at=${1000 * (k + 1)}`, 'report.html', 'verify', 'settlement.csv']) await audit.get(`/api/shoes/${opened.body.id}/${path}`);
    }
    loop.disable();
    return {
      'uploads, each read back 4 ways': 4,
      'total ms': Math.round(performance.now() - started),
      'event-loop delay p99 ms': round(loop.percentile(99) / 1e6),
      'event-loop delay max ms': round(loop.max / 1e6),
    };
  } finally {
    await server.close();
  }
}
