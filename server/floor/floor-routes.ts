/**
 * The surveillance room's API (server/http/API.md "Floor"): the floor at a
 * glance, its live stream, and each table's shoes under /api/tables/:table/…
 * through the very surveillance routes of a table's own server
 * (surveillance-routes.ts), over that table's central copy — same paths after
 * the prefix, same answers, so the same replay, verify and exports.
 */
import { Router, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import type { AccessLog } from '../http/access-log.ts';
import { NotFoundError } from '../http/errors.ts';
import { allow } from '../http/permissions.ts';
import { SseStream } from '../http/sse-stream.ts';
import { surveillanceRoutes } from '../http/surveillance-routes.ts';
import { centralArchive } from './central-archive.ts';
import type { CentralReader } from './central-reader.ts';
import type { FloorBoard } from './floor-board.ts';
import type { FloorListener } from './floor-listener.ts';
import type { FloorSnapshot } from './floor-table.ts';

export interface FloorRoutesOptions {
  reader: CentralReader;
  board: FloorBoard;
  listener: FloorListener;
  logger: Logger;
  /** Where each table's exports are recorded, as a table's own server records them. */
  access?: AccessLog;
  /** How often the stream says it is alive (default {@link FLOOR_ALIVE_MS}). */
  heartbeatMs?: number;
}

/**
 * The floor's stream says `alive` this often, so a page can tell a floor that
 * stopped answering from a quiet one: a floor server held 30 s left every
 * screen "connected" and every card live (outsider pass 32). A comment would
 * not do: EventSource never hands comments to the page.
 */
export const FLOOR_ALIVE_MS = 5_000;

export function floorRoutes(o: FloorRoutesOptions): Router {
  const { board, listener } = o;
  const router = Router();
  const snapshot = (): FloorSnapshot => ({ central: listener.state, staleAfterMs: board.staleAfterMs, tables: board.rows() });

  router.get('/api/floor', allow('floor.view'), (_req, res) => {
    res.json(snapshot());
  });

  /** SSE: `floor` (everything) first, then `table` per changed table, `central` when the floor's own link changes, and `alive` every few seconds. */
  router.get('/api/floor/events', allow('floor.view'), (_req: Request, res: Response) => {
    const stream = new SseStream(res);
    stream.event('floor', snapshot());
    const offTable = board.subscribe((row) => stream.event('table', row));
    const offCentral = listener.onState((state) => stream.event('central', state));
    const ping = setInterval(() => stream.event('alive', { at: new Date().toISOString() }), o.heartbeatMs ?? FLOOR_ALIVE_MS);
    res.once('close', () => {
      clearInterval(ping);
      offTable();
      offCentral();
    });
  });

  const perTable = new Map<string, Router>();
  router.use('/api/tables/:table', allow('audit.read'), (req, res, next) => {
    const table = String(req.params.table);
    if (!board.has(table)) throw new NotFoundError(`no table ${table} on this floor`);
    let routes = perTable.get(table);
    if (!routes) perTable.set(table, (routes = surveillanceRoutes(centralArchive(o.reader, table), undefined, o.access)));
    // The table's surveillance routes answer /api/shoes…; here they sit under /api/tables/:table/shoes….
    req.url = `/api${req.url}`;
    routes(req, res, next);
  });
  return router;
}
