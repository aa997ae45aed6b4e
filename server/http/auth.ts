/**
 * Attaches the session's account to the response locals for the routes
 * after it; `allow` (permissions.ts) then decides 401/403. The session
 * itself is never trusted from the body: only from the HttpOnly cookie.
 */
import type { RequestHandler, Response } from 'express';
import type { Actor } from '../table/table.ts';
import type { Session, SessionStore } from './sessions.ts';
import { UnauthenticatedError } from './errors.ts';
import type { AccessLog } from './access-log.ts';
import type { UserStore } from './users.ts';

/**
 * A session counts only while its user's stamp is the one it began with
 * (users.ts `stamp`): a new PIN or a removed user ends it at the next request.
 */
export function attachSession(sessions: SessionStore, users: UserStore): RequestHandler {
  return (req, res, next) => {
    const session = sessions.fromRequest(req);
    // The role is the users file's, never the sessions file's (a sessions file edited to say chef made a chef).
    const account = session && users.stamp(session.user) === session.stamp ? users.accounts.find((a) => a.user === session.user) : undefined;
    if (session && account) res.locals.session = account.role === session.role ? session : { ...session, role: account.role };
    else if (session) void sessions.destroy(session.id).catch(() => {}); // revokeStale records it and writes the file
    next();
  };
}

/**
 * For a live stream (SSE): while it stays open its session counts as used
 * (sessions.ts idle timeout); once the session ends the stream is closed.
 */
export function keepSessionAlive(sessions: SessionStore, users: UserStore): RequestHandler {
  return (_req, res, next) => {
    const session = accountOf(res);
    if (session) {
      const timer = setInterval(() => {
        if (!sessions.touch(session.id) || users.stamp(session.user) !== session.stamp) res.end();
      }, sessions.keepAliveMs);
      timer.unref();
      res.on('close', () => clearInterval(timer));
    }
    next();
  };
}

/** Ends the sessions whose user's PIN changed or who was removed, each an access-log entry (the server's own doing). */
export async function revokeStale(sessions: SessionStore, users: UserStore, access?: AccessLog): Promise<void> {
  const revoked = await sessions.revokeUnless((s) => users.stamp(s.user) === s.stamp);
  for (const s of revoked) await access?.record({ kind: 'session-revoked', user: s.user, role: s.role }, 'server');
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
