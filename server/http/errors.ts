/**
 * Every error a client can see is mapped to HTTP here, and only here
 * (API.md "Errors, mapped in one place … never with a stack trace"):
 * zod → 400 naming the field; every other error a client can cause is a
 * CodedError, mapped by its code (STATUS_BY_CODE); anything else → 500 with
 * a logged id.
 */
import { CodedError } from '../../shoe/coded-error.ts';
import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { RULE_CODES, type RuleCode } from '../../shoe/errors.ts';
import type { StoreErrorCode } from '../store/store-errors.ts';
import type { DealRefusedError } from '../table/deal-guards.ts';
import type { TableClosedError } from '../table/table-errors.ts';

/** No session, an expired one, or bad credentials (401). */
export class UnauthenticatedError extends CodedError {
  override readonly code = 'UNAUTHENTICATED';
  /** Seconds the client should wait before trying again (login lock). */
  constructor(
    message = 'log in first',
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'UnauthenticatedError';
  }
}

/** The session's role may not do this (403). */
export class ForbiddenError extends CodedError {
  override readonly code = 'FORBIDDEN';
  constructor(message: string) {
    super(message);
    this.name = 'ForbiddenError';
  }
}

/** No such route, shoe, or optional feature (404). */
export class NotFoundError extends CodedError {
  override readonly code = 'NOT_FOUND';
  constructor(message: string) {
    super(message);
    this.name = 'NotFoundError';
  }
}

/** A request that is malformed in a way zod does not see, e.g. an out-of-range `at` (400). */
export class BadRequestError extends CodedError {
  override readonly code = 'BAD_REQUEST';
  constructor(
    readonly field: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'BadRequestError';
  }
}

/** Too many logins at once (429): the PIN was not checked; try again after `retryAfterSeconds`. */
export class TooManyRequestsError extends CodedError {
  override readonly code = 'TOO_MANY_REQUESTS';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** A state-changing request from another origin's page (403; server/http/same-origin.ts). */
export class CrossOriginError extends CodedError {
  override readonly code = 'CROSS_ORIGIN';
}

/** A state-changing request whose body is not JSON (NDJSON for a shoe log), as a form's would be (415). */
export class UnsupportedMediaTypeError extends CodedError {
  override readonly code = 'UNSUPPORTED_MEDIA_TYPE';
}

/** A request naming a host this server does not answer for (421; server/http/host-check.ts). */
export class UnknownHostError extends CodedError {
  override readonly code = 'UNKNOWN_HOST';
}

/**
 * The central store did not answer a read of the floor (503): "No shoe recorded" beside "Internal error of the server"
 * read as a shoe gone missing during an outage (outside floor pass 46).
 */
export class CentralUnreachableError extends CodedError {
  override readonly code = 'CENTRAL_UNREACHABLE';
}

type HttpErrorCode =
  | UnauthenticatedError['code']
  | ForbiddenError['code']
  | NotFoundError['code']
  | BadRequestError['code']
  | TooManyRequestsError['code']
  | CrossOriginError['code']
  | UnsupportedMediaTypeError['code']
  | 'UPLOAD_TOO_COSTLY'
  | UnknownHostError['code']
  | CentralUnreachableError['code'];

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

/**
 * The status of each code a client can cause: a broken rule of the game is a
 * conflict (409), as is a store refusal of the same kind. Any other coded
 * error (a failed write, a damaged file, a closed store) is the server's
 * trouble: 500, logged.
 */
const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  ...Object.fromEntries(Object.keys(RULE_CODES).map((code) => [code, 409])),
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  TOO_MANY_REQUESTS: 429,
  CROSS_ORIGIN: 403,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UPLOAD_TOO_COSTLY: 422,
  UNKNOWN_HOST: 421,
  UNKNOWN_SHOE: 404,
  BAD_SHOE_ID: 400,
  SHOE_EXISTS: 409,
  SHOE_IN_PLAY: 409,
  SHOE_ENDED: 409,
  TABLE_CLOSED: 503,
  CENTRAL_UNREACHABLE: 503,
  DEALING_REFUSED: 409,
} satisfies Partial<Record<RuleCode | StoreErrorCode | TableClosedError['code'] | DealRefusedError['code'] | HttpErrorCode, number>>;

/**
 * Every `error` code a client can receive in a body (STATUS_BY_CODE, the body
 * parser's, and INTERNAL): the dashboards give each a text in every language
 * (client/server-text-en.ts; a test holds them to this list).
 */
export const SENT_ERROR_CODES: readonly string[] = [...Object.keys(STATUS_BY_CODE), 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'INTERNAL'];

/** Status and body for an error; `internal` is set when it must be logged as a 500. */
export function toHttp(error: unknown): { status: number; body: ErrorBody; internal: boolean } {
  if (error instanceof z.ZodError) return { status: 400, body: { error: 'BAD_REQUEST', ...describeZodError(error) }, internal: false };
  const status = error instanceof CodedError ? STATUS_BY_CODE[error.code] : undefined;
  if (error instanceof CodedError && status !== undefined) {
    const body: ErrorBody = { error: error.code, message: error.message };
    if (error instanceof BadRequestError) body.field = error.field;
    return { status, body, internal: false };
  }
  const parser = bodyParserError(error);
  if (parser) return { ...parser, internal: false };
  return { status: 500, body: { error: 'INTERNAL', message: 'internal error' }, internal: true };
}

/** express.json() failures carry `type` and `status`: bad JSON is the client's fault, as is a body over the limit. */
function bodyParserError(error: unknown): { status: number; body: ErrorBody } | undefined {
  const type = (error as { type?: unknown } | null)?.type;
  if (type === 'entity.parse.failed') return { status: 400, body: { error: 'BAD_REQUEST', field: 'body', message: 'body is not valid JSON' } };
  if (type === 'entity.too.large') return { status: 413, body: { error: 'PAYLOAD_TOO_LARGE', message: 'body is too large' } };
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return { status: 415, body: { error: 'UNSUPPORTED_MEDIA_TYPE', message: 'send JSON in UTF-8' } };
  }
  // A body that does not inflate as its Content-Encoding says (gzip on a plain body was a 500).
  const { status, expose } = (error ?? {}) as { status?: unknown; expose?: unknown };
  if (expose === true && typeof status === 'number' && status >= 400 && status < 500)
    return { status: 400, body: { error: 'BAD_REQUEST', field: 'body', message: 'the body cannot be read as its Content-Encoding says' } };
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
  if ((error instanceof UnauthenticatedError || error instanceof TooManyRequestsError) && error.retryAfterSeconds !== undefined)
    res.setHeader('Retry-After', String(error.retryAfterSeconds));
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
