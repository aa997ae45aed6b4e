/**
 * Attaches the session's account to the response locals for the routes
 * after it; `allow` (permissions.ts) then decides 401/403. The session
 * itself is never trusted from the body: only from the HttpOnly cookie.
 */
import type { RequestHandler, Response } from 'express';
import type { Actor } from '../table/table.ts';
import type { Session, SessionStore } from './sessions.ts';
import { UnauthenticatedError } from './errors.ts';

export function attachSession(sessions: SessionStore): RequestHandler {
  return (req, res, next) => {
    const session = sessions.fromRequest(req);
    if (session) res.locals.session = session;
    next();
  };
}

export function accountOf(res: Response): Session | undefined {
  return res.locals.session as Session | undefined;
}

/** The actor for the table: who is logged in and as what (Table `Actor`). */
export function actorOf(res: Response): Actor {
  const s = accountOf(res);
  if (!s) throw new UnauthenticatedError();
  return { user: s.user, role: s.role };
}
