/**
 * Found when probed as an attacker, the command line's side: `tq users` lost
 * updates (a set-pin waiting for its PIN resurrected a user removed meanwhile);
 * restore trusted the backup (a chef added with its manifest entry recomputed,
 * a 0666 mode, a logged-out session, a symlink swapped in after the check);
 * shoe ids from an edited index or `--shoe` built paths outside the data directory.
 */
import { expect } from 'chai';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, symlink, unlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { backupDataDir } from '../../server/backup/backup.ts';
import { BackupError } from '../../server/backup/backup-error.ts';
import { describeFile, MANIFEST_FILE } from '../../server/backup/backup-manifest.ts';
import { copyVerified } from '../../server/backup/copy-verified.ts';
import { restoreDataDir } from '../../server/backup/restore.ts';
import { run as users } from '../../server/cli/commands/users.ts';
import { hashPin, writeUsersFile } from '../../server/http/users.ts';
import { recoverDataDir } from '../../server/store/recover-shoe.ts';
import { verifyDataDir } from '../../server/store/verify.ts';
import { writeShoes } from './support/archive.ts';

const sink = () => {
  let text = '';
  return {
    write: (t: string) => void (text += t),
    get text() {
      return text;
    },
  };
};

describe('security: the command line and restore', function () {
  this.timeout(60_000);
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'tq-sec-cli-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('does not resurrect a user removed while a set-pin waited for its PIN', async () => {
    const file = join(root, 'users.json');
    await writeUsersFile(file, {
      users: [
        { user: 'bob', role: 'chef', pin: hashPin('123456') },
        { user: 'ann', role: 'payeur', pin: hashPin('234567') },
      ],
    });
    const stdin = new PassThrough();
    const err = sink();
    const waiting = users(['set-pin', 'bob', '--users', file], { stdout: sink(), stderr: err, stdin });
    expect(await users(['remove', 'bob', '--users', file], { stdout: sink(), stderr: sink() })).to.equal(0);
    stdin.end('987654\n');
    expect(await waiting, err.text).to.equal(2);
    expect(err.text).to.match(/no user bob/);
    const left = JSON.parse(await readFile(file, 'utf8')).users.map((u: { user: string }) => u.user);
    expect(left).to.deep.equal(['ann']);
    expect(existsSync(`${file}.lock`), 'the lock is let go').to.equal(false);
  });

  async function backupWithUsers(): Promise<{ data: string; backup: string }> {
    const data = join(root, 'data');
    await mkdir(data, { mode: 0o700 });
    await writeShoes(data, 2);
    await writeUsersFile(join(data, 'users.json'), { users: [{ user: 'chef', role: 'chef', pin: hashPin('333333') }] });
    await writeFile(join(data, 'sessions.json'), '{"sessions":[]}\n', { mode: 0o600 });
    const backup = join(root, 'backup');
    await backupDataDir(data, backup, 'test');
    return { data, backup };
  }

  /** Edits a file of the backup and recomputes its manifest entry, as an attacker with write access would. */
  async function rewrite(backup: string, path: string, text: string, mode?: number): Promise<void> {
    await writeFile(join(backup, path), text);
    if (mode !== undefined) await chmod(join(backup, path), mode);
    const manifest = JSON.parse(await readFile(join(backup, MANIFEST_FILE), 'utf8'));
    manifest.files = await Promise.all(manifest.files.map(async (f: { path: string }) => (f.path === path ? describeFile(backup, path) : f)));
    await writeFile(join(backup, MANIFEST_FILE), JSON.stringify(manifest));
  }

  it('refuses a backup that adds a chef, manifest recomputed, unless the users change is accepted', async () => {
    const { data, backup } = await backupWithUsers();
    const current = JSON.parse(await readFile(join(data, 'users.json'), 'utf8'));
    current.users.push({ user: 'mallory', role: 'chef', pin: hashPin('666666') });
    await rewrite(backup, 'users.json', JSON.stringify(current));
    const refused = await restoreDataDir(backup, data, { force: true }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).to.be.instanceOf(BackupError);
    expect((refused as BackupError).code).to.equal('USERS_CHANGED');
    expect((refused as Error).message).to.include('adds mallory (chef)');
    expect(await readFile(join(data, 'users.json'), 'utf8')).not.to.include('mallory');
    const accepted = await restoreDataDir(backup, data, { force: true, acceptUsers: true });
    expect(accepted.after?.ok).to.equal(true);
  });

  it('restores files owner-only whatever the manifest says (0666), and never the sessions file', async () => {
    const { backup } = await backupWithUsers();
    await rewrite(backup, 'index.json', await readFile(join(backup, 'index.json'), 'utf8'), 0o666);
    const target = join(root, 'restored');
    const report = await restoreDataDir(backup, target);
    expect(report.after?.ok, JSON.stringify(report.after?.problems)).to.equal(true);
    expect((await stat(join(target, 'index.json'))).mode & 0o777).to.equal(0o600);
    expect(existsSync(join(target, 'sessions.json')), 'a logged-out session must not come back').to.equal(false);
  });

  it('copies a backup file only as the manifest hashed it, never through a symlink swapped in after the check', async () => {
    const { backup } = await backupWithUsers();
    const manifest = JSON.parse(await readFile(join(backup, MANIFEST_FILE), 'utf8'));
    const entry = manifest.files.find((f: { path: string }) => f.path === 'users.json');
    const secret = join(root, 'secret');
    await writeFile(secret, 'root:x:0:0 SECRET\n');
    await unlink(join(backup, 'users.json'));
    await symlink(secret, join(backup, 'users.json'));
    const to = join(root, 'copy');
    await mkdir(to);
    const error = await copyVerified(backup, to, entry).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).to.match(/symbolic link/);
    expect(existsSync(join(to, 'users.json'))).to.equal(false);
  });

  it('refuses shoe ids that leave the data directory: an index naming ../../victim, verify --shoe ../../leak', async () => {
    const data = join(root, 'a', 'data');
    await mkdir(join(data, 'shoes'), { recursive: true });
    // shoes/../../victim.jsonl from the data directory
    const victim = join(root, 'a', 'victim.jsonl');
    await writeFile(victim, '{"type":"shoe"}\n{broken\n{"type":"open"}\n');
    const entry = { id: '../../victim', table: 'T1', startedAt: '2026-01-01T00:00:00.000Z' };
    await writeFile(join(data, 'index.json'), JSON.stringify({ version: 1, table: 'T1', currentShoe: entry.id, shoes: [entry] }));
    await recoverDataDir(data).then(
      () => undefined,
      () => undefined,
    );
    expect(await readFile(victim, 'utf8')).to.equal('{"type":"shoe"}\n{broken\n{"type":"open"}\n');

    await writeFile(join(root, 'a', 'leak.jsonl'), '{"type":"shoe","secret":"SECRET"}\nSECRET LINE\n');
    const verdict = await verifyDataDir(data, { shoe: '../../leak' });
    expect(verdict.ok).to.equal(false);
    expect(JSON.stringify(verdict)).not.to.include('SECRET');
  });
});
