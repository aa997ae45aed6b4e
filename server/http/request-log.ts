/**
 * One JSON line per request , written with pino when
 * the response is done or the client goes away (an SSE stream ends that way).
 * Each request gets an id, returned in `X-Request-Id` so a complaint can be
 * matched with its line. Bodies and cookies are never logged: PINs travel in them.
 */
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { accountOf } from './auth.ts';

export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const id = randomUUID();
    res.locals.requestId = id;
    res.setHeader('X-Request-Id', id);
    res.once('close', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const user = accountOf(res)?.user;
      logger.info(
        {
          req: { id, method: req.method, url: req.originalUrl },
          res: { status: res.statusCode, finished: res.writableFinished },
          ms: Math.round(ms * 100) / 100,
          ...(user && { user }),
        },
        'request',
      );
    });
    next();
  };
}
