/**
 * The surveillance room's users file, kept current as a table server keeps
 * its own (server/http/users-watch.ts: a stat poll, a bad edit logged and the
 * accounts before it kept), and read again before each login whenever the
 * file is not the one last read (docs/deploy.md#the-floor: a removed chef or an old PIN
 * still logged in to the floor, whose file was read once at start). The poll
 * alone would leave half a second in which an old PIN still works; the check
 * at login costs one stat. Each change ends the sessions of the users removed
 * or whose PIN changed (`onChange`, server/http/auth.ts revokeStale).
 */
import { stat } from 'node:fs/promises';
import type { Logger } from 'pino';
import { watchUsers } from '../http/users-watch.ts';
import type { UserStore } from '../http/users.ts';

export interface FloorUsers {
  /** Always the latest good reading; `authenticate` reads the file again first if it changed. */
  readonly users: UserStore;
  close(): void;
}

/** What identifies one version of the file: a rename over it (tq users) changes the inode, an edit in place the size or times. */
async function versionOf(path: string): Promise<string> {
  const s = await stat(path).catch(() => undefined);
  return s ? `${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}` : 'missing';
}

/** `first` is what `path` held at start; a change between that reading and this call is caught by the poll. */
export async function floorUsers(path: string, first: UserStore, logger: Logger, onChange: (users: UserStore) => void): Promise<FloorUsers> {
  let seen = await versionOf(path);
  const watched = watchUsers(path, first, logger, onChange);
  const fresh = async () => {
    const now = await versionOf(path);
    if (now === seen) return;
    seen = now;
    await watched.reload();
  };
  const users: UserStore = {
    get accounts() {
      return watched.users.accounts;
    },
    authenticate: async (user, pin) => {
      await fresh();
      return watched.users.authenticate(user, pin);
    },
    hasDemoUsers: () => watched.users.hasDemoUsers(),
    stamp: (user) => watched.users.stamp(user),
  };
  return { users, close: () => watched.close() };
}
