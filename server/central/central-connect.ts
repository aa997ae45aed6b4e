/**
 * Opening the central store (docs/central-store.md): a `pg` pool on a
 * postgres:// URL, with short timeouts so a store that is down is known at
 * once, and every failure turned into a {@link CentralError}. The URL is never
 * logged whole: its password is masked.
 */
import pg from 'pg';
import { CentralError, centralErrorOf } from './central-error.ts';

export interface CentralConnectOptions {
  /** Connections kept (default 2: a table writes in order, one batch at a time). */
  max?: number;
  /** How long to wait for a connection before the store counts as down (ms, default 3000). */
  connectTimeoutMs?: number;
}

/** Checks the URL's form (not the server): postgres:// or postgresql://. */
export function parseCentralUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CentralError('BAD_URL', maskUrl(url));
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') throw new CentralError('BAD_URL', maskUrl(url));
  return parsed;
}

/** The URL with its password replaced by `***`, for messages and logs. */
export function maskUrl(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:/@]*):[^@]*@/i, '$1:***@');
}

export function centralPool(url: string, opts: CentralConnectOptions = {}): pg.Pool {
  parseCentralUrl(url);
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 2, connectionTimeoutMillis: opts.connectTimeoutMs ?? 3000, idleTimeoutMillis: 10_000 });
  // An idle connection that dies (server stopped) must not crash the process: the next query reports it.
  pool.on('error', () => undefined);
  return pool;
}

/**
 * Ends a pool and waits until each of its connections has closed. pg-pool's own
 * `end()` resolves as soon as it has asked them to close, so a server stopped
 * right after could still terminate one of them mid-goodbye. The wait is
 * bounded (`waitMs`): a connection that never says goodbye does not hold a
 * shutdown.
 */
export async function endPool(pool: pg.Pool, waitMs = 5000): Promise<void> {
  let open = pool.totalCount;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      if (--open === 0) resolve();
    });
    timer = setTimeout(resolve, waitMs);
    timer.unref();
  });
  try {
    await pool.end();
    await closed;
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `work` with a pool on `url`, then ends the pool; failures become CentralError. */
export async function withCentral<T>(url: string, work: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const pool = centralPool(url);
  try {
    return await work(pool);
  } catch (e) {
    throw centralErrorOf(e, maskUrl(url));
  } finally {
    await endPool(pool).catch(() => undefined);
  }
}
