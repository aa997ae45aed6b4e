/**
 * Found when probed as an attacker (never a timed test): `/api/me` latency while a chef
 * opens the access-log dashboard again and again, the log holding 1,000,000
 * lines of a login flood. Before the fix one dashboard read took 10–13 s and
 * stalled `/api/me` 17 s. Server and clients share this process.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { AccessLog } from '../../server/http/access-log.ts';
import { startServer } from '../server/http/support/server.ts';
import { writeFloodedAccessLog } from '../security/support/big-access-log.ts';
import { percentile, round } from './bench-support.ts';

const LINES = 1_000_000;
const DASHBOARDS = 20;

export async function benchAccessLogDashboard(): Promise<Record<string, number>> {
  const dir = await mkdtemp(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'tq-access-bench-'));
  const file = join(dir, 'access.jsonl');
  await writeFloodedAccessLog(file, LINES);
  const access = new AccessLog({ file });
  const server = await startServer({ access });
  try {
    const chef = await server.as('chef');
    const timeMe = async (samples: number[]) => {
      const t = performance.now();
      await chef.get('/api/me');
      samples.push(performance.now() - t);
    };
    const quiet: number[] = [];
    for (let k = 0; k < 200; k++) await timeMe(quiet);
    const during: number[] = [];
    const dashboard: number[] = [];
    let reading = true;
    const pings = (async () => {
      while (reading) await timeMe(during);
    })();
    for (let k = 0; k < DASHBOARDS; k++) {
      const t = performance.now();
      const page = await chef.get(k === 0 ? '/api/access-log' : '/api/access-log?limit=5000');
      if (page.status !== 200) throw new Error(`access log: ${page.status}`);
      dashboard.push(performance.now() - t);
    }
    reading = false;
    await pings;
    for (const s of [quiet, during, dashboard]) s.sort((a, b) => a - b);
    return {
      'access-log lines': LINES,
      'slowest dashboard read ms (the first, which counts the lines)': round(dashboard.at(-1)!),
      'dashboard read p50 ms': round(percentile(dashboard, 50)),
      '/api/me quiet p50 ms': round(percentile(quiet, 50)),
      '/api/me during dashboard reads p50 ms': round(percentile(during, 50)),
      '/api/me during dashboard reads p99 ms': round(percentile(during, 99)),
      '/api/me during dashboard reads max ms': round(during.at(-1)!),
      '/api/me samples during': during.length,
    };
  } finally {
    await server.close();
    await access.close();
    await rm(dir, { recursive: true, force: true });
  }
}
