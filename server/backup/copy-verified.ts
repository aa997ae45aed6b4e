/**
 * Copying one file of a backup into the directory being restored, as the
 * manifest describes it: the source is opened without
 * following a symbolic link (O_NOFOLLOW) and must be a regular file, each
 * directory on its way is checked not to be a link, the bytes copied are the
 * ones whose SHA-256 the manifest lists (so a file swapped after the check
 * is refused, not copied), and the copy is private to its owner whatever mode
 * the manifest asks for (a 0666 in a backup is applied as 0600).
 */
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, lstat, mkdir, open, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ManifestFile } from './backup-manifest.ts';
import { modeOf } from './copy-files.ts';

export class SwappedFileError extends Error {
  override name = 'SwappedFileError';
}

export async function copyVerified(from: string, to: string, file: ManifestFile): Promise<void> {
  const parts = file.path.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) throw new SwappedFileError(`${file.path}: not a path inside the backup`);
  for (let k = 1; k < parts.length; k++) {
    const dir = join(from, ...parts.slice(0, k));
    if (!(await lstat(dir)).isDirectory()) throw new SwappedFileError(`${file.path}: ${parts.slice(0, k).join('/')} is no longer a directory`);
  }
  const handle = await open(join(from, file.path), constants.O_RDONLY | constants.O_NOFOLLOW).catch((e: NodeJS.ErrnoException) => {
    throw new SwappedFileError(`${file.path}: ${e.code === 'ELOOP' ? 'became a symbolic link after the check' : e.message}`);
  });
  let bytes: Buffer;
  try {
    if (!(await handle.stat()).isFile()) throw new SwappedFileError(`${file.path}: no longer a regular file`);
    bytes = await handle.readFile();
  } finally {
    await handle.close();
  }
  if (createHash('sha256').update(bytes).digest('hex') !== file.sha256) throw new SwappedFileError(`${file.path}: changed after the check`);
  const target = join(to, file.path);
  await mkdir(dirname(target), { recursive: true, mode: 0o700 });
  const mode = modeOf(file.path, file.mode & 0o700) | 0o600;
  await writeFile(target, bytes, { mode, flag: 'wx' });
  await chmod(target, mode);
}
