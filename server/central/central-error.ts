/**
 * Why the central witness refused or failed (docs/central-store.md). Every
 * failure of the central store says, in one sentence, what surveillance or
 * the table's operator can do about it; the table keeps dealing whatever it is.
 */
import { CodedError } from '../../shoe/coded-error.ts';
export const CENTRAL_ERROR_CODES = {
  BAD_URL: 'the central store URL is not a postgres:// URL',
  UNREACHABLE: 'the central store cannot be reached',
  REFUSED_LOGIN: 'the central store refused the login',
  NO_SCHEMA: 'the central store has no schema: run `tq central init --central <url>`',
  NOT_REGISTERED: 'the table is not registered in the central store: surveillance runs `tq central register`',
  KEY_MISMATCH: "the table's key is not the key registered for it",
  BAD_KEY: 'not a public key as `tq keys show` prints it (base64 of an Ed25519 SPKI DER)',
  NO_KEY: 'the table has no key: run `tq keys init --data <dir>`',
  KEY_EXISTS: 'the table already has a key: a table keeps its key (surveillance registered it)',
  REJECTED: 'the central store rejected the write',
  DIVERGED: 'the central store holds another event at this place: it was not overwritten',
  UNKNOWN_TABLE: 'no such table in the central store',
  UNKNOWN_SHOE: 'no such shoe in the central store',
} as const;

export type CentralErrorCode = keyof typeof CENTRAL_ERROR_CODES;

export class CentralError extends CodedError {
  constructor(
    override readonly code: CentralErrorCode,
    detail?: string,
    options?: ErrorOptions,
  ) {
    super(detail ? `${CENTRAL_ERROR_CODES[code]}: ${detail}` : CENTRAL_ERROR_CODES[code], options);
    this.name = 'CentralError';
  }
}

/** PostgreSQL error codes (SQLSTATE) that have a meaning for the witness. */
const SQLSTATE: Record<string, CentralErrorCode> = {
  '42P01': 'NO_SCHEMA', // undefined_table
  '3D000': 'REFUSED_LOGIN', // invalid_catalog_name: no such database
  '28P01': 'REFUSED_LOGIN', // invalid_password
  '28000': 'REFUSED_LOGIN', // invalid_authorization_specification
  '42501': 'REJECTED', // insufficient_privilege (also the append-only guard)
  '25006': 'REJECTED', // read_only_sql_transaction
  '23503': 'NOT_REGISTERED', // foreign_key_violation: events of an unregistered table
};

/** The network errors of a server that is down, unknown or silent. */
const NETWORK = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);

/** A driver or server error as a CentralError; a CentralError is returned as it is. */
export function centralErrorOf(e: unknown, what?: string): CentralError {
  if (e instanceof CentralError) return e;
  const { code, message } = e as { code?: string; message?: string };
  const detail = what === undefined ? (message ?? String(e)) : `${what}: ${message ?? String(e)}`;
  const mapped = (code !== undefined && SQLSTATE[code]) || (code !== undefined && NETWORK.has(code) ? 'UNREACHABLE' : undefined);
  if (mapped) return new CentralError(mapped, detail, { cause: e });
  if (/terminat|Connection|connect|timeout|ended/i.test(message ?? '')) return new CentralError('UNREACHABLE', detail, { cause: e });
  return new CentralError('REJECTED', detail, { cause: e });
}
