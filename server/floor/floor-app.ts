/**
 * The surveillance room's HTTP app, built like a table's (server/http/app.ts)
 * from the same pieces — request log, security headers, sessions and the
 * users file, the one error mapper, the dashboards' bundle — with the floor's
 * routes in place of one table's, the same Host and Origin checks, and logins
 * for surveillance and the chef only, limited as a table's are
 * (login-limiter.ts `usersLimiter`: the users file's names kept apart from a
 * flood of made-up ones). Logins and exports are recorded in an access log,
 * readable by the same roles as a table's (`/api/access-log`).
 */
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { JSON_BODY_LIMIT } from '../http/app.ts';
import { AccessLog } from '../http/access-log.ts';
import { accessRoutes } from '../http/access-routes.ts';
import { attachSession, keepSessionAlive } from '../http/auth.ts';
import { errorHandler, NotFoundError } from '../http/errors.ts';
import { usersLimiter, type LimiterOptions } from '../http/login-limiter.ts';
import { requestLog } from '../http/request-log.ts';
import { hostCheck } from '../http/host-check.ts';
import { sameOrigin } from '../http/same-origin.ts';
import { securityHeaders } from '../http/security-headers.ts';
import { sessionRoutes } from '../http/session-routes.ts';
import { SessionStore, type SessionOptions } from '../http/sessions.ts';
import { DEFAULT_CLIENT_DIR, staticClient } from '../http/static-client.ts';
import type { UserStore } from '../http/users.ts';
import type { Role } from '../table/table.ts';
import type { CentralReader } from './central-reader.ts';
import type { FloorBoard } from './floor-board.ts';
import type { FloorListener } from './floor-listener.ts';
import { floorRoutes } from './floor-routes.ts';

/** Who works in the surveillance room: the dealers and payeurs work at their tables. */
export const FLOOR_ROLES: readonly Role[] = ['surveillance', 'chef'];

export interface FloorAppOptions {
  reader: CentralReader;
  board: FloorBoard;
  listener: FloorListener;
  users: UserStore;
  logger: Logger;
  clientDir?: string;
  sessions?: SessionOptions;
  /** Sessions opened by the caller (kept in the floor's directory); default: in memory from `sessions`. */
  sessionStore?: SessionStore;
  /** Where logins and exports are recorded; default: in memory. */
  access?: AccessLog;
  login?: LimiterOptions;
  /** Host names the API answers for besides IP literals, localhost and this machine's name (host-check.ts). */
  allowedHosts?: readonly string[];
  heartbeatMs?: number;
}

export function createFloorApp(o: FloorAppOptions): Express {
  const sessions = o.sessionStore ?? new SessionStore(o.sessions);
  const access = o.access ?? new AccessLog();
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  app.use(requestLog(o.logger));
  app.use(securityHeaders());
  app.use('/api', hostCheck(o.allowedHosts));
  app.use('/api', sameOrigin());
  app.use('/api', express.json({ limit: JSON_BODY_LIMIT }));
  app.use(attachSession(sessions, o.users));
  app.get('/api/floor/events', keepSessionAlive(sessions, o.users));

  app.use(sessionRoutes(o.users, sessions, usersLimiter(o.users, o.login), o.logger, { site: 'floor', roles: FLOOR_ROLES }, access));
  app.use(accessRoutes(access));
  app.use(
    floorRoutes({
      reader: o.reader,
      board: o.board,
      listener: o.listener,
      logger: o.logger,
      access,
      ...(o.heartbeatMs !== undefined && { heartbeatMs: o.heartbeatMs }),
    }),
  );
  app.use('/api', (req) => {
    throw new NotFoundError(`no route ${req.method} ${req.originalUrl}`);
  });

  app.use(staticClient(o.clientDir ?? DEFAULT_CLIENT_DIR));
  app.use((req) => {
    throw new NotFoundError(`not found: ${req.path}`);
  });
  app.use(errorHandler(o.logger));
  return app;
}
