/**
 * Bringing a backup back (docs/deploy.md#backups), with the table server
 * stopped. The backup is checked first — every file against `backup.json`,
 * then the store's verify — and refused if anything is off. It is copied
 * beside the data directory, synced, and put in its place in one rename; a
 * data directory that held anything is kept as `<data>.replaced-<time>`, and
 * replaced only when asked (`--force`). The restored directory is checked
 * again the same way.
 *
 * Found when probed as an attacker: users added or changed by the backup are refused unless
 * accepted (users-change.ts); each file is copied as the manifest hashed it,
 * never through a link, owner-only (copy-verified.ts); the sessions file is
 * not restored, so a session ended since the backup stays ended (everyone
 * logs in again).
 */
import { chmod, cp, mkdir, rename, rm, rmdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { isLockFile, LOCK_FILE, lockDataDir } from '../store/data-dir-lock.ts';
import { chownTree, ownerOf } from '../store/owner.ts';
import { type DataDirVerdict, verifyDataDir } from '../store/verify.ts';
import { BackupError } from './backup-error.ts';
import { type BackupManifest, compareWithManifest, MANIFEST_FILE, readManifest } from './backup-manifest.ts';
import { isAbsentOrEmpty, listFiles, SECRET_DIR, syncPath, syncTree } from './copy-files.ts';
import { copyVerified, SwappedFileError } from './copy-verified.ts';
import { type UsersChange, usersChange } from './users-change.ts';

/** Never restored: sessions end with the restore (a logged-out session must not come back). */
export const NOT_RESTORED = ['sessions.json'];

export interface BackupCheck {
  ok: boolean;
  manifest: BackupManifest | null;
  /** Files missing, added or changed against the manifest, or why there is none. */
  problems: string[];
  verdict: DataDirVerdict | null;
}

/** A backup (or a restored data directory) against its manifest, then through verify. */
export async function checkBackup(dir: string, manifest?: BackupManifest): Promise<BackupCheck> {
  let m = manifest;
  if (m === undefined) {
    const read = await readManifest(dir);
    if ('problem' in read) return { ok: false, manifest: null, problems: [read.problem], verdict: null };
    m = read.manifest;
  }
  // the key kept from the replaced directory and the sessions the server writes are not the backup's to check
  const keyKept = !m.files.some((f) => f.path.startsWith(`${SECRET_DIR}/`));
  const present = (await listFiles(dir, (p) => p === MANIFEST_FILE || isLockFile(p) || p === 'sessions.json' || (keyKept && p.startsWith(`${SECRET_DIR}/`))))
    .files;
  const problems = await compareWithManifest(dir, m, present);
  const verdict = await verifyDataDir(dir);
  return { ok: problems.length === 0 && verdict.ok, manifest: m, problems, verdict };
}

export interface RestoreReport {
  /** The backup as found; nothing was restored unless it is ok. */
  before: BackupCheck;
  /** The restored data directory; absent when the backup was refused. */
  after?: BackupCheck;
  /** Where the data directory that was replaced is kept. */
  replaced?: string;
  /** Who may log in after the restore, and what that changes. */
  users?: UsersChange;
}

/**
 * Holds the data directory's exclusive lock (server/store/data-dir-lock.ts):
 * refused while a server serves it or a backup copies it, where `--force`
 * used to swap the directory under a running server.
 */
export async function restoreDataDir(from: string, dataDir: string, opts: { force?: boolean; acceptUsers?: boolean } = {}): Promise<RestoreReport> {
  const lock = await lockDataDir(resolve(dataDir), { command: 'restore', mode: 'exclusive', refuseShared: true }).catch((e: unknown) => {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null; // nothing there yet: nothing can serve it
    throw e;
  });
  try {
    const report = await restoreLocked(from, dataDir, opts);
    if (report.replaced !== undefined) await rm(join(report.replaced, LOCK_FILE), { force: true }); // renamed away with the old directory
    return report;
  } finally {
    await lock?.release();
  }
}

async function restoreLocked(from: string, dataDir: string, opts: { force?: boolean; acceptUsers?: boolean }): Promise<RestoreReport> {
  const source = resolve(from);
  const target = resolve(dataDir);
  const before = await checkBackup(source);
  if (!before.ok || before.manifest === null) return { before };
  const empty = await isAbsentOrEmpty(target);
  if (!empty && opts.force !== true) throw new BackupError('DATA_NOT_EMPTY', target);
  const users = await usersChange(source, target);
  if (users.added.length + users.changed.length > 0 && opts.acceptUsers !== true)
    throw new BackupError('USERS_CHANGED', [...users.added.map((u) => `adds ${u}`), ...users.changed].join('; '));
  const files = before.manifest.files.filter((f) => !NOT_RESTORED.includes(f.path));
  const owner = (await ownerOf(target)) ?? (await ownerOf(dirname(target)));

  const work = `${target}.restoring-${process.pid}`;
  await rm(work, { recursive: true, force: true });
  await mkdir(dirname(work), { recursive: true });
  await mkdir(work, { mode: 0o700 });
  try {
    for (const file of files) await copyVerified(source, work, file);
  } catch (e) {
    await rm(work, { recursive: true, force: true });
    if (e instanceof SwappedFileError) throw new BackupError('SWAPPED_FILE', e.message);
    throw e;
  }
  await syncTree(
    work,
    files.map((f) => f.path),
  );

  let replaced: string | undefined;
  if (!empty) {
    replaced = `${target}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(target, replaced);
  } else {
    await rmdir(target).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
  }
  await rename(work, target);
  await chmod(target, 0o700);
  // A backup without the table's key (the default, ./backup.ts) keeps the key of the directory it replaces: a table keeps its key.
  if (replaced !== undefined && !before.manifest.files.some((f) => f.path.startsWith(`${SECRET_DIR}/`)))
    await cp(join(replaced, SECRET_DIR), join(target, SECRET_DIR), { recursive: true, preserveTimestamps: true }).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
  // Run as root (it must write beside the data directory, in /var/lib): the restored tree is the service user's again.
  if (owner !== null) await chownTree(target, owner);
  await syncPath(dirname(target));
  const after = await checkBackup(target, { ...before.manifest, files });
  return { before, after, users, ...(replaced !== undefined && { replaced }) };
}
