/**
 * `tq keys init --data <dir>` makes the table's Ed25519 key pair (the private
 * key in <dir>/keys/table.key, readable by its owner only, never printed);
 * `tq keys show --data <dir>` prints the public key as one line, for
 * surveillance to register with `tq central register` (docs/central-store.md).
 */
import { parseArgs } from 'node:util';
import { CentralError } from '../../central/central-error.ts';
import { initTableKey, loadTableKey } from '../../central/table-keys.ts';
import type { CliIo } from '../tq.ts';

export const KEYS_USAGE = 'usage: tq keys init --data <dir> | tq keys show --data <dir>';

export async function run(argv: string[], io: CliIo): Promise<number> {
  let sub: string;
  let dataDir: string;
  try {
    const { values, positionals } = parseArgs({ args: argv, strict: true, allowPositionals: true, options: { data: { type: 'string' } } });
    if (positionals.length !== 1 || (positionals[0] !== 'init' && positionals[0] !== 'show')) throw new Error('say init or show');
    sub = positionals[0];
    dataDir = values.data ?? process.env.TQ_DATA ?? './data';
  } catch (e) {
    io.stderr.write(`tq keys: ${(e as Error).message}\n${KEYS_USAGE}\n`);
    return 2;
  }
  try {
    const key = sub === 'init' ? await initTableKey(dataDir) : await loadTableKey(dataDir);
    if (sub === 'init') io.stderr.write(`tq keys: key pair made in ${dataDir}/keys (the private key stays there); public key:\n`);
    io.stdout.write(`${key.publicLine}\n`);
    return 0;
  } catch (e) {
    if (e instanceof CentralError) {
      io.stderr.write(`tq keys: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
}
