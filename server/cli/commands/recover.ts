/**
 * `tq recover --data <dir>`: when the server will not start because a line in
 * the middle of the shoe in play is unreadable (server/store/recover-shoe.ts):
 * keeps the damaged file aside, keeps the record before the damage, and
 * records a `fault` saying so. Run it with the server stopped; exit 0 when
 * done or when there is nothing to recover, 1 when it cannot, 2 on bad usage.
 */
import { recoverDataDir } from '../../store/recover-shoe.ts';
import type { CliIo } from '../tq.ts';
import { type CommandHelp, parseArgs, usageMessage, usageText } from '../usage.ts';

export const help: CommandHelp = {
  usage: ['recover --data <dir>'],
  about:
    'With the server stopped: when the shoe in play has an unreadable line before its end, keeps the file aside,\nkeeps the record before the damage and records a RECOVERED fault. Exit 0 when done or nothing to do.',
  options: [['--data <dir>', "the table's data directory (TQ_DATA, default ./data)"]],
};
const RECOVER_USAGE = usageText(help);

export async function run(argv: string[], io: CliIo): Promise<number> {
  let dataDir: string;
  try {
    const { values } = parseArgs({ args: argv, strict: true, options: { data: { type: 'string' } } });
    dataDir = values.data ?? process.env.TQ_DATA ?? './data';
  } catch (e) {
    io.stderr.write(`tq recover: ${usageMessage(e)}\n${RECOVER_USAGE}\n`);
    return 2;
  }
  try {
    const recovered = await recoverDataDir(dataDir);
    if (recovered.length === 0) io.stdout.write(`nothing to recover in ${dataDir}: the shoe in play reads whole\n`);
    for (const r of recovered) {
      io.stdout.write(
        `${r.shoe}: line ${r.line} of ${r.lines} was unreadable; ${r.kept} lines kept, the damaged file kept as ${r.asideFile}; a RECOVERED fault is recorded\n`,
      );
    }
    return 0;
  } catch (e) {
    io.stderr.write(`tq recover: ${(e as Error).message}\n`);
    return 1;
  }
}
