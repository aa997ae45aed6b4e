/**
 * The table's password for the central store, from a file of its own
 * (`--central-password-file`, TQ_CENTRAL_PASSWORD_FILE;
 * docs/deploy.md#central-witness): not in the unit (readable by every local
 * user through `systemctl show`), not in a `.pgpass` in the service user's
 * home (which was the data directory, so every backup carried it, and pg
 * prints a deprecation warning for it, a line that is not JSON in the JSON
 * log). One file per role: the table's, never surveillance's.
 */
import { readFile } from 'node:fs/promises';
import { ConfigError } from './config-error.ts';

/** `url` with the password read from `file` (its first line). */
export async function withPasswordFile(url: string, file: string): Promise<string> {
  const text = await readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => {
    throw new ConfigError(`--central-password-file (TQ_CENTRAL_PASSWORD_FILE): cannot read ${file}: ${e.code ?? e.message}`);
  });
  const password = text.split('\n')[0]!.replace(/\r$/, '');
  if (password === '') throw new ConfigError(`--central-password-file (TQ_CENTRAL_PASSWORD_FILE): ${file} is empty`);
  const parsed = new URL(url);
  if (parsed.password !== '') throw new ConfigError('--central already holds a password: give it in the URL or in --central-password-file, not both');
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
}
