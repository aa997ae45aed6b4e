/**
 * The users file as the running server sees it: `tq users add|set-pin|remove`
 * rewrite it while the table serves (atomically, server/store/atomic-write.ts),
 * and the server reads it again when it changes, within `intervalMs`
 * (a stat poll: it follows the file across the rename that replaced it, where
 * an inotify watch would stay on the old file). A file that no longer parses
 * is logged and the previous accounts kept, so a bad edit does not log the
 * whole crew out. A changed PIN or a removed user ends that user's sessions
 * through UserStore.stamp, checked on every request (server/http/auth.ts).
 */
import { unwatchFile, watchFile } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Logger } from 'pino';
import { parseUsersFile, userStore, type UserStore } from './users.ts';

export interface WatchedUsers {
  /** Always the latest good reading of the file. */
  readonly users: UserStore;
  /** Reads the file again now (the poll does it on its own). */
  reload(): Promise<void>;
  close(): void;
}

export function watchUsers(path: string, first: UserStore, logger: Logger, onChange: (users: UserStore) => void = () => {}, intervalMs = 500): WatchedUsers {
  let current = first;
  const users: UserStore = {
    get accounts() {
      return current.accounts;
    },
    authenticate: (user, pin) => current.authenticate(user, pin),
    hasDemoUsers: () => current.hasDemoUsers(),
    stamp: (user) => current.stamp(user),
  };
  let reading = Promise.resolve();
  const reload = () => {
    reading = reading.then(async () => {
      try {
        current = userStore(parseUsersFile(await readFile(path, 'utf8'), path));
        logger.info({ users: current.accounts.length }, 'users file read again');
        onChange(users);
      } catch (e) {
        logger.error({ err: e, file: path }, 'users file changed but cannot be read: keeping the accounts read before');
      }
    });
    return reading;
  };
  const listener = () => void reload();
  watchFile(path, { interval: intervalMs, persistent: false }, listener);
  return { users, reload, close: () => unwatchFile(path, listener) };
}
