/**
 * One server per data directory (server/store/data-dir-lock.ts): the lock
 * refuses a second holder naming its pid, takes over the lock of a process
 * that is gone, lets a backup beside a server but never beside a restore.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from '../../../server/store/data-dir-lock.ts';
import { spawnTracked, stopTracked } from '../../support/tracked-children.ts';

function startOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
}

describe('the data directory lock', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tq-lock-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('refuses a second exclusive holder, naming the pid and command that hold it', async () => {
    const sleeper = spawnTracked('sleep', ['60'], { stdio: 'ignore' });
    try {
      const holder = { pid: sleeper.pid, start: startOf(sleeper.pid!), command: 'serve', host: hostname(), since: new Date().toISOString() };
      await writeFile(join(dir, LOCK_FILE), JSON.stringify(holder));
      const refused = await lockDataDir(dir, { command: 'serve', mode: 'exclusive' }).catch((e: unknown) => e);
      expect(refused).to.be.instanceOf(DataDirLockedError);
      expect((refused as Error).message).to.include(`in use by \`tq serve\` (pid ${sleeper.pid}`);
    } finally {
      await stopTracked(sleeper);
    }
  });

  it('takes over the lock of a process that has exited, or whose pid now runs another program', async () => {
    const gone = { pid: 2 ** 22 + 7, start: 1, command: 'serve', host: hostname(), since: '2026-11-01T00:00:00Z' };
    await writeFile(join(dir, LOCK_FILE), JSON.stringify(gone));
    const lock = await lockDataDir(dir, { command: 'serve', mode: 'exclusive' });
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).to.equal(process.pid);
    await lock.release();
    const reused = { pid: process.ppid, start: startOf(process.ppid) + 1, command: 'serve', host: hostname(), since: '2026-11-01T00:00:00Z' };
    await writeFile(join(dir, LOCK_FILE), JSON.stringify(reused));
    await (await lockDataDir(dir, { command: 'recover', mode: 'exclusive' })).release();
    expect(await readdir(dir)).to.deep.equal([]);
  });

  it('lets a backup beside a server, refuses a restore beside a backup and a backup beside a restore', async () => {
    const serve = await lockDataDir(dir, { command: 'serve', mode: 'exclusive' });
    const backup = await lockDataDir(dir, { command: 'backup', mode: 'shared' });
    await serve.release();
    const sleeper = spawnTracked('sleep', ['60'], { stdio: 'ignore' });
    try {
      // a backup in another process (this one's own shared lock is not counted against it)
      await backup.release();
      const holder = { pid: sleeper.pid, start: startOf(sleeper.pid!), command: 'backup', host: hostname(), since: new Date().toISOString(), shared: true };
      await writeFile(join(dir, `tq.shared-${sleeper.pid}.lock`), JSON.stringify(holder));
      const restore = await lockDataDir(dir, { command: 'restore', mode: 'exclusive', refuseShared: true }).catch((e: unknown) => e);
      expect((restore as Error).message).to.include(`in use by \`tq backup\` (pid ${sleeper.pid}`);
      expect(await readdir(dir)).to.not.include(LOCK_FILE);
      await rm(join(dir, `tq.shared-${sleeper.pid}.lock`));
      await writeFile(join(dir, LOCK_FILE), JSON.stringify({ ...holder, command: 'restore', shared: undefined }));
      const refused = await lockDataDir(dir, { command: 'backup', mode: 'shared' }).catch((e: unknown) => e);
      expect((refused as Error).message).to.include(`in use by \`tq restore\` (pid ${sleeper.pid}`);
      expect(await readdir(dir)).to.deep.equal([LOCK_FILE]);
    } finally {
      await stopTracked(sleeper);
    }
  });
});
