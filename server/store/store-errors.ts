/**
 * Why the store refused or failed an operation. The HTTP layer maps codes to
 * statuses in one place, as it does for the rules' RuleError.
 */
import { CodedError } from '../../shoe/coded-error.ts';
export const STORE_ERROR_CODES = {
  BAD_SHOE_ID: 'a shoe id must be 1–128 letters, digits, dot, dash or underscore, not starting with a dot',
  BAD_EVENT: 'the event cannot be stored',
  SHOE_EXISTS: 'a shoe with this id is already stored',
  SHOE_IN_PLAY: 'another shoe is in play: end it first',
  UNKNOWN_SHOE: 'no such shoe',
  SHOE_ENDED: 'the shoe has ended: nothing more can be appended',
  SHOE_UNAVAILABLE: 'an earlier write to this shoe failed: reopen the store to recover it',
  SHOE_CORRUPT: 'the shoe file is damaged: verify it before writing to it',
  TABLE_MISMATCH: 'the data directory belongs to another table',
  WRITE_FAILED: 'the write did not reach the disk',
  CLOSED: 'the store is closed',
} as const;

export type StoreErrorCode = keyof typeof STORE_ERROR_CODES;

export class StoreError extends CodedError {
  constructor(
    override readonly code: StoreErrorCode,
    detail?: string,
    options?: ErrorOptions,
  ) {
    super(detail ? `${STORE_ERROR_CODES[code]}: ${detail}` : STORE_ERROR_CODES[code], options);
    this.name = 'StoreError';
  }
}
