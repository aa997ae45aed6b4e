/**
 * Changes to the users file for `tq users` (format: server/http/users.ts).
 * The file is rewritten whole and atomically, mode 0600, so a server reading
 * it at that moment sees the old accounts or the new ones, never a torn
 * file (server/http/users-watch.ts reads it again when it changes).
 */
import { readFile } from 'node:fs/promises';
import type { Role } from '../table/table.ts';
import { hashPin, parseUsersFile, type UsersFile } from '../http/users.ts';

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
