/**
 * The file steps of a backup and a restore: walking a directory, copying a
 * file with its mode, cutting an append-only file at its last whole line,
 * and syncing what was written so a finished copy survives a power cut.
 */
import { chmod, copyFile, lstat, mkdir, open, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';

/** Private files: the table key and everything under keys/ stay readable by their owner only. */
export const SECRET_DIR = 'keys';

/** Every regular file under `root`, as paths relative to it with `/` between parts; symbolic links and others are skipped. */
export async function listFiles(root: string, skip: (path: string) => boolean = () => false): Promise<{ files: string[]; skipped: string[] }> {
  const files: string[] = [];
  const skipped: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      const path = relative(root, full).split(sep).join('/');
      if (skip(path)) continue;
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) files.push(path);
      else skipped.push(path);
    }
  };
  await walk(root);
  return { files: files.sort(), skipped };
}

/** The mode a copy gets: the source's, but a secret is 0600 whatever it was. */
export function modeOf(path: string, sourceMode: number): number {
  return path.startsWith(`${SECRET_DIR}/`) ? 0o600 : sourceMode & 0o777;
}

async function ensureDir(dir: string, root: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (relative(root, dir).split(sep)[0] === SECRET_DIR) await chmod(dir, 0o700);
}

/** Copies one file (relative `path`) from `from` to `to`, keeping its mode (a secret's 0600). */
export async function copyOne(from: string, to: string, path: string, mode?: number): Promise<void> {
  const target = join(to, path);
  await ensureDir(dirname(target), to);
  await copyFile(join(from, path), target);
  await chmod(target, modeOf(path, mode ?? (await lstat(join(from, path))).mode));
}

/**
 * Copies an append-only file up to its last newline: a line being appended
 * while it is read is left out, as a crash would leave it out (it was not yet
 * acknowledged). Returns the bytes left out.
 */
export async function copyWholeLines(from: string, to: string, path: string): Promise<number> {
  const bytes = await readFile(join(from, path));
  const keep = bytes.lastIndexOf(0x0a) + 1;
  const target = join(to, path);
  await ensureDir(dirname(target), to);
  await writeFile(target, bytes.subarray(0, keep), { mode: 0o600 });
  await chmod(target, modeOf(path, (await lstat(join(from, path))).mode));
  return bytes.length - keep;
}

/** fsync of every file listed and of every directory holding them, deepest first, then `root` itself. */
export async function syncTree(root: string, files: readonly string[]): Promise<void> {
  const dirs = new Set<string>([root]);
  for (const path of files) {
    await syncPath(join(root, path));
    for (let d = dirname(join(root, path)); d.length >= root.length; d = dirname(d)) {
      dirs.add(d);
      if (d === root) break;
    }
  }
  for (const d of [...dirs].sort((a, b) => b.length - a.length)) await syncPath(d);
}

export async function syncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** True when `dir` does not exist or holds nothing. */
export async function isAbsentOrEmpty(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw e;
  }
}
