/**
 * Files a command writes as root for a service user: `tq users add` run with
 * sudo left users.json root-owned, mode 0600, and `tq serve` as `tq` then
 * stopped with EACCES; `tq restore` as root left a root-owned data directory
 * and the server said "no users file" (docs/deploy.md#data-directory). Run as
 * root, these commands give what they write to the owner of the directory it
 * is in; run as anyone else they change nothing.
 */
import { chown, lstat, readdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';

const asRoot = () => process.getuid?.() === 0;

/** The owner (uid, gid) of `dir`, or null when it does not exist. */
export async function ownerOf(dir: string): Promise<{ uid: number; gid: number } | null> {
  const s = await stat(dir).catch(() => null);
  return s === null ? null : { uid: s.uid, gid: s.gid };
}

/** As root, gives `file` to the owner of its directory. */
export async function matchDirOwner(file: string): Promise<void> {
  if (!asRoot()) return;
  const owner = await ownerOf(dirname(file));
  if (owner !== null && owner.uid !== 0) await chown(file, owner.uid, owner.gid);
}

/** As root, gives `root` and everything under it to `owner` (symbolic links are not followed). */
export async function chownTree(root: string, owner: { uid: number; gid: number }): Promise<void> {
  if (!asRoot() || owner.uid === 0) return;
  await chown(root, owner.uid, owner.gid);
  if (!(await lstat(root)).isDirectory()) return;
  for (const entry of await readdir(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) await chownTree(path, owner);
    else if (entry.isFile()) await chown(path, owner.uid, owner.gid);
  }
}
