/**
 * `tq restore --from <backup> --data <dir> [--force] [--json]`, with the table
 * server stopped: checks the backup (its manifest and the store's verify),
 * refuses it if anything is off, puts it in place of the data directory (a
 * non-empty one only with --force, kept as `<dir>.replaced-<time>`), and
 * checks the result again (server/backup/restore.ts, docs/deploy.md#backups).
 * Exit 0 restored and verified, 1 refused or failed, 2 on bad usage.
 */
import { BackupError } from '../../backup/backup-error.ts';
import { type BackupCheck, restoreDataDir } from '../../backup/restore.ts';
import type { CliIo } from '../tq.ts';
import { type CommandHelp, parseArgs, UsageError } from '../usage.ts';
import { verdictLines } from './verify.ts';

export const help: CommandHelp = {
  usage: ['restore --from <backup> --data <dir> [--force] [--accept-users] [--json]'],
  about:
    'With the table server stopped: checks a backup made by `tq backup` (its manifest and verify), then puts it in place\nof the data directory and checks it again. A tampered or damaged backup is refused. See docs/deploy.md#backups.',
  options: [
    ['--from <backup>', 'the backup directory'],
    ['--data <dir>', 'the data directory to restore into (TQ_DATA, default ./data)'],
    ['--force', 'replace a data directory that is not empty (it is kept as <dir>.replaced-<time>)'],
    ['--accept-users', 'restore even though the backup adds users or changes a role or PIN (shown; refused without it)'],
    ['--json', 'the report as JSON'],
  ],
};

function checkLines(check: BackupCheck): string[] {
  return [...check.problems, ...(check.verdict === null ? [] : verdictLines(check.verdict).map((l) => `verify: ${l}`))];
}

export async function run(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: { from: { type: 'string' }, data: { type: 'string' }, force: { type: 'boolean' }, 'accept-users': { type: 'boolean' }, json: { type: 'boolean' } },
  });
  if (values.from === undefined) throw new UsageError('--from <backup> is required');
  const dataDir = values.data ?? process.env.TQ_DATA ?? './data';
  let report: Awaited<ReturnType<typeof restoreDataDir>>;
  try {
    report = await restoreDataDir(values.from, dataDir, { force: values.force === true, acceptUsers: values['accept-users'] === true });
  } catch (e) {
    if (!(e instanceof BackupError)) throw e;
    io.stderr.write(`tq restore: ${e.message}\n`);
    return 1;
  }
  const ok = report.after?.ok === true;
  if (values.json) {
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return ok ? 0 : 1;
  }
  if (report.after === undefined) {
    io.stderr.write(
      `tq restore: the backup ${values.from} is refused, nothing was restored:\n${checkLines(report.before)
        .map((l) => `  ${l}\n`)
        .join('')}`,
    );
    return 1;
  }
  const lines = [
    ...(report.replaced === undefined ? [] : [`the data directory that was there is kept as ${report.replaced}`]),
    ...(report.users ? [`users who may log in: ${report.users.restored.join(', ') || 'none'}; sessions are not restored: everyone logs in again`] : []),
    ...checkLines(report.after).map((l) => `  ${l}`),
    ok ? `restored ${values.from} into ${dataDir}: verified` : `restored into ${dataDir}, but it does NOT verify`,
  ];
  (ok ? io.stdout : io.stderr).write(`${lines.join('\n')}\n`);
  return ok ? 0 : 1;
}
