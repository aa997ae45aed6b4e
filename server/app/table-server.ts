/**
 * One table server, wired the same way for `tq serve`, `tq demo` and the
 * tests, on two threads (server/app/README.md#the-card-side-and-the-http-side):
 * the card side on this one — the durable store, the table service on it and
 * the shuffler link on a serial line (hardware, a PTY, or the mock binding:
 * the same LinkSession code path), card-side.ts — and everything that serves
 * people in a worker — the HTTP app, live push, uploads, reports, the crew's
 * sessions and the access log (`sessions.json`, `access.jsonl` in the data
 * directory), the users file watch, and with `config.central` the central
 * witness (http-side.ts) — talking by messages (table-protocol.ts). Closing
 * stops them in the order that loses nothing: the link first (no card is
 * acknowledged after), then the table (queued commands finish), the HTTP
 * side, and the store (files closed).
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import type { SimulatedShuffler } from '../http/command-routes.ts';
import type { UserStore } from '../http/users.ts';
import type { LinePort } from '../serial/line-port.ts';
import type { LinkSession } from '../serial/link-session.ts';
import { openSerial, serialConfig } from '../serial/serial-config.ts';
import { lockDataDir } from '../store/data-dir-lock.ts';
import type { TableStore } from '../store/table-store.ts';
import { BehindCentralError, shoesBehindCentral } from './behind-central.ts';
import type { ServerConfig } from '../config/server-config.ts';
import type { Clock } from '../table/clock.ts';
import type { TableService } from '../table/table-service.ts';
import { CardSide } from './card-side.ts';
import { keepOtherThreadsLower } from './thread-priority.ts';
import { superviseHttp, type HttpSupervisor } from './http-supervisor.ts';

export { accessLogFile, sessionsFile } from './http-side.ts';

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

/** The card side's parts are those in use now: a card side that failed and reopened from the record has new ones. */
export interface RunningTable {
  readonly store: TableStore;
  readonly table: TableService;
  readonly link: LinkSession;
  /** The HTTP side, in its worker (restarted if it dies). */
  http: HttpSupervisor;
  card: CardSide;
  url: string;
  close(): Promise<void>;
}

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
  const usersSource = o.users.source;
  if (o.usersFile === undefined && usersSource === undefined) throw new Error('the HTTP side needs the users file (usersFile) or users made from one');

  // One server per data directory (server/store/data-dir-lock.ts): taken first, released last.
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const lock = await lockDataDir(config.dataDir, { command: 'serve', mode: 'exclusive' });
  let card: CardSide;
  try {
    await refuseBehindCentral(config, logger);
    card = await CardSide.open({
      dataDir: config.dataDir,
      table: config.table,
      rules: config.rules,
      openPort,
      logger,
      ...(o.clock && { clock: o.clock }),
      ...(o.silenceMs !== undefined && { silenceMs: o.silenceMs }),
    });
  } catch (e) {
    await lock.release();
    throw e;
  }
  let http: HttpSupervisor;
  try {
    http = await superviseHttp({
      side: card,
      logger: logger.child({ part: 'http-side' }),
      ...(o.simulator && { simulator: o.simulator }),
      data: {
        config,
        ...(o.usersFile !== undefined ? { usersFile: o.usersFile } : { usersSource: usersSource! }),
        clientDir: o.clientDir ?? DASHBOARDS_DIR,
        port: config.port,
        logLevel: logger.level,
        logBindings: logger.bindings(),
      },
    });
  } catch (e) {
    await card.close();
    await lock.release();
    throw e;
  }
  const stopLowering = keepOtherThreadsLower();
  logger.info({ url: http.url, serial: config.serial, dataDir: config.dataDir }, 'table server listening');
  let closed: Promise<void> | undefined;
  return {
    get store() {
      return card.store;
    },
    get table() {
      return card.table;
    },
    get link() {
      return card.link;
    },
    http,
    card,
    url: http.url,
    close: () =>
      (closed ??= (async () => {
        // The link first: no card is acknowledged after; the table drains; then the HTTP side; the store last.
        stopLowering();
        await card.link.close().catch((e: unknown) => logger.error({ err: e }, 'error while closing the link'));
        await card.table.close().catch((e: unknown) => logger.error({ err: e }, 'error while closing the table'));
        await http.close().catch((e: unknown) => logger.error({ err: e }, 'error while closing the HTTP side'));
        await card.close();
        await lock.release();
      })()),
  };
}
