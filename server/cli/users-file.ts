/**
 * Changes to the users file for `tq users` (format: server/http/users.ts).
 * The file is rewritten whole and atomically, mode 0600, so a server reading
 * it at that moment sees the old accounts or the new ones, never a torn
 * file (server/http/users-watch.ts reads it again when it changes).
 */
import { open, readFile, unlink } from 'node:fs/promises';
import type { Role } from '../table/table.ts';
import { hashPin, parseUsersFile, writeUsersFile, type UsersFile } from '../http/users.ts';

/** A user name the crew types at login, safe in a CSV cell, a file name and a log line. */
export const USER_NAME = /^[A-Za-z][A-Za-z0-9._-]{0,31}$/;

export class UsersEditError extends Error {
  override name = 'UsersEditError';
}

/** The users file, or no users when it does not exist yet. */
export async function readUsersFile(path: string): Promise<UsersFile> {
  const text = await readFile(path, 'utf8').catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return undefined;
    throw e;
  });
  return text === undefined ? { users: [] } : parseUsersFile(text, path);
}

/** How long an edit waits for another `tq users` holding the file's lock. */
const LOCK_WAIT_MS = 10_000;

/**
 * Applies `change` to the users file as it is NOW, under a lock (a `set-pin` waiting for its PIN wrote back the file it had read
 * before, resurrecting a user removed meanwhile). The lock is `<file>.lock`,
 * created exclusively and holding this process's pid; a lock whose process
 * is gone is taken over. `change` throws to refuse (a user removed meanwhile).
 */
export async function editUsersFile(path: string, change: (file: UsersFile) => UsersFile): Promise<void> {
  const lock = `${path}.lock`;
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    const handle = await open(lock, 'wx', 0o600).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'EEXIST') throw e;
      return undefined;
    });
    if (handle) {
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      break;
    }
    if (!(await lockHolderAlive(lock))) await unlink(lock).catch(() => undefined);
    else if (Date.now() > deadline) throw new UsersEditError(`${lock} is held by another tq users: try again when it is done`);
    else await new Promise((r) => setTimeout(r, 50));
  }
  try {
    await writeUsersFile(path, change(await readUsersFile(path)));
  } finally {
    await unlink(lock).catch(() => undefined);
  }
}

async function lockHolderAlive(lock: string): Promise<boolean> {
  const pid = Number((await readFile(lock, 'utf8').catch(() => '')).trim());
  // A lock being written (no pid yet) counts as held.
  if (!Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function addUser(file: UsersFile, user: string, role: Role, pin: string): UsersFile {
  checkNewUser(file, user);
  return { users: [...file.users, { user, role, pin: hashPin(pin) }] };
}

/** Refuses a name that is not one, or is taken (before the PIN is asked). */
export function checkNewUser(file: UsersFile, user: string): void {
  if (!USER_NAME.test(user)) throw new UsersEditError(`"${user}" is not a user name: a letter, then up to 31 letters, digits, ".", "_" or "-"`);
  if (file.users.some((u) => u.user === user)) throw new UsersEditError(`${user} already exists: change its PIN with \`tq users set-pin ${user}\``);
}

export function setPin(file: UsersFile, user: string, pin: string): UsersFile {
  knownUser(file, user);
  return { users: file.users.map((u) => (u.user === user ? { ...u, pin: hashPin(pin) } : u)) };
}

export function removeUser(file: UsersFile, user: string): UsersFile {
  knownUser(file, user);
  return { users: file.users.filter((u) => u.user !== user) };
}

export function knownUser(file: UsersFile, user: string): void {
  if (!file.users.some((u) => u.user === user)) throw new UsersEditError(`no user ${user} (\`tq users list\` shows who there is)`);
}
