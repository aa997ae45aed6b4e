/**
 * API.md "Session": POST /api/login, POST /api/logout, GET /api/me, GET /api/session.
 * Wrong PINs are limited per address, user and both (login-limiter.ts); a
 * lock is a 401 with Retry-After, as API.md promises 401 on bad credentials;
 * too many logins at once is a 429 with Retry-After, the PIN unchecked.
 * A server for some roles only (the surveillance room: surveillance and chef)
 * refuses the others' right PINs as it refuses a wrong PIN (401: a 403 said the PIN was right), and names itself in the answers
 * (`site`) so the dashboards show its pages. Every outcome — in, wrong PIN,
 * locked, turned away, out — is an access-log entry (access-log.ts), written
 * before the answer.
 */
import { Router } from 'express';
import type { Logger } from 'pino';
import type { AccessLog } from './access-log.ts';
import { clientAddress } from './access-routes.ts';
import { accountOf } from './auth.ts';
import type { Role } from '../table/table.ts';
import { TooManyRequestsError, UnauthenticatedError } from './errors.ts';
import type { LoginLimiter } from './login-limiter.ts';
import { loginBody } from './schemas.ts';
import type { SessionStore } from './sessions.ts';
import type { UserStore } from './users.ts';

export interface SiteOptions {
  /** What this server is; absent: a table's own server. */
  site?: 'floor';
  /** The roles that may log in here; absent: every role. */
  roles?: readonly Role[];
}

export function sessionRoutes(
  users: UserStore,
  sessions: SessionStore,
  limiter: LoginLimiter,
  logger: Logger,
  where: SiteOptions = {},
  access?: AccessLog,
): Router {
  const router = Router();
  const site = where.site === undefined ? {} : { site: where.site };
  const record: AccessLog['record'] = (event, address) => (access ? access.record(event, address) : Promise.resolve({ ...event, at: '', address }));

  router.post('/api/login', async (req, res) => {
    const { user, pin } = loginBody.parse(req.body ?? {});
    const address = clientAddress(req);
    const outcome = await limiter.attempt(user, address, () => users.authenticate(user, pin));
    switch (outcome.kind) {
      case 'ok':
        break;
      case 'wrong':
        logger.warn({ login: user, address, outcome: 'bad-credentials' }, 'login refused');
        await record({ kind: 'login-failed', user }, address);
        throw new UnauthenticatedError('unknown user or wrong PIN');
      case 'locked': {
        const seconds = Math.max(1, Math.ceil((outcome.until - limiter.now()) / 1000));
        const until = new Date(outcome.until).toISOString();
        logger.warn({ login: user, address, outcome: 'locked', scope: outcome.scope, until }, 'login refused: locked');
        await record({ kind: 'login-locked', user, scope: outcome.scope, until }, address);
        const whose = outcome.scope === 'address' ? 'from this address' : `for ${user}`;
        throw new UnauthenticatedError(`too many wrong PINs ${whose}: try again in ${seconds} s`, seconds);
      }
      case 'limited':
        logger.warn({ login: user, address, outcome: 'limited' }, 'login refused: too many at once');
        await record({ kind: 'login-limited', user }, address);
        throw new TooManyRequestsError('too many logins at once: try again in a moment', Math.ceil(outcome.retryAfterMs / 1000));
      default: {
        const never: never = outcome;
        throw new Error(`unknown login outcome ${JSON.stringify(never)}`);
      }
    }
    const account = outcome.account;
    if (where.roles && !where.roles.includes(account.role)) {
      logger.warn({ login: user, address, role: account.role, outcome: 'role-not-here' }, 'login refused: role not served here');
      await record({ kind: 'login-refused', user, role: account.role }, address);
      // answered as a wrong PIN: "not allowed for this role" told whoever typed it that the PIN was right (outside floor pass 46);
      // the log and the access log say why
      throw new UnauthenticatedError('unknown user or wrong PIN');
    }
    const stamp = users.stamp(account.user);
    if (stamp === undefined) throw new UnauthenticatedError('unknown user or wrong PIN'); // removed while its PIN was being checked
    await record({ kind: 'login', user: account.user, role: account.role }, address);
    const { token } = await sessions.create(account, stamp);
    sessions.setCookie(res, token);
    logger.info({ login: user, role: account.role, outcome: 'ok' }, 'login');
    res.json({ user: account.user, role: account.role, ...site });
  });

  router.post('/api/logout', async (req, res) => {
    const session = accountOf(res);
    if (session) {
      await sessions.destroy(session.id);
      await record({ kind: 'logout', user: session.user, role: session.role }, clientAddress(req));
    }
    sessions.clearCookie(res);
    res.status(204).end();
  });

  router.get('/api/me', (_req, res) => {
    const session = accountOf(res);
    if (!session) throw new UnauthenticatedError('no session, or it has expired');
    res.json({ user: session.user, role: session.role, ...site });
  });

  // What a page asks when it loads: nobody logged in is an answer, not a failure. Asked through /api/me, every first
  // visit to the login screen logged a 401 in the browser's console, noise in which a real failure would hide.
  router.get('/api/session', (_req, res) => {
    const session = accountOf(res);
    res.setHeader('Cache-Control', 'no-store');
    // `roles`: the roles this server lets in (the floor: chef and surveillance), so the login offers no other
    res.json({ me: session ? { user: session.user, role: session.role, ...site } : null, ...(where.roles && { roles: where.roles }) });
  });

  return router;
}
