/**
 * The surveillance room, wired for `tq floor`, the floor demo and the tests:
 * a small pool for reading (server/central/central-connect.ts), the LISTEN session, the board of every table, the
 * HTTP app. It starts only once the central store answers with its schema, so
 * a wrong URL or an uninitialised database is said at once, as the central
 * witness says it (a CentralError, the password masked).
 *
 * Deployed like a table (docs/deploy.md#the-floor): with `dataDir`
 * the crew's sessions survive a restart (`sessions.json`) and logins and
 * exports go to an access log (`access.jsonl`), both as a table server keeps
 * them; with `usersFile` the users file is read again when it changes and
 * before each login, ending the sessions of removed users and changed PINs;
 * with `tls` it serves HTTPS and its cookies are `Secure`. Closing stops the
 * staleness timer, the HTTP server (open streams included), the LISTEN
 * session, the pool, the users watch, and flushes the sessions and the log.
 */
import { mkdir, readFile } from 'node:fs/promises';
import type { Logger } from 'pino';
import { centralPool, endPool, maskUrl } from '../central/central-connect.ts';
import { centralErrorOf } from '../central/central-error.ts';
import type { TlsFiles } from '../config/tls-config.ts';
import { AccessLog } from '../http/access-log.ts';
import { revokeStale } from '../http/auth.ts';
import { listen, type Listening } from '../http/listen.ts';
import { SessionStore } from '../http/sessions.ts';
import type { UserStore } from '../http/users.ts';
import { accessLogFile, DASHBOARDS_DIR, sessionsFile } from './table-server.ts';
import { CentralReader, pinnedSearchPath } from '../floor/central-reader.ts';
import { FloorBoard } from '../floor/floor-board.ts';
import { createFloorApp } from '../floor/floor-app.ts';
import { FloorListener } from '../floor/floor-listener.ts';
import { floorUsers } from '../floor/floor-users.ts';

export interface FloorServerOptions {
  /** postgres:// URL of the central store; a read-only role is enough. */
  central: string;
  users: UserStore;
  /** The file `users` was read from: read again when it changes and before each login. */
  usersFile?: string;
  /** The floor's own directory: sessions.json and access.jsonl; absent: both in memory (tests, the demo). */
  dataDir?: string;
  /** PEM certificate and key files: HTTPS, cookies `Secure`. */
  tls?: TlsFiles;
  /** Host names the API answers for besides IP literals, localhost and this machine's name. */
  allowedHosts?: readonly string[];
  logger: Logger;
  port?: number;
  host?: string;
  clientDir?: string;
  staleAfterMs?: number;
  heartbeatMs?: number;
}

export interface RunningFloor {
  url: string;
  http: Listening;
  board: FloorBoard;
  listener: FloorListener;
  sessions: SessionStore;
  access: AccessLog;
  close(): Promise<void>;
}

/** How often staleness is re-judged: a table falls silent between its reports, not at them. */
const SWEEP_MS = 1000;

export async function startFloorServer(o: FloorServerOptions): Promise<RunningFloor> {
  const { logger } = o;
  // Every session of the floor's with its search path pinned (docs/central-store.md#roles): no other role's schema is read as ours.
  const url = pinnedSearchPath(o.central);
  const pool = centralPool(url, { max: 4 });
  const reader = new CentralReader(pool);
  const board = new FloorBoard(reader, { logger, ...(o.staleAfterMs !== undefined && { staleAfterMs: o.staleAfterMs }) });
  const listener = new FloorListener({ url, board, logger });
  try {
    await reader.checkSchema();
    await listener.start();
  } catch (e) {
    await listener.close();
    await endPool(pool);
    throw centralErrorOf(e, maskUrl(o.central));
  }
  const closers: (() => Promise<void> | void)[] = [() => listener.close(), () => endPool(pool)];
  const closeAll = async () => {
    for (const close of closers.splice(0)) await Promise.resolve(close()).catch((e: unknown) => logger.error({ err: e }, 'error while closing the floor'));
  };
  try {
    if (o.dataDir !== undefined) await mkdir(o.dataDir, { recursive: true, mode: 0o700 });
    const access = new AccessLog(o.dataDir === undefined ? {} : { file: accessLogFile(o.dataDir) });
    closers.push(() => access.close());
    const secureCookie = o.tls !== undefined;
    const sessions =
      o.dataDir === undefined
        ? new SessionStore({ secureCookie })
        : await SessionStore.open({ file: sessionsFile(o.dataDir), secureCookie, onWriteError: (e) => logger.error({ err: e }, 'sessions file not written') });
    closers.push(() => sessions.flush());
    let users = o.users;
    if (o.usersFile !== undefined) {
      const watched = await floorUsers(o.usersFile, o.users, logger.child({ part: 'users' }), (changed) => {
        revokeStale(sessions, changed, access).catch((e: unknown) => logger.error({ err: e }, 'sessions of changed users not ended'));
      });
      closers.unshift(() => watched.close());
      users = watched.users;
    }
    await revokeStale(sessions, users, access);
    const app = createFloorApp({
      reader,
      board,
      listener,
      users,
      sessionStore: sessions,
      access,
      logger,
      clientDir: o.clientDir ?? DASHBOARDS_DIR,
      ...(o.allowedHosts && { allowedHosts: o.allowedHosts }),
      ...(o.heartbeatMs !== undefined && { heartbeatMs: o.heartbeatMs }),
    });
    const tls = o.tls && { cert: await readFile(o.tls.certFile), key: await readFile(o.tls.keyFile) };
    const http = await listen(app, o.port ?? 0, o.host ?? '127.0.0.1', tls);
    const every = Math.min(SWEEP_MS, board.staleAfterMs);
    const sweep = setInterval(() => void board.tick(every), every);
    closers.unshift(
      () => clearInterval(sweep),
      () => http.close(),
    );
    logger.info({ url: http.url, tables: board.rows().length }, 'floor listening');
    let closed: Promise<void> | undefined;
    return { url: http.url, http, board, listener, sessions, access, close: () => (closed ??= closeAll()) };
  } catch (e) {
    await closeAll();
    throw e;
  }
}
