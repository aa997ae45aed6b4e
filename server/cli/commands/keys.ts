/**
 * `tq keys init --data <dir>` makes the table's Ed25519 key pair (the private
 * key in <dir>/keys/table.key, readable by its owner only, never printed);
 * `tq keys show --data <dir>` prints the public key as one line, for
 * surveillance to register with `tq central register` (docs/central-store.md).
 */
import { CentralError } from '../../central/central-error.ts';
import { rotateLocalKey } from '../../central/rotate-local-key.ts';
import { initTableKey, keyFileOf, loadTableKey, privateKeyPath } from '../../central/table-keys.ts';
import type { CliIo } from '../tq.ts';
import { type CommandHelp, parseArgs, usageMessage, usageText } from '../usage.ts';

export const help: CommandHelp = {
  usage: [
    'keys init --data <dir> [--key-file <path>]',
    'keys show --data <dir> [--key-file <path>]',
    'keys rotate --data <dir> [--key-file <path>] --table <id> --key-no <n>',
  ],
  about:
    "The table's Ed25519 key pair that signs its seals (docs/central-store.md). init makes it (the private key in\n<dir>/keys/table.key, mode 0600, never printed); show prints the public key for `tq central register`.",
  options: [
    ['init | show | rotate', 'make the key pair, print the public key, or replace it (the old key signs the new one as key number n)'],
    ['--table <id>, --key-no <n>', 'rotate: the table, and the number the new key takes (the current one plus 1)'],
    ['--data <dir>', "the table's data directory (TQ_DATA, default ./data)"],
    ['--key-file <path>', 'the private key file (TQ_KEY_FILE, default <dir>/keys/table.key); production: /etc/tq/<table>.key'],
  ],
};
const KEYS_USAGE = usageText(help);

export async function run(argv: string[], io: CliIo): Promise<number> {
  let sub: string;
  let dataDir: string;
  let keyFile: string | undefined;
  let rotation: { table: string; keyNo: number } | null = null;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: { data: { type: 'string' }, 'key-file': { type: 'string' }, table: { type: 'string' }, 'key-no': { type: 'string' } },
    });
    if (positionals.length !== 1 || !['init', 'show', 'rotate'].includes(positionals[0]!)) throw new Error('say init, show or rotate');
    sub = positionals[0]!;
    dataDir = values.data ?? process.env.TQ_DATA ?? './data';
    keyFile = keyFileOf(values['key-file']);
    if (sub === 'rotate') {
      const keyNo = Number(values['key-no']);
      if (values.table === undefined || !Number.isInteger(keyNo) || keyNo < 2) throw new Error('rotate needs --table and --key-no <n ≥ 2>');
      rotation = { table: values.table, keyNo };
    }
  } catch (e) {
    io.stderr.write(`tq keys: ${usageMessage(e)}\n${KEYS_USAGE}\n`);
    return 2;
  }
  try {
    if (rotation !== null) {
      const r = await rotateLocalKey(dataDir, rotation.table, rotation.keyNo, keyFile);
      io.stderr.write(`tq keys: new key pair made (the old key kept as ${r.kept}); register it with\n`);
      io.stdout.write(`tq central rotate --central <url> --table ${rotation.table} --key ${r.publicLine} --sig ${r.sig}\n`);
      return 0;
    }
    const key = sub === 'init' ? await initTableKey(dataDir, keyFile) : await loadTableKey(dataDir, keyFile);
    if (sub === 'init') io.stderr.write(`tq keys: key pair made, the private key in ${privateKeyPath(dataDir, keyFile)} (it stays there); public key:\n`);
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
