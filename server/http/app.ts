/**
 * The table server's HTTP app (server/http/API.md), built without
 * listening: listen.ts or the CLI listens. In order: a request id and one JSON
 * log line per request, security headers, a small JSON body limit, the
 * session from its cookie, the routes of API.md (logins and exports
 * recorded in the access log), the client bundle with its
 * index.html fallback, and the one error mapper (errors.ts).
 */
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import type { Table } from '../table/table.ts';
import { AccessLog } from './access-log.ts';
import { accessRoutes } from './access-routes.ts';
import { attachSession, keepSessionAlive } from './auth.ts';
import { DEFAULT_SEATS } from '../../shoe/seats.ts';
import { commandRoutes, type SimulatedShuffler } from './command-routes.ts';
import { errorHandler, NotFoundError } from './errors.ts';
import { liveRoutes } from './live-routes.ts';
import { mathRoutes } from './math-routes.ts';
import { usersLimiter, type LimiterOptions } from './login-limiter.ts';
import { requestLog } from './request-log.ts';
import { hostCheck } from './host-check.ts';
import { sameOrigin } from './same-origin.ts';
import { securityHeaders } from './security-headers.ts';
import { sessionRoutes } from './session-routes.ts';
import { SessionStore, type SessionOptions } from './sessions.ts';
import type { ShoeArchive } from './shoe-archive.ts';
import { DEFAULT_CLIENT_DIR, staticClient } from './static-client.ts';
import { surveillanceRoutes } from './surveillance-routes.ts';
import type { UploadLimits } from './upload-check.ts';
import type { UserStore } from './users.ts';

/** Commands and logins are a few hundred bytes; anything near this is not from our client. */
export const JSON_BODY_LIMIT = '16kb';

export interface AppOptions {
  table: Table;
  users: UserStore;
  logger: Logger;
  /** The built dashboards; default client/dist. */
  clientDir?: string;
  /** Recorded shoes for the surveillance routes; without it they answer 404. */
  surveillance?: ShoeArchive;
  /** Session lifetime and idle timeout, `Secure` cookie (over https), clock; ignored with `sessionStore`. */
  sessions?: SessionOptions;
  /** Sessions opened by the caller (a table server's, kept in the data directory); default: in memory from `sessions`. */
  sessionStore?: SessionStore;
  /** Where logins and exports are recorded (`<data>/access.jsonl`); default: in memory. */
  access?: AccessLog;
  /** Wrong PINs before a lock, and its length. */
  login?: LimiterOptions;
  /** The table's seat ids (shoe/seats.ts); default s1…s12. */
  seats?: readonly string[];
  /** Demo only: the simulated shuffler behind POST /api/sim/deal; without it that route answers 404. */
  simulator?: SimulatedShuffler;
  /** Host names the API answers for besides IP literals, localhost and this machine's name (host-check.ts). */
  allowedHosts?: readonly string[];
  /** Bounds on shoe logs uploaded for replay (upload-check.ts). */
  uploads?: UploadLimits;
  /** Interval of the SSE `: ping` comment; default 15 s. */
  heartbeatMs?: number;
}

export function createApp(options: AppOptions): Express {
  const { table, users, logger, surveillance } = options;
  const sessions = options.sessionStore ?? new SessionStore(options.sessions);
  const access = options.access ?? new AccessLog();
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  app.use(requestLog(logger));
  app.use(securityHeaders());
  app.use('/api', hostCheck(options.allowedHosts));
  app.use('/api', sameOrigin());
  app.use('/api', express.json({ limit: JSON_BODY_LIMIT }));
  app.use(attachSession(sessions, users));

  app.use(sessionRoutes(users, sessions, usersLimiter(users, options.login), logger, {}, access));
  app.use(accessRoutes(access));
  app.get('/api/events', keepSessionAlive(sessions, users));
  app.use(liveRoutes(table, surveillance, logger, options.heartbeatMs));
  app.use(commandRoutes(table, logger, options.seats ?? DEFAULT_SEATS, options.simulator));
  app.use(surveillanceRoutes(surveillance, options.uploads, access));
  app.use(mathRoutes(table, surveillance));
  app.use('/api', (req) => {
    throw new NotFoundError(`no route ${req.method} ${req.originalUrl}`);
  });

  app.use(staticClient(options.clientDir ?? DEFAULT_CLIENT_DIR));
  app.use((req) => {
    throw new NotFoundError(`not found: ${req.path}`);
  });
  app.use(errorHandler(logger));
  return app;
}
