/**
 * The surveillance room, wired for `tq floor`, the floor demo and the tests:
 * a small pool for reading (server/central/central-connect.ts), the LISTEN session, the board of every table, the
 * HTTP app. It starts only once the central store answers with its schema, so
 * a wrong URL or an uninitialised database is said at once, as the central
 * witness says it (a CentralError, the password masked). Closing stops the
 * staleness timer, the HTTP server (open streams included), the LISTEN session
 * and the pool.
 */
import type { Logger } from 'pino';
import { centralPool, maskUrl } from '../central/central-connect.ts';
import { centralErrorOf } from '../central/central-error.ts';
import { listen, type Listening } from '../http/listen.ts';
import type { UserStore } from '../http/users.ts';
import { DASHBOARDS_DIR } from './table-server.ts';
import { CentralReader, pinnedSearchPath } from '../floor/central-reader.ts';
import { FloorBoard } from '../floor/floor-board.ts';
import { createFloorApp } from '../floor/floor-app.ts';
import { FloorListener } from '../floor/floor-listener.ts';

export interface FloorServerOptions {
  /** postgres:// URL of the central store; a read-only role is enough. */
  central: string;
  users: UserStore;
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
  close(): Promise<void>;
}

/** How often staleness is re-judged: a table falls silent between its reports, not at them. */
const SWEEP_MS = 1000;

export async function startFloorServer(o: FloorServerOptions): Promise<RunningFloor> {
  // Every session of the floor's with its search path pinned (issue 18 #1): no other role's schema is read as ours.
  const url = pinnedSearchPath(o.central);
  const pool = centralPool(url, { max: 4 });
  const reader = new CentralReader(pool);
  const board = new FloorBoard(reader, { logger: o.logger, ...(o.staleAfterMs !== undefined && { staleAfterMs: o.staleAfterMs }) });
  const listener = new FloorListener({ url, board, logger: o.logger });
  try {
    await reader.checkSchema();
    await listener.start();
  } catch (e) {
    await listener.close();
    await pool.end();
    throw centralErrorOf(e, maskUrl(o.central));
  }
  const app = createFloorApp({
    reader,
    board,
    listener,
    users: o.users,
    logger: o.logger,
    clientDir: o.clientDir ?? DASHBOARDS_DIR,
    ...(o.heartbeatMs !== undefined && { heartbeatMs: o.heartbeatMs }),
  });
  const http = await listen(app, o.port ?? 0, o.host ?? '127.0.0.1');
  const sweep = setInterval(() => board.sweep(), Math.min(SWEEP_MS, board.staleAfterMs));
  o.logger.info({ url: http.url, tables: board.rows().length }, 'floor listening');
  let closed: Promise<void> | undefined;
  return {
    url: http.url,
    http,
    board,
    listener,
    close: () =>
      (closed ??= (async () => {
        clearInterval(sweep);
        await http.close();
        await listener.close();
        await pool.end();
      })()),
  };
}
