/**
 * Every error a client can see is mapped to HTTP here, and only here
 * (API.md "Errors, mapped in one place … never with a stack trace"):
 * zod → 400 naming the field, RuleError → 409 with its code, no session → 401,
 * wrong role → 403, unknown thing → 404, a refusal of the store by its code,
 * a closed table → 503, anything else → 500 with a logged id.
 */
import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { RuleError } from '../../shoe/errors.ts';
import { StoreError, type StoreErrorCode } from '../store/store-errors.ts';
import { TableClosedError } from '../table/table-errors.ts';

/** No session, an expired one, or bad credentials (401). */
export class UnauthenticatedError extends Error {
  readonly code = 'UNAUTHENTICATED';
  /** Seconds the client should wait before trying again (login lock). */
  constructor(message = 'log in first', readonly retryAfterSeconds?: number) {
    super(message);
    this.name = 'UnauthenticatedError';
  }
}

/** The session's role may not do this (403). */
export class ForbiddenError extends Error {
  readonly code = 'FORBIDDEN';
  constructor(message: string) {
    super(message);
    this.name = 'ForbiddenError';
  }
}

/** No such route, shoe, or optional feature (404). */
export class NotFoundError extends Error {
  readonly code = 'NOT_FOUND';
  constructor(message: string) {
    super(message);
    this.name = 'NotFoundError';
  }
}

/** A request that is malformed in a way zod does not see, e.g. an out-of-range `at` (400). */
export class BadRequestError extends Error {
  readonly code = 'BAD_REQUEST';
  constructor(readonly field: string | null, message: string) {
    super(message);
    this.name = 'BadRequestError';
  }
}

export interface ErrorBody {
  error: string;
  message: string;
  field?: string | null;
}

/** The first zod issue as `{field, message}`: `amount must be positive`, `junk is not a known field`. */
export function describeZodError(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  if (issue === undefined) return { field: 'body', message: 'body is not valid' };
  if (issue.code === 'unrecognized_keys') {
    const field = [...issue.path.map(String), issue.keys[0] ?? ''].filter(Boolean).join('.');
    return { field, message: `${field} is not a known field` };
  }
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
  const message = issue.path.length > 0 ? `${field} ${issue.message}` : 'body must be a JSON object';
  return { field, message };
}

/** Status and body for an error; `internal` is set when it must be logged as a 500. */
export function toHttp(error: unknown): { status: number; body: ErrorBody; internal: boolean } {
  if (error instanceof z.ZodError) return { status: 400, body: { error: 'BAD_REQUEST', ...describeZodError(error) }, internal: false };
  if (error instanceof BadRequestError) return { status: 400, body: { error: error.code, field: error.field, message: error.message }, internal: false };
  if (error instanceof RuleError) return { status: 409, body: { error: error.code, message: error.message }, internal: false };
  if (error instanceof UnauthenticatedError) return { status: 401, body: { error: error.code, message: error.message }, internal: false };
  if (error instanceof ForbiddenError) return { status: 403, body: { error: error.code, message: error.message }, internal: false };
  if (error instanceof NotFoundError) return { status: 404, body: { error: error.code, message: error.message }, internal: false };
  if (error instanceof StoreError && STORE_STATUS[error.code] !== undefined) {
    return { status: STORE_STATUS[error.code]!, body: { error: error.code, message: error.message }, internal: false };
  }
  if (error instanceof TableClosedError) return { status: 503, body: { error: error.code, message: error.message }, internal: false };
  const parser = bodyParserError(error);
  if (parser) return { ...parser, internal: false };
  return { status: 500, body: { error: 'INTERNAL', message: 'internal error' }, internal: true };
}

/**
 * Store refusals a client can cause; the rest (a failed write, a damaged
 * file, a closed store) are the server's trouble: 500, logged.
 */
const STORE_STATUS: Partial<Record<StoreErrorCode, number>> = {
  UNKNOWN_SHOE: 404,
  BAD_SHOE_ID: 400,
  SHOE_EXISTS: 409,
  SHOE_IN_PLAY: 409,
  SHOE_ENDED: 409,
};

/** express.json() failures carry `type` and `status`: bad JSON is the client's fault, as is a body over the limit. */
function bodyParserError(error: unknown): { status: number; body: ErrorBody } | undefined {
  const type = (error as { type?: unknown } | null)?.type;
  if (type === 'entity.parse.failed') return { status: 400, body: { error: 'BAD_REQUEST', field: 'body', message: 'body is not valid JSON' } };
  if (type === 'entity.too.large') return { status: 413, body: { error: 'PAYLOAD_TOO_LARGE', message: 'body is too large' } };
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return { status: 415, body: { error: 'UNSUPPORTED_MEDIA_TYPE', message: 'send JSON in UTF-8' } };
  }
  return undefined;
}

/** Sends an error body; a 500 is logged with an id the client is given, and nothing more. */
export function sendError(res: Response, error: unknown, logger: Logger): void {
  const { status, body, internal } = toHttp(error);
  if (internal) {
    const id = randomUUID();
    logger.error({ err: error, errorId: id, requestId: res.locals.requestId }, 'internal error');
    body.message = `internal error, logged as ${id}`;
  }
  if (error instanceof UnauthenticatedError && error.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(error.retryAfterSeconds));
  if (res.headersSent) {
    res.end();
    return;
  }
  res.status(status).json(body);
}

/** The last middleware of the app: every thrown or rejected error ends here. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, _req, res, _next) => sendError(res, error, logger);
}
