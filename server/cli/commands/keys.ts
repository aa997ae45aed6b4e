/**
 * `tq keys init --data <dir>` makes the table's Ed25519 key pair (the private
 * key in <dir>/keys/table.key, readable by its owner only, never printed);
 * `tq keys show --data <dir>` prints the public key as one line, for
 * surveillance to register with `tq central register` (docs/central-store.md).
 */
import { CentralError } from '../../central/central-error.ts';
import { initTableKey, loadTableKey } from '../../central/table-keys.ts';
import type { CliIo } from '../tq.ts';
import { type CommandHelp, parseArgs, usageMessage, usageText } from '../usage.ts';

export const help: CommandHelp = {
  usage: ['keys init --data <dir>', 'keys show --data <dir>'],
  about:
    "The table's Ed25519 key pair that signs its seals (docs/central-store.md). init makes it (the private key in\n<dir>/keys/table.key, mode 0600, never printed); show prints the public key for `tq central register`.",
  options: [
    ['init | show', 'make the key pair, or print the public key'],
    ['--data <dir>', "the table's data directory (TQ_DATA, default ./data)"],
  ],
};
const KEYS_USAGE = usageText(help);

export async function run(argv: string[], io: CliIo): Promise<number> {
  let sub: string;
  let dataDir: string;
  try {
    const { values, positionals } = parseArgs({ args: argv, strict: true, allowPositionals: true, options: { data: { type: 'string' } } });
    if (positionals.length !== 1 || (positionals[0] !== 'init' && positionals[0] !== 'show')) throw new Error('say init or show');
    sub = positionals[0];
    dataDir = values.data ?? process.env.TQ_DATA ?? './data';
  } catch (e) {
    io.stderr.write(`tq keys: ${usageMessage(e)}\n${KEYS_USAGE}\n`);
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
