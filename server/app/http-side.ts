/**
 * Everything of a table server that serves people, wired in the HTTP
 * worker (http-worker.ts): the HTTP API and dashboards, live push, uploads,
 * reports and exports, the crew's sessions and the access log, the users
 * file watch, and the central witness's client. The table is a RemoteTable
 * (messages to the card side on the main thread); the surveillance archive
 * and the witness read the durable record from disk (record-reader.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import { startCentralWitness } from '../central/central-witness.ts';
import { loadTableKey } from '../central/table-keys.ts';
import { startTableSealer } from '../central/table-sealer.ts';
import type { ServerConfig } from '../config/server-config.ts';
import { AccessLog } from '../http/access-log.ts';
import { createApp } from '../http/app.ts';
import { revokeStale } from '../http/auth.ts';
import { listen } from '../http/listen.ts';
import { SessionStore } from '../http/sessions.ts';
import { storeArchive } from '../http/store-archive.ts';
import { loadUsers, userStore, type UsersFile } from '../http/users.ts';
import { watchUsers } from '../http/users-watch.ts';
import { RecordReader } from './record-reader.ts';
import { RemoteTable } from './remote-table.ts';
import type { CardMessage, HttpMessage } from './table-protocol.ts';

/** What the main thread hands the HTTP worker: plain data only (structured clone). */
export interface HttpWorkerData {
  config: ServerConfig;
  /** Where the users are read (and read again when `tq users` changes them)… */
  usersFile?: string;
  /** …or the users themselves, when they come from no file the worker may watch. */
  usersSource?: UsersFile;
  clientDir: string;
  /** The port to listen on: the configured one at first, the one bound first on a restart. */
  port: number;
  logLevel: string;
  logBindings: Record<string, unknown>;
}

export const sessionsFile = (dataDir: string) => join(dataDir, 'sessions.json');
export const accessLogFile = (dataDir: string) => join(dataDir, 'access.jsonl');

export interface HttpSide {
  url: string;
  close(): Promise<void>;
}

/**
 * `attach` is given the receiver of the card side's messages as soon as the
 * table exists: the `hello` the HTTP side waits for comes through it.
 */
export async function startHttpSide(
  d: HttpWorkerData,
  post: (m: HttpMessage) => void,
  attach: (receive: (m: CardMessage) => void) => void,
  logger: Logger = workerLogger(d),
): Promise<HttpSide> {
  const { config } = d;
  const record = await RecordReader.open(config.dataDir);
  const table = new RemoteTable(config.table, post, record, (e) => logger.error({ err: e }, 'a live subscriber failed'));
  attach((m) => table.receive(m));
  const closers: (() => Promise<void>)[] = [() => table.close()];
  const closeAll = async () => {
    for (const close of closers.splice(0)) await close().catch((e: unknown) => logger.error({ err: e }, 'error while closing'));
  };
  const side: HttpSide = { url: '', close: closeAll };
  try {
    await table.ready;
    const access = new AccessLog({ file: accessLogFile(config.dataDir) });
    closers.push(() => access.close());
    const sessionStore = await SessionStore.open({
      file: sessionsFile(config.dataDir),
      secureCookie: config.tls !== undefined,
      onWriteError: (e) => logger.error({ err: e }, 'sessions file not written'),
    });
    closers.push(() => sessionStore.flush());
    let users = d.usersSource ? userStore(d.usersSource) : await loadUsers(d.usersFile!);
    if (d.usersFile !== undefined) {
      const watched = watchUsers(d.usersFile, users, logger.child({ part: 'users' }), (changed) => {
        revokeStale(sessionStore, changed, access).catch((e: unknown) => logger.error({ err: e }, 'sessions of changed users not ended'));
      });
      closers.push(async () => watched.close());
      users = watched.users;
    }
    await revokeStale(sessionStore, users, access);
    const simulator = table.simulator();
    const app = createApp({
      table,
      users,
      sessionStore,
      access,
      ...(simulator && { simulator }),
      logger: logger.child({ part: 'http' }),
      clientDir: d.clientDir,
      ...(config.seats && { seats: config.seats }),
      ...(config.allowedHosts && { allowedHosts: config.allowedHosts }),
      surveillance: storeArchive(record, config.dataDir, config.central !== undefined, config.keyFile),
    });
    const tls = config.tls && { cert: await readFile(config.tls.certFile), key: await readFile(config.tls.keyFile) };
    const http = await listen(app, d.port, config.host, tls);
    closers.splice(1, 0, () => http.close());
    if (config.central !== undefined) {
      let changed = () => {};
      const witness = await startCentralWitness({
        url: config.central,
        table: config.table,
        dataDir: config.dataDir,
        ...(config.keyFile !== undefined && { keyFile: config.keyFile }),
        store: record,
        tableService: table,
        logger: logger.child({ part: 'central' }),
        sealEveryMs: (config.sealEvery ?? 60) * 1000,
        opened: table.opened(),
        ...(config.unwitnessedLimit !== undefined && { unwitnessedLimitMs: config.unwitnessedLimit * 1000 }),
        onState: () => changed(),
      });
      changed = table.centralLink(() => witness.state());
      closers.splice(1, 0, () => witness.close());
    }
    if (config.central === undefined) {
      // No witness: a table with a key still seals its record on its own disk, for its own verify to check.
      const key = await loadTableKey(config.dataDir, config.keyFile).catch(() => null);
      if (key) {
        const sealer = await startTableSealer({
          dataDir: config.dataDir,
          table: config.table,
          key,
          store: record,
          tableService: table,
          logger: logger.child({ part: 'seals' }),
          everyMs: (config.sealEvery ?? 60) * 1000,
          opened: table.opened(),
        });
        closers.splice(1, 0, () => sealer.close());
      }
    }
    side.url = http.url;
    return side;
  } catch (e) {
    await closeAll();
    throw e;
  }
}

/** The worker's own log, straight to file descriptor 1: its lines never pass through the card thread. */
function workerLogger(d: HttpWorkerData): Logger {
  return pino({ level: d.logLevel, base: d.logBindings }, pino.destination({ fd: 1, sync: false }));
}
