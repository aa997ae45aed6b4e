/**
 * One server per data directory (docs/deploy.md#one-server-per-data-directory).
 * Two `tq serve` on one directory both accepted a chef's suspension, the file
 * kept one of them and `tq verify` said OK; `tq restore --force` swapped the
 * directory under a running server. So every command that owns a data
 * directory takes a lock in it first:
 *
 * - `exclusive` (`tq serve`, `tq demo`, `tq restore`, `tq recover`):
 *   `<data>/tq.lock`, created with O_EXCL, holding the pid, the process's
 *   start time and the command. A second one is refused with a
 *   {@link DataDirLockedError} naming the holder. Restore and recover also
 *   refuse while a shared holder (a backup) works.
 * - `shared` (`tq backup`, `tq users`): `<data>/tq.shared-<pid>.lock`; it may
 *   run beside a server (a backup while the table serves is the point of
 *   docs/deploy.md#backups) but not beside a restore or a recover.
 *
 * Each side writes its own file before it looks at the other's, so of a
 * restore and a backup starting together at least one sees the other.
 *
 * A lock whose process is gone (a crash, SIGKILL, a power cut) is stale and
 * taken over: the holder is alive when /proc/<pid>/stat exists with the start
 * time written in the lock (a pid reused by another program does not hold
 * it); without /proc, when `kill(pid, 0)` finds it. No npm package does
 * flock(2) without a native build, and an O_EXCL file says who holds it,
 * which flock cannot. The lock files are never copied into a backup.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { open, readdir, readFile, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { CodedError } from '../../shoe/coded-error.ts';

export const LOCK_FILE = 'tq.lock';
const SHARED = /^tq\.shared-(\d+)\.lock$/;

/** A lock file of the data directory (never backed up). */
export const isLockFile = (path: string): boolean => path === LOCK_FILE || SHARED.test(path);

export interface LockHolder {
  pid: number;
  /** Start time of the process in clock ticks since boot (/proc/<pid>/stat field 22), null without /proc. */
  start: number | null;
  command: string;
  host: string;
  since: string;
}

export class DataDirLockedError extends CodedError {
  override readonly code = 'DATA_DIR_LOCKED';
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
    readonly wanted: string,
  ) {
    super(
      `${dataDir} is in use by \`tq ${holder.command}\` (pid ${holder.pid} on ${holder.host}, since ${holder.since}): ` +
        `${wanted} refused — one server per data directory, and no restore or recover while anything holds it. ` +
        `Stop pid ${holder.pid} first (systemctl stop tq, or Ctrl-C where it runs); if pid ${holder.pid} is not a tq, remove ${join(dataDir, isShared(holder) ? `tq.shared-${holder.pid}.lock` : LOCK_FILE)}`,
    );
    this.name = 'DataDirLockedError';
  }
}

const isShared = (h: LockHolder & { shared?: boolean }) => h.shared === true;

export interface DataDirLock {
  readonly file: string;
  release(): Promise<void>;
}

/** This process's start time, from /proc (null elsewhere). */
function startTime(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
  } catch {
    return null;
  }
}

/** True while the process that wrote `holder` still runs. */
export function holderAlive(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true; // another machine's process (a shared mount): cannot tell, so held
  const hasProc = (() => {
    try {
      readdirSync('/proc/self');
      return true;
    } catch {
      return false;
    }
  })();
  if (hasProc && holder.start !== null) return startTime(holder.pid) === holder.start;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readHolder(file: string): Promise<LockHolder | null> {
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    return JSON.parse(text) as LockHolder;
  } catch {
    return { pid: 0, start: null, command: 'unknown (unreadable lock)', host: hostname(), since: 'unknown' }; // half-written by a crash: stale
  }
}

/** Creates `file` holding this process, or returns false when it exists. */
async function create(file: string, command: string, shared: boolean): Promise<boolean> {
  const holder = { pid: process.pid, start: startTime(process.pid), command, host: hostname(), since: new Date().toISOString(), ...(shared && { shared }) };
  try {
    const handle = await open(file, 'wx', 0o600);
    await handle.writeFile(`${JSON.stringify(holder)}\n`);
    await handle.sync();
    await handle.close();
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
}

/** The live holder of `file`, removing it when stale; null when free. */
async function liveHolder(file: string): Promise<LockHolder | null> {
  const holder = await readHolder(file);
  if (holder === null) return null;
  if (holder.pid > 0 && holderAlive(holder)) return holder;
  // stale: remove it only if it is still the file we read (another taker may have replaced it since)
  const again = await readHolder(file);
  if (again !== null && JSON.stringify(again) === JSON.stringify(holder)) await rm(file, { force: true });
  return null;
}

/** The live shared holders (backups, users) of a data directory. */
async function sharedHolders(dataDir: string): Promise<LockHolder[]> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  const found: LockHolder[] = [];
  for (const name of names) {
    const pid = SHARED.exec(name)?.[1];
    if (pid === undefined || Number(pid) === process.pid) continue;
    const holder = await liveHolder(join(dataDir, name));
    if (holder !== null) found.push({ ...holder, shared: true } as LockHolder);
  }
  return found;
}

export interface LockOptions {
  /** What the command is, for the holder's line: `serve`, `restore`… */
  command: string;
  /** exclusive: serve, demo, restore, recover. shared: backup, users (beside a server, never beside a restore). */
  mode: 'exclusive' | 'shared';
  /** For an exclusive lock: also refuse while a shared holder works (restore, recover). */
  refuseShared?: boolean;
}

/** Takes the data directory's lock, or throws {@link DataDirLockedError} naming the holder. The directory must exist. */
export async function lockDataDir(dataDir: string, o: LockOptions): Promise<DataDirLock> {
  const main = join(dataDir, LOCK_FILE);
  if (o.mode === 'shared') {
    const own = join(dataDir, `tq.shared-${process.pid}.lock`);
    await rm(own, { force: true });
    await create(own, o.command, true);
    const holder = await liveHolder(main);
    if (holder !== null && holder.command !== 'serve' && holder.command !== 'demo') {
      await rm(own, { force: true });
      throw new DataDirLockedError(dataDir, holder, `tq ${o.command}`);
    }
    return { file: own, release: () => rm(own, { force: true }) };
  }
  for (let attempt = 0; !(await create(main, o.command, false)); attempt++) {
    const holder = await liveHolder(main);
    if (holder !== null) throw new DataDirLockedError(dataDir, holder, `tq ${o.command}`);
    if (attempt >= 3) throw new Error(`${main}: could not take the lock after removing a stale one ${attempt + 1} times`);
  }
  const release = async () => {
    const holder = await readHolder(main);
    if (holder?.pid === process.pid) await rm(main, { force: true });
  };
  if (o.refuseShared) {
    const [shared] = await sharedHolders(dataDir);
    if (shared !== undefined) {
      await release();
      throw new DataDirLockedError(dataDir, shared, `tq ${o.command}`);
    }
  }
  return { file: main, release };
}
