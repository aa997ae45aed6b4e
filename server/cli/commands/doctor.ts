/**
 * `tq doctor --data <dir> [--tls-cert f --tls-key f] [--allowed-hosts list]
 * [--central url [--central-password-file f]] [--table id] [--backups dir]
 * [--json]`: checks a deployment (docs/deploy.md#doctor) — owners and modes,
 * the users file, the table key, TLS, the central link and the key's
 * registration, the clock, free disk, the age of the last backup — and says
 * how to fix each failure. Settings fall back to the unit's TQ_* variables.
 * Exit 0 when nothing fails (warnings allowed), 1 on a failure, 2 on usage.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { withPasswordFile } from '../../config/central-password.ts';
import { centralPool } from '../../central/central-connect.ts';
import { keyFileOf } from '../../central/table-keys.ts';
import {
  checkBackups,
  checkDataDir,
  checkDisk,
  checkTableKey,
  checkTls,
  checkUsers,
  type DoctorSettings,
  type Finding,
  localPublicKey,
} from '../doctor-checks.ts';
import type { CliIo } from '../tq.ts';
import { type CommandHelp, parseArgs, UsageError } from '../usage.ts';

export const help: CommandHelp = {
  usage: ['doctor --data <dir> [--tls-cert <f> --tls-key <f>] [--allowed-hosts <list>] [--central <url>] [--key-file <f>] [--backups <dir>] [--json]'],
  about:
    'Checks a deployment: owners and modes, the users file, the table key, TLS and its names, the central link and\nthe key registration, the clock, free disk, the last backup. Each failure with its fix; exit 1 on any.',
  options: [
    ['--data <dir>', 'the data directory (TQ_DATA, default ./data)'],
    ['--tls-cert <f>, --tls-key <f>', 'the certificate and its key (TQ_TLS_CERT, TQ_TLS_KEY)'],
    ['--allowed-hosts <list>', 'host names the server answers for (TQ_ALLOWED_HOSTS)'],
    ['--central <url>', 'the central witness (TQ_CENTRAL); with --central-password-file (TQ_CENTRAL_PASSWORD_FILE)'],
    ['--table <id>', 'the table (TQ_TABLE, default T1)'],
    ['--key-file <f>', 'the table key (TQ_KEY_FILE, default <data>/keys/table.key)'],
    ['--backups <dir>', 'where the backups go, e.g. /var/backups/tq'],
    ['--backup-max-age <h>', 'hours before the newest backup is too old (default 2)'],
    ['--json', 'the findings as JSON'],
  ],
};

const OPTIONS = {
  data: { type: 'string' },
  'tls-cert': { type: 'string' },
  'tls-key': { type: 'string' },
  'allowed-hosts': { type: 'string' },
  central: { type: 'string' },
  'central-password-file': { type: 'string' },
  table: { type: 'string' },
  'key-file': { type: 'string' },
  backups: { type: 'string' },
  'backup-max-age': { type: 'string' },
  json: { type: 'boolean' },
} as const;

/** The central store reachable, the table's key registered there and equal to the local one, and the clock against the database's. */
async function checkCentral(url: string, table: string, dataDir: string, now: Date, keyFile?: string): Promise<Finding[]> {
  const pool = centralPool(url, { max: 1, connectTimeoutMs: 5000 });
  try {
    const { rows } = await pool.query<{ now: Date; key: string | null }>('SELECT now() AS now, (SELECT public_key FROM tables WHERE table_id = $1) AS key', [
      table,
    ]);
    const found: Finding[] = [{ check: 'central link', verdict: 'ok', detail: 'the central store answers' }];
    const local = await localPublicKey(dataDir, keyFile);
    const key = rows[0]?.key ?? null;
    if (key === null)
      found.push({
        check: 'key registration',
        verdict: 'fail',
        detail: `table ${table} is not registered centrally`,
        fix: `tq keys show --data ${dataDir}, then surveillance: tq central register --table ${table} --key <that line>`,
      });
    else if (key !== local)
      found.push({
        check: 'key registration',
        verdict: 'fail',
        detail: `table ${table} is registered with another key than ${dataDir}'s`,
        fix: 'a table keeps its key: restore keys/table.key from a backup',
      });
    else found.push({ check: 'key registration', verdict: 'ok', detail: `table ${table}'s key is the registered one` });
    found.push(clockFinding(Math.abs(rows[0]!.now.getTime() - now.getTime()) / 1000, 'the central database'));
    return found;
  } catch (e) {
    return [
      {
        check: 'central link',
        verdict: 'fail',
        detail: `the central store does not answer: ${(e as Error).message}`,
        fix: 'check TQ_CENTRAL, the password file and pg_hba.conf (docs/central-store.md)',
      },
    ];
  } finally {
    await pool.end().catch(() => undefined);
  }
}

function clockFinding(driftS: number, against: string): Finding {
  return driftS > 2
    ? { check: 'clock', verdict: 'fail', detail: `${driftS.toFixed(1)} s off ${against}`, fix: 'enable time sync: timedatectl set-ntp true (or chrony)' }
    : { check: 'clock', verdict: 'ok', detail: `${driftS.toFixed(1)} s off ${against}` };
}

/** Without a central database to compare with: what systemd says of time sync. */
async function checkClockLocally(): Promise<Finding> {
  const synced = await promisify(execFile)('timedatectl', ['show', '-p', 'NTPSynchronized', '--value']).then(
    (r) => r.stdout.trim(),
    () => null,
  );
  if (synced === 'yes') return { check: 'clock', verdict: 'ok', detail: 'synchronized (timedatectl)' };
  if (synced === 'no') return { check: 'clock', verdict: 'fail', detail: 'not synchronized (timedatectl)', fix: 'timedatectl set-ntp true (or chrony)' };
  return {
    check: 'clock',
    verdict: 'warn',
    detail: 'cannot tell: no timedatectl and no central database to compare with',
    fix: 'check the time sync of this machine',
  };
}

export async function run(argv: string[], io: CliIo, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parseArgs({ args: argv, strict: true, options: OPTIONS });
  const pick = (flag: string | undefined, name: string) => flag ?? (env[name] ? env[name] : undefined);
  const maxAge = Number(values['backup-max-age'] ?? 2);
  if (!(maxAge > 0)) throw new UsageError('--backup-max-age must be a number of hours');
  const hosts = pick(values['allowed-hosts'], 'TQ_ALLOWED_HOSTS');
  const s: DoctorSettings = {
    dataDir: resolve(pick(values.data, 'TQ_DATA') ?? './data'),
    ...(pick(values['tls-cert'], 'TQ_TLS_CERT') !== undefined && { tlsCert: pick(values['tls-cert'], 'TQ_TLS_CERT')! }),
    ...(pick(values['tls-key'], 'TQ_TLS_KEY') !== undefined && { tlsKey: pick(values['tls-key'], 'TQ_TLS_KEY')! }),
    ...(hosts !== undefined && { allowedHosts: hosts.split(',').map((h) => h.trim().toLowerCase()) }),
    ...(values.backups !== undefined && { backups: values.backups }),
    ...(keyFileOf(values['key-file'], env) !== undefined && { keyFile: keyFileOf(values['key-file'], env)! }),
    backupMaxAgeHours: maxAge,
    production: env.NODE_ENV === 'production',
    now: new Date(),
  };
  const central = pick(values.central, 'TQ_CENTRAL');
  const passwordFile = pick(values['central-password-file'], 'TQ_CENTRAL_PASSWORD_FILE');
  const findings: Finding[] = [
    ...(await checkDataDir(s)),
    ...(await checkUsers(s)),
    ...(await checkTableKey(s, central !== undefined)),
    ...(await checkTls(s)),
  ];
  if (central !== undefined) {
    const url = passwordFile === undefined ? central : await withPasswordFile(central, passwordFile).catch(() => central);
    findings.push(...(await checkCentral(url, pick(values.table, 'TQ_TABLE') ?? 'T1', s.dataDir, s.now, s.keyFile)));
  } else findings.push(await checkClockLocally());
  findings.push(...(await checkDisk(s)), ...(await checkBackups(s)));
  const failed = findings.some((f) => f.verdict === 'fail');
  if (values.json) io.stdout.write(`${JSON.stringify({ ok: !failed, findings }, null, 2)}\n`);
  else {
    const mark = { ok: 'ok  ', warn: 'WARN', fail: 'FAIL' } as const;
    const lines = findings.map((f) => `${mark[f.verdict]}  ${f.check}: ${f.detail}${f.fix === undefined ? '' : `\n      fix: ${f.fix}`}`);
    io.stdout.write(`${lines.join('\n')}\n${failed ? 'tq doctor: something to fix above' : 'tq doctor: nothing to fix'}\n`);
  }
  return failed ? 1 : 0;
}
