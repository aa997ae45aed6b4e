/**
 * The real table server with its simulated shuffler, as `npm start` runs it
 * (`tq demo`), in a temporary data directory on a free port, with a seed so
 * the cards are known. `as(role)` is a logged-in HTTP client for driving the
 * other crew members while the browser plays one of them.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { spawnTracked, stopTracked } from '../../support/tracked-children.ts';
import { until } from '../../support/until.ts';

const TQ = fileURLToPath(new URL('../../../server/cli/tq.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const PINS = { tailleur: '1111', payeur: '2222', chef: '3333', surveillance: '4444' } as const;
export type RoleName = keyof typeof PINS;

export interface Crew {
  post<T = { view: any }>(path: string, body?: unknown): Promise<T>;
  get<T = any>(path: string): Promise<T>;
}

export interface DemoTable {
  url: string;
  /** What `tq demo` printed on stdout (its banner). */
  readonly stdout: string;
  port: number;
  data: string;
  /** The `tq demo` process (to hold it with SIGSTOP, as a hung server). */
  readonly pid: number;
  as(role: RoleName): Promise<Crew>;
  /** Stops the server (its data stays, for a restart on the same port and directory). */
  stop(): Promise<void>;
  /** Stops it and removes the data directory it made. */
  close(): Promise<void>;
}

/**
 * Starts `tq demo`; give `port` and `data` to restart a table stopped with
 * `stop()`, `faults` for shuffler faults (fault-plan.ts syntax, e.g. `exposed@7`).
 * A `null` seed gives no --seed: the demo takes the one its shuffler remembers.
 */
export async function startDemo(seed: number | string | null, again?: { port?: number; data?: string; faults?: string; args?: string[] }): Promise<DemoTable> {
  const data = again?.data ?? (await mkdtemp(join(tmpdir(), 'tq-client-test-')));
  const args = ['--import', 'tsx', TQ, 'demo', '--data', data, '--port', String(again?.port ?? 0), ...(seed === null ? [] : ['--seed', String(seed)])];
  if (again?.faults) args.push('--faults', again.faults);
  if (again?.args) args.push(...again.args);
  // Tracked: a test that times out before close() still has it killed (test/support/root-hooks.ts).
  const child: ChildProcess = spawnTracked(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', TQ_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`tq demo printed no URL within 30 s\n${stderr}`)), 30_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      stdout += `${line}\n`;
      const m = /^\s*open\s+(http:\/\/\S+)/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace('://0.0.0.0', '://127.0.0.1').replace('://[::]', '://127.0.0.1'));
      }
    });
    child.once('exit', (code) => reject(new Error(`tq demo exited (${code}) before listening\n${stderr}`)));
  });
  const url = await listening.catch(async (e: unknown) => {
    await stopTracked(child);
    if (!again?.data) await rm(data, { recursive: true, force: true });
    throw e;
  });

  const as = async (role: RoleName): Promise<Crew> => {
    const res = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: role, pin: PINS[role] }),
    });
    if (!res.ok) throw new Error(`login ${role}: ${res.status} ${await res.text()}`);
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    const call = async (method: string, path: string, body?: unknown) => {
      const r = await fetch(`${url}${path}`, {
        method,
        headers: { cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      const text = await r.text();
      if (!r.ok) throw new Error(`${method} ${path} as ${role}: ${r.status} ${text}`);
      return text ? JSON.parse(text) : undefined;
    };
    return { post: (path, body) => call('POST', path, body), get: (path) => call('GET', path) };
  };

  const stop = () => stopTracked(child);
  return {
    url,
    pid: child.pid!,
    get stdout() {
      return stdout;
    },
    port: Number(new URL(url).port),
    data,
    as,
    stop,
    async close() {
      await stop();
      if (!again?.data) await rm(data, { recursive: true, force: true });
    },
  };
}

/**
 * The shuffler deals one card through the line; resolves once the table has stored it.
 * `outOfTurn`: draw even before the bets are open (the demo's pull refuses that unless asked).
 */
export async function dealCards(tailleur: Crew, n: number, opts: { outOfTurn?: boolean } = {}): Promise<void> {
  for (let k = 0; k < n; k++) {
    const before = (await tailleur.get('/api/table')).view.lastSeq as number;
    await tailleur.post('/api/sim/deal', opts.outOfTurn ? { outOfTurn: true } : undefined);
    await until(async () => (await tailleur.get('/api/table')).view.lastSeq > before, `card ${before + 1}`);
  }
}
