/**
 * A consistent copy of a table's data directory while the table serves
 * (docs/deploy.md#backups). The store's own order of writes makes it one:
 *
 * - a shoe file is created and written before the index lists it, and an
 *   `end` is on disk before the index marks the shoe ended; so the index is
 *   read first and the files after, and every shoe the copied index speaks of
 *   is at least as long in the copy as the index says;
 * - shoe and seal files only grow, a line at a time ending in a newline: each
 *   is copied up to its last newline, a line being written left out exactly as
 *   a crash leaves it out (docs/shoe-log.md); seals are copied before the shoes
 *   so no seal covers an event the copy lacks;
 * - the copy is then opened as the server opens a data directory after a
 *   crash (server/store/reconcile.ts: a shoe that ended or started during the
 *   copy is listed), verified with the store's verify, and only then named
 *   `<to>`: a backup directory that exists is whole and verified.
 *
 * Users, sessions, the table key (kept 0600) and any other file are copied as
 * they are; `backup.json` lists every file with its SHA-256 for restore.
 */
import { mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { pino } from 'pino';
import { SEALS_FILE_EXTENSION, SHOES_DIR, shoeIdOfFile } from '../store/data-dir.ts';
import { isLockFile, lockDataDir } from '../store/data-dir-lock.ts';
import { INDEX_FILE } from '../store/table-index.ts';
import { TableStore } from '../store/table-store.ts';
import { type DataDirVerdict, verifyDataDir } from '../store/verify.ts';
import { BackupError } from './backup-error.ts';
import { type BackupManifest, describeFile, MANIFEST_FILE, MANIFEST_FORMAT } from './backup-manifest.ts';
import { copyOne, copyWholeLines, isAbsentOrEmpty, listFiles, SECRET_DIR, syncPath, syncTree } from './copy-files.ts';

export interface BackupReport {
  to: string;
  table: string | null;
  files: number;
  bytes: number;
  /** Lines being appended while they were read, left out (bytes per file). */
  leftOut: { path: string; bytes: number }[];
  /** What opening the copy put right, as after a crash (a shoe ended or started during the copy). */
  notes: string[];
  /** Files that are neither regular files nor directories (sockets, links): not copied. */
  skipped: string[];
  verdict: DataDirVerdict;
}

/** steno (lowdb's writer) writes `.<name>.tmp` and renames it: a file in passing, never copied. */
const inPassing = (path: string) => /(^|\/)\.[^/]+\.tmp$/.test(path);

const isSeals = (path: string) => path.startsWith(`${SHOES_DIR}/`) && path.endsWith(SEALS_FILE_EXTENSION);
const isShoe = (path: string) => path.startsWith(`${SHOES_DIR}/`) && path.split('/').length === 2 && shoeIdOfFile(basename(path)) !== null;

/**
 * Holds the data directory's shared lock while it copies (server/store/data-dir-lock.ts):
 * beside a serving table, never beside a restore or a recover. The lock files are not copied.
 */
export async function backupDataDir(dataDir: string, to: string, tqVersion: string, opts: SecretsOption = {}): Promise<BackupReport> {
  const lock = await lockDataDir(resolve(dataDir), { command: 'backup', mode: 'shared' }).catch((e: unknown) => {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null; // no directory: NOT_A_DATA_DIR below
    throw e;
  });
  try {
    return await backupLocked(dataDir, to, tqVersion, opts);
  } finally {
    await lock?.release();
  }
}

/**
 * Secrets stay out of a backup unless asked: the sessions (live logins,
 * worthless after a restore: the crew logs in again) never, and the table's
 * private key only with `withKey` — a backup copied to the casino's backup
 * host should not let whoever reads it sign as the table. Restore keeps the
 * key of the directory it replaces (./restore.ts).
 */
export interface SecretsOption {
  withKey?: boolean;
}
const isSecret = (path: string, opts: SecretsOption) => path === 'sessions.json' || (opts.withKey !== true && path.startsWith(`${SECRET_DIR}/`));

async function backupLocked(dataDir: string, to: string, tqVersion: string, opts: SecretsOption): Promise<BackupReport> {
  const source = resolve(dataDir);
  const target = resolve(to);
  const index = await readFile(join(source, INDEX_FILE)).catch(() => null);
  const listed = await listFiles(source, (p) => p === INDEX_FILE || p === MANIFEST_FILE || inPassing(p) || isLockFile(p) || isSecret(p, opts)).catch(
    () => null,
  );
  if (listed === null || (index === null && !listed.files.some(isShoe))) throw new BackupError('NOT_A_DATA_DIR', source);
  if (!(await isAbsentOrEmpty(target))) throw new BackupError('TARGET_NOT_EMPTY', target);

  const work = `${target}.partial-${process.pid}`;
  await rm(work, { recursive: true, force: true });
  await mkdir(dirname(work), { recursive: true });
  await mkdir(work, { mode: 0o700 });

  // Seals, then shoes, then the rest: see above for why the order matters.
  const leftOut: BackupReport['leftOut'] = [];
  const appendOnly = [...listed.files.filter(isSeals), ...listed.files.filter(isShoe)];
  for (const path of appendOnly) {
    const bytes = await copyWholeLines(source, work, path);
    if (bytes > 0) leftOut.push({ path, bytes });
  }
  for (const path of listed.files.filter((p) => !isSeals(p) && !isShoe(p))) await copyOne(source, work, path);
  if (index !== null) await writeFile(join(work, INDEX_FILE), index, { mode: 0o600 });

  const store = await TableStore.open(work, { logger: pino({ level: 'silent' }) });
  const notes = store.openNotes.map((n) => ('shoe' in n ? `${n.kind}: ${n.shoe}` : n.kind));
  const table = store.table;
  await store.close();

  const verdict = await verifyDataDir(work);
  const files = (await listFiles(work)).files;
  const described = await Promise.all(files.map((path) => describeFile(work, path)));
  const manifest: BackupManifest = { format: MANIFEST_FORMAT, createdAt: new Date().toISOString(), source, table, tq: tqVersion, files: described };
  await writeFile(join(work, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  const report: BackupReport = {
    to: verdict.ok ? target : work,
    table,
    files: files.length,
    bytes: described.reduce((sum, f) => sum + f.bytes, 0),
    leftOut,
    notes,
    skipped: listed.skipped,
    verdict,
  };
  if (!verdict.ok) return report; // kept as <to>.partial-<pid> for a look, never named <to>

  await syncTree(work, [...files, MANIFEST_FILE]);
  await rmdir(target).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e;
  });
  await rename(work, target);
  await syncPath(dirname(target));
  return report;
}
