/**
 * One table server, wired the same way for `tq serve`, `tq demo` and the
 * tests: the durable store, the table service on it, the HTTP app, and the
 * shuffler link on a serial line (hardware, a PTY, or the mock binding — the
 * same LinkSession code path), and with `config.central` the central witness
 * (server/central/central-witness.ts). The crew's sessions and the access
 * log live in the data directory too (`sessions.json`, `access.jsonl`), and
 * the users file is read again when `tq users` changes it. Closing stops them
 * in the order that loses nothing: the link first (no card is acknowledged
 * after), then the table (queued commands finish), the HTTP server, and the
 * store (files closed).
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AccessLog } from '../http/access-log.ts';
import { revokeStale } from '../http/auth.ts';
import { SessionStore } from '../http/sessions.ts';
import { watchUsers } from '../http/users-watch.ts';
import type { Logger } from 'pino';
import { createApp } from '../http/app.ts';
import type { SimulatedShuffler } from '../http/command-routes.ts';
import { listen, type Listening } from '../http/listen.ts';
import { storeArchive } from '../http/store-archive.ts';
import type { UserStore } from '../http/users.ts';
import type { LinePort } from '../serial/line-port.ts';
import { LinkSession } from '../serial/link-session.ts';
import { openSerial, serialConfig } from '../serial/serial-config.ts';
import { startCentralWitness } from '../central/central-witness.ts';
import { lockDataDir } from '../store/data-dir-lock.ts';
import { BehindCentralError, shoesBehindCentral } from './behind-central.ts';
import { TableStore } from '../store/table-store.ts';
import type { ServerConfig } from '../config/server-config.ts';
import type { Clock } from '../table/clock.ts';
import { TableService } from '../table/table-service.ts';

/** The built dashboards, found from this file so the server can start from any directory. */
export const DASHBOARDS_DIR = fileURLToPath(new URL('../../client/dist/', import.meta.url));

export interface TableServerOptions {
  config: ServerConfig;
  users: UserStore;
  /** The file `users` was read from: read again when it changes (a PIN changed, a user removed, by `tq users`). */
  usersFile?: string;
  logger: Logger;
  /** Opens the shuffler's line; default: `config.serial` at `config.baud`, mock binding with `config.mockSerial`. */
  openPort?: () => Promise<LinePort>;
  /** The built dashboards (default DASHBOARDS_DIR, client/dist). */
  clientDir?: string;
  clock?: Clock;
  /** Silence on the line before an alert (docs/serial-protocol.md#silence: the heartbeat is 5 s). */
  silenceMs?: number;
  /** Demo only: the simulated shuffler the tailleur may pull a card from (POST /api/sim/deal). */
  simulator?: SimulatedShuffler;
}

export interface RunningTable {
  store: TableStore;
  table: TableService;
  link: LinkSession;
  http: Listening;
  url: string;
  close(): Promise<void>;
}

export const sessionsFile = (dataDir: string) => join(dataDir, 'sessions.json');
export const accessLogFile = (dataDir: string) => join(dataDir, 'access.jsonl');

/** A witnessed table whose record is behind its central copy does not open until surveillance decides (./behind-central.ts). */
async function refuseBehindCentral(config: ServerConfig, logger: Logger): Promise<void> {
  if (config.central === undefined) return;
  const behind = await shoesBehindCentral(config.central, config.table, config.dataDir);
  if (behind === null || behind.length === 0) return;
  if (!config.acceptBehindCentral) throw new BehindCentralError(behind);
  logger.warn({ behind }, 'the record is behind its central copy: opened by --accept-behind-central, surveillance decided');
}

export async function startTableServer(o: TableServerOptions): Promise<RunningTable> {
  const { config, logger } = o;
  const openPort =
    o.openPort ??
    (() => {
      if (config.serial === undefined) throw new Error('no serial port: give --serial <path> or set TQ_SERIAL');
      return openSerial(serialConfig({ path: config.serial, baudRate: config.baud }, {}), { mock: config.mockSerial });
    });

  // One server per data directory (server/store/data-dir-lock.ts): taken first, released last.
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const lock = await lockDataDir(config.dataDir, { command: 'serve', mode: 'exclusive' });
  await refuseBehindCentral(config, logger).catch(async (e: unknown) => {
    await lock.release();
    throw e;
  });
  const store = await TableStore.open(config.dataDir, { table: config.table, logger: logger.child({ part: 'store' }) }).catch(async (e: unknown) => {
    await lock.release();
    throw e;
  });
  const closers: (() => Promise<void>)[] = [() => store.close()];
  const closeAll = async () => {
    for (const close of closers.splice(0)) await close().catch((e: unknown) => logger.error({ err: e }, 'error while closing'));
    await lock.release();
  };
  try {
    const table = await TableService.open({
      store,
      tableId: config.table,
      rules: config.rules,
      logger: logger.child({ part: 'table' }),
      ...(o.clock && { clock: o.clock }),
    });
    closers.unshift(() => table.close());
    const access = new AccessLog({ file: accessLogFile(config.dataDir) });
    closers.push(() => access.close());
    const sessionStore = await SessionStore.open({
      file: sessionsFile(config.dataDir),
      secureCookie: config.tls !== undefined,
      onWriteError: (e) => logger.error({ err: e }, 'sessions file not written'),
    });
    closers.push(() => sessionStore.flush());
    let users = o.users;
    if (o.usersFile !== undefined) {
      const watched = watchUsers(o.usersFile, o.users, logger.child({ part: 'users' }), (changed) => {
        revokeStale(sessionStore, changed, access).catch((e: unknown) => logger.error({ err: e }, 'sessions of changed users not ended'));
      });
      closers.push(async () => watched.close());
      users = watched.users;
    }
    await revokeStale(sessionStore, users, access);
    const app = createApp({
      table,
      users,
      sessionStore,
      access,
      ...(o.simulator && { simulator: o.simulator }),
      logger: logger.child({ part: 'http' }),
      clientDir: o.clientDir ?? DASHBOARDS_DIR,
      ...(config.seats && { seats: config.seats }),
      ...(config.allowedHosts && { allowedHosts: config.allowedHosts }),
      surveillance: storeArchive(store, config.dataDir),
    });
    const tls = config.tls && { cert: await readFile(config.tls.certFile), key: await readFile(config.tls.keyFile) };
    const http = await listen(app, config.port, config.host, tls);
    closers.splice(1, 0, () => http.close());
    if (config.central !== undefined) {
      let changed = () => {};
      const witness = await startCentralWitness({
        url: config.central,
        table: config.table,
        dataDir: config.dataDir,
        store,
        tableService: table,
        logger: logger.child({ part: 'central' }),
        sealEveryMs: (config.sealEvery ?? 60) * 1000,
        onState: () => changed(),
      });
      changed = table.centralLink(() => witness.state());
      closers.splice(1, 0, () => witness.close()); // after the table drains, before the store closes
    }
    const link = new LinkSession({
      sink: table,
      openPort,
      logger: logger.child({ part: 'link' }),
      ...(o.silenceMs !== undefined && { silenceMs: o.silenceMs }),
    });
    table.linkCounters(() => ({ ...link.counters }));
    await link.start();
    closers.unshift(() => link.close());
    logger.info({ url: http.url, serial: config.serial, dataDir: config.dataDir }, 'table server listening');
    return { store, table, link, http, url: http.url, close: closeAll };
  } catch (e) {
    await closeAll();
    throw e;
  }
}
