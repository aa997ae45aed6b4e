/**
 * `tq backup --data <dir> --to <dir> [--json]`: a consistent copy of the
 * table's data directory, safe while the table serves, verified after copying
 * (server/backup/backup.ts, docs/deploy.md#backups). Exit 0 when the copy is
 * made and verifies, 1 when it does not (it is then left as
 * `<to>.partial-<pid>`, never as `<to>`), 2 on bad usage.
 */
import { BackupError } from '../../backup/backup-error.ts';
import { backupDataDir } from '../../backup/backup.ts';
import { packageVersion } from '../package-version.ts';
import type { CliIo } from '../tq.ts';
import { type CommandHelp, parseArgs, UsageError } from '../usage.ts';
import { verdictLines } from './verify.ts';

export const help: CommandHelp = {
  usage: ['backup --data <dir> --to <dir> [--with-key] [--json]'],
  about:
    "A consistent copy of the table's data directory (shoes, seals, index, users; the table key only with --with-key,\nthe sessions never), safe while the table serves; verified before it is named <to>. See docs/deploy.md#backups.",
  options: [
    ['--data <dir>', "the table's data directory (TQ_DATA, default ./data)"],
    ['--to <dir>', 'the backup directory: new or empty (e.g. /var/backups/tq/2026-11-23T0300)'],
    ['--with-key', "also copy the table's private key (kept 0600): only to a destination as safe as the table"],
    ['--json', 'the report as JSON'],
  ],
};

export async function run(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: { data: { type: 'string' }, to: { type: 'string' }, 'with-key': { type: 'boolean' }, json: { type: 'boolean' } },
  });
  if (values.to === undefined) throw new UsageError('--to <dir> is required: where the backup goes');
  const dataDir = values.data ?? process.env.TQ_DATA ?? './data';
  let report: Awaited<ReturnType<typeof backupDataDir>>;
  try {
    report = await backupDataDir(dataDir, values.to, packageVersion(), { withKey: values['with-key'] === true });
  } catch (e) {
    if (!(e instanceof BackupError)) throw e;
    io.stderr.write(`tq backup: ${e.message}\n`);
    return 1;
  }
  const { verdict } = report;
  if (values.json) {
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return verdict.ok ? 0 : 1;
  }
  const lines = [
    `backup of ${dataDir} (table ${report.table ?? 'not named yet'}): ${report.files} files, ${report.bytes} bytes`,
    ...report.leftOut.map((l) => `  ${l.path}: a line being written (${l.bytes} bytes) left out, as a crash would`),
    ...report.notes.map((n) => `  on opening the copy: ${n}`),
    ...report.skipped.map((s) => `  ${s}: not a regular file, not copied`),
    ...verdictLines(verdict).map((l) => `  verify: ${l}`),
    verdict.ok ? `verified: ${report.to}` : `the copy does NOT verify: left as ${report.to}`,
  ];
  (verdict.ok ? io.stdout : io.stderr).write(`${lines.join('\n')}\n`);
  return verdict.ok ? 0 : 1;
}
