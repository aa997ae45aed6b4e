/**
 * The checks of `tq doctor` (docs/deploy.md#doctor): what a deployment
 * following docs/deploy.md got wrong, each found before the table opens
 * rather than by the crew — a root-owned users file (EACCES at start), a
 * TLS key others can read, a certificate without the name the tablets use
 * (421), a key not registered centrally, a clock adrift, a full disk, an
 * hourly backup that stopped. Each failure says how to fix it.
 */
import { X509Certificate } from 'node:crypto';
import { readdir, readFile, stat, statfs } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import { loadTableKey, privateKeyPath } from '../central/table-keys.ts';
import { defaultUsersFile, parseUsersFile, userStore } from '../http/users.ts';

export type Verdict = 'ok' | 'warn' | 'fail';
export interface Finding {
  check: string;
  verdict: Verdict;
  detail: string;
  /** What to do about it, for warn and fail. */
  fix?: string;
}

export interface DoctorSettings {
  dataDir: string;
  tlsCert?: string;
  tlsKey?: string;
  allowedHosts?: string[];
  backups?: string;
  /** The table key's file when given (--key-file, TQ_KEY_FILE); absent: `<data>/keys/table.key`. */
  keyFile?: string;
  /** Hours after which the newest backup is too old (default 2: the timer is hourly). */
  backupMaxAgeHours: number;
  production: boolean;
  now: Date;
}

const ok = (check: string, detail: string): Finding => ({ check, verdict: 'ok', detail });
const bad = (verdict: 'warn' | 'fail', check: string, detail: string, fix: string): Finding => ({ check, verdict, detail, fix });
const octal = (mode: number) => (mode & 0o777).toString(8).padStart(4, '0');

/** The data directory is a 0700 directory whose files all belong to its owner. */
export async function checkDataDir(s: DoctorSettings): Promise<Finding[]> {
  const dir = await stat(s.dataDir).catch(() => null);
  if (dir === null || !dir.isDirectory())
    return [bad('fail', 'data directory', `${s.dataDir} is not a directory`, `install -d -m 0700 -o tq -g tq ${s.dataDir}`)];
  const found: Finding[] = [];
  found.push(
    (dir.mode & 0o077) === 0
      ? ok('data directory mode', `${s.dataDir} is ${octal(dir.mode)}`)
      : bad(
          'fail',
          'data directory mode',
          `${s.dataDir} is ${octal(dir.mode)}: others may read the record, the PIN hashes and the key`,
          `chmod 0700 ${s.dataDir}`,
        ),
  );
  const strangers: string[] = [];
  const walk = async (path: string): Promise<void> => {
    for (const entry of await readdir(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      const st = await stat(full).catch(() => null);
      if (st !== null && st.uid !== dir.uid) strangers.push(`${full} (uid ${st.uid})`);
      if (entry.isDirectory()) await walk(full);
    }
  };
  await walk(s.dataDir);
  found.push(
    strangers.length === 0
      ? ok('owners', `every file belongs to uid ${dir.uid}, the directory's owner`)
      : bad(
          'fail',
          'owners',
          `not the directory's owner's (uid ${dir.uid}): ${strangers.slice(0, 5).join(', ')}${strangers.length > 5 ? ', …' : ''}`,
          `chown -R ${dir.uid}:${dir.gid} ${s.dataDir}`,
        ),
  );
  return found;
}

/** The users file: there, 0600, readable, with users, and no demo PIN in production. */
export async function checkUsers(s: DoctorSettings): Promise<Finding[]> {
  const file = defaultUsersFile(s.dataDir);
  const add = `tq users add <name> --role <role> --data ${s.dataDir}`;
  const st = await stat(file).catch(() => null);
  if (st === null) return [bad('fail', 'users file', `no ${file}: nobody can log in`, add)];
  const found: Finding[] = [];
  if ((st.mode & 0o077) !== 0) found.push(bad('fail', 'users file mode', `${file} is ${octal(st.mode)}`, `chmod 0600 ${file}`));
  try {
    const users = parseUsersFile(await readFile(file, 'utf8'), file);
    if (users.users.length === 0) found.push(bad('fail', 'users file', `${file} holds no user`, add));
    else if (s.production && (await userStore(users).hasDemoUsers()))
      found.push(
        bad(
          'fail',
          'users file',
          'a demo PIN (tailleur/1111, …) still logs in, refused with NODE_ENV=production',
          `tq users set-pin <name> --data ${s.dataDir}`,
        ),
      );
    else found.push(ok('users file', `${users.users.length} users`));
  } catch (e) {
    found.push(
      bad('fail', 'users file', `${file} cannot be read: ${(e as Error).message}`, `restore it from the last backup, or write it anew with \`${add}\``),
    );
  }
  return found;
}

/**
 * The table key: 0600 (0640 for a service group) when present; a missing one
 * matters only with the central witness. One inside the data directory is a
 * warning: every copy of the data would carry it (docs/deploy.md#table-key).
 */
export async function checkTableKey(s: DoctorSettings, central: boolean): Promise<Finding[]> {
  const file = privateKeyPath(s.dataDir, s.keyFile);
  const flags = s.keyFile === undefined ? `--data ${s.dataDir}` : `--data ${s.dataDir} --key-file ${file}`;
  const st = await stat(file).catch(() => null);
  if (st === null)
    return [central ? bad('fail', 'table key', `no ${file}: the table cannot seal`, `tq keys init ${flags}`) : ok('table key', 'none (no central witness)')];
  const rel = relative(s.dataDir, file);
  const inside = rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  // Inside the data directory the owner alone reads it; outside, the service's group may (0640).
  if ((st.mode & (inside ? 0o077 : 0o037)) !== 0)
    return [bad('fail', 'table key mode', `${file} is ${octal(st.mode)}`, `chmod ${inside ? '0600' : '0640'} ${file}`)];
  if (inside)
    return [
      ok('table key', `${file}, ${octal(st.mode)}`),
      bad(
        'warn',
        'table key place',
        `${file} is inside the data directory: a copy of the data (a restore, a disk image, a backup with --with-key) carries the key that signs its seals`,
        `install -d -m 0755 -o root -g root /etc/tq && mv ${file} /etc/tq/<table>.key, then pass --key-file /etc/tq/<table>.key (TQ_KEY_FILE) to tq serve and tq keys`,
      ),
    ];
  return [ok('table key', `${file}, ${octal(st.mode)}, outside the data directory`)];
}

/** The TLS key's mode, the certificate's dates, and its names against the allowed hosts. */
export async function checkTls(s: DoctorSettings): Promise<Finding[]> {
  if (s.tlsCert === undefined || s.tlsKey === undefined)
    return [
      s.production
        ? bad(
            'fail',
            'TLS',
            'no --tls-cert/--tls-key (TQ_TLS_CERT, TQ_TLS_KEY): production serves HTTPS',
            'README, HTTPS: make a certificate and set TQ_TLS_CERT and TQ_TLS_KEY in the unit',
          )
        : ok('TLS', 'not configured (not production)'),
    ];
  const found: Finding[] = [];
  const key = await stat(s.tlsKey).catch(() => null);
  if (key === null) found.push(bad('fail', 'TLS key', `no ${s.tlsKey}`, 'README, HTTPS'));
  else if ((key.mode & 0o037) !== 0)
    found.push(bad('fail', 'TLS key mode', `${s.tlsKey} is ${octal(key.mode)}: others may read it`, `chown root:tq ${s.tlsKey} && chmod 0640 ${s.tlsKey}`));
  else found.push(ok('TLS key mode', `${s.tlsKey} is ${octal(key.mode)}`));
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(await readFile(s.tlsCert));
  } catch (e) {
    return [...found, bad('fail', 'TLS certificate', `${s.tlsCert}: ${(e as Error).message}`, 'README, HTTPS')];
  }
  const left = (new Date(cert.validTo).getTime() - s.now.getTime()) / 86_400_000;
  if (left < 0) found.push(bad('fail', 'TLS certificate', `expired on ${cert.validTo}`, 'renew it (README, HTTPS)'));
  else if (left < 30) found.push(bad('warn', 'TLS certificate', `expires in ${Math.floor(left)} days (${cert.validTo})`, 'renew it (README, HTTPS)'));
  else found.push(ok('TLS certificate', `valid until ${cert.validTo}`));
  const names = (cert.subjectAltName ?? '').split(', ').map((n) => n.replace(/^(DNS|IP Address):/, '').toLowerCase());
  const hosts = s.allowedHosts ?? [];
  const missing = hosts.filter((h) => !names.includes(h));
  if (hosts.length === 0)
    found.push(bad('warn', 'allowed hosts', `no --allowed-hosts: tablets using ${names.join(', ')} may get 421`, `TQ_ALLOWED_HOSTS=${names.join(',')}`));
  else if (missing.length > 0)
    found.push(
      bad(
        'fail',
        'certificate names',
        `allowed hosts the certificate does not name: ${missing.join(', ')} (it names ${names.join(', ')})`,
        'a certificate naming every allowed host (README, HTTPS), or drop them from TQ_ALLOWED_HOSTS',
      ),
    );
  else found.push(ok('certificate names', `every allowed host is in the certificate (${hosts.join(', ')})`));
  return found;
}

/** At least 1 GiB and 5 % free where the record grows. */
export async function checkDisk(s: DoctorSettings): Promise<Finding[]> {
  const fs = await statfs(s.dataDir).catch(() => null);
  if (fs === null) return [];
  const free = fs.bavail * fs.bsize;
  const share = fs.bavail / fs.blocks;
  const text = `${(free / 2 ** 30).toFixed(1)} GiB free (${(share * 100).toFixed(0)} %)`;
  if (free < 2 ** 30 || share < 0.05)
    return [bad('fail', 'free disk', text, `free space on the file system of ${s.dataDir}; the store stops taking cards when it is full`)];
  if (share < 0.1) return [bad('warn', 'free disk', text, `free space on the file system of ${s.dataDir}`)];
  return [ok('free disk', text)];
}

/** The newest backup under `backups` (by its backup.json) is younger than the limit. */
export async function checkBackups(s: DoctorSettings): Promise<Finding[]> {
  if (s.backups === undefined) return [bad('warn', 'backups', 'no --backups <dir>: the age of the last backup is not checked', 'docs/deploy.md#backups')];
  const names = await readdir(s.backups).catch(() => null);
  if (names === null) return [bad('fail', 'backups', `${s.backups} cannot be read`, 'docs/deploy.md#backups: the tq-backup timer')];
  let newest: { name: string; at: Date } | null = null;
  for (const name of names) {
    const manifest = await readFile(join(s.backups, name, 'backup.json'), 'utf8').catch(() => null);
    const at = manifest === null ? null : new Date((JSON.parse(manifest) as { createdAt?: string }).createdAt ?? '');
    if (at !== null && !Number.isNaN(at.getTime()) && (newest === null || at > newest.at)) newest = { name, at };
  }
  if (newest === null) return [bad('fail', 'backups', `no backup in ${s.backups}`, 'systemctl enable --now tq-backup.timer (docs/deploy.md#backups)')];
  const hours = (s.now.getTime() - newest.at.getTime()) / 3_600_000;
  const text = `the newest, ${newest.name}, is ${hours.toFixed(1)} h old`;
  return hours > s.backupMaxAgeHours
    ? [bad('fail', 'backups', `${text} (limit ${s.backupMaxAgeHours} h)`, 'systemctl status tq-backup.timer; journalctl -u tq-backup')]
    : [ok('backups', text)];
}

/** The local table key's public line, for the central check; null when there is none. */
export async function localPublicKey(dataDir: string, keyFile?: string): Promise<string | null> {
  return loadTableKey(dataDir, keyFile).then(
    (k) => k.publicLine,
    () => null,
  );
}
