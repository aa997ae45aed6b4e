/**
 * A throwaway PostgreSQL server in a temporary directory, for the tests and
 * the floor demo (docs/central-store.md): Debian's server binaries, initdb
 * with trust authentication on loopback only, a free port, and everything
 * removed on stop. initdb refuses to run as root, so as root the server runs
 * as the `postgres` user (runuser), in a directory that user owns.
 */
import { CodedError } from '../../shoe/coded-error.ts';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where Debian's postgresql package puts the server programs. */
const BIN_DIRS = ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'];

export class PostgresUnavailableError extends CodedError {
  override readonly code = 'POSTGRES_UNAVAILABLE';
}

export interface ThrowawayPostgres {
  /** Superuser URL on 127.0.0.1, database `postgres`. */
  readonly url: string;
  readonly port: number;
  /** A URL for another database or user of the same server. */
  urlFor(opts: { database?: string; user?: string; password?: string }): string;
  /** Stops the server (fast shutdown); it can be started again with {@link ThrowawayPostgres.start}. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its directory. */
  destroy(): Promise<void>;
}

export function postgresBinDir(): string | undefined {
  return BIN_DIRS.find((dir) => existsSync(join(dir, 'initdb')));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  if (bin === undefined) throw new PostgresUnavailableError('PostgreSQL server binaries not found (Debian package "postgresql")');
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(join(tmpdir(), 'tq-pg-'));
  await chmod(dir, 0o755);
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const as = (program: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, program), ...args]) : run(join(bin, program), args);
  const data = join(dir, 'data');
  await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const start = async () => {
    await as('pg_ctl', ['-D', data, '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, '-l', join(dir, 'log'), '-w', 'start']);
  };
  const stop = async () => {
    await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
  };
  await start();
  const urlFor = (opts: { database?: string; user?: string; password?: string }) => {
    const user = encodeURIComponent(opts.user ?? 'postgres');
    const password = opts.password === undefined ? '' : `:${encodeURIComponent(opts.password)}`;
    return `postgres://${user}${password}@127.0.0.1:${port}/${encodeURIComponent(opts.database ?? 'postgres')}`;
  };
  return {
    url: urlFor({}),
    port,
    urlFor,
    stop,
    start,
    async destroy() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
