/** Why a backup or a restore was refused (docs/deploy.md#backups). */
import { CodedError } from '../../shoe/coded-error.ts';

export const BACKUP_ERROR_CODES = {
  NOT_A_DATA_DIR: 'not a table data directory (no index.json, no shoes/)',
  TARGET_NOT_EMPTY: 'the backup directory exists and is not empty: give a new one',
  DATA_NOT_EMPTY: 'the data directory is not empty: give --force to replace it (the old one is kept beside it)',
  USERS_CHANGED: 'the backup would add or change users who may log in: check them, then give --accept-users',
  SWAPPED_FILE: 'a file of the backup changed while it was restored: nothing was restored',
} as const;

export type BackupErrorCode = keyof typeof BACKUP_ERROR_CODES;

export class BackupError extends CodedError {
  constructor(
    override readonly code: BackupErrorCode,
    detail?: string,
    options?: ErrorOptions,
  ) {
    super(detail ? `${BACKUP_ERROR_CODES[code]}: ${detail}` : BACKUP_ERROR_CODES[code], options);
    this.name = 'BackupError';
  }
}
