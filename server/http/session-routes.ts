/**
 * API.md "Session": POST /api/login, POST /api/logout, GET /api/me.
 * Wrong PINs are counted per user name (login-limiter.ts); a locked name gets
 * 401 with Retry-After, as API.md promises 401 on bad credentials.
 */
import { Router } from 'express';
import type { Logger } from 'pino';
import { accountOf } from './auth.ts';
import { UnauthenticatedError } from './errors.ts';
import type { LoginLimiter } from './login-limiter.ts';
import { loginBody } from './schemas.ts';
import type { SessionStore } from './sessions.ts';
import type { UserStore } from './users.ts';

export function sessionRoutes(users: UserStore, sessions: SessionStore, limiter: LoginLimiter, logger: Logger): Router {
  const router = Router();

  router.post('/api/login', async (req, res) => {
    const { user, pin } = loginBody.parse(req.body ?? {});
    const locked = limiter.lockedFor(user);
    if (locked > 0) {
      const seconds = Math.ceil(locked / 1000);
      logger.warn({ login: user, outcome: 'locked' }, 'login refused: locked');
      throw new UnauthenticatedError(`too many wrong PINs for ${user}: try again in ${seconds} s`, seconds);
    }
    const account = await users.authenticate(user, pin);
    if (!account) {
      limiter.failed(user);
      logger.warn({ login: user, outcome: 'bad-credentials' }, 'login refused');
      throw new UnauthenticatedError('unknown user or wrong PIN');
    }
    limiter.succeeded(user);
    const session = sessions.create(account);
    sessions.setCookie(res, session);
    logger.info({ login: user, role: account.role, outcome: 'ok' }, 'login');
    res.json({ user: account.user, role: account.role });
  });

  router.post('/api/logout', (_req, res) => {
    const session = accountOf(res);
    if (session) sessions.destroy(session.id);
    sessions.clearCookie(res);
    res.status(204).end();
  });

  router.get('/api/me', (_req, res) => {
    const session = accountOf(res);
    if (!session) throw new UnauthenticatedError('no session, or it has expired');
    res.json({ user: session.user, role: session.role });
  });

  return router;
}
