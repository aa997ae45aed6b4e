/**
 * Two `tq serve` on one data directory both took a chef's suspension and the
 * file kept one of them; `tq restore --force` swapped the directory under a
 * running server. Now the second server and the restore are refused, naming
 * the pid that holds the directory, while a backup still runs beside it.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { main } from '../../../server/cli/tq.ts';
import { TSX } from '../../../server/demo/demo-shuffler.ts';
import { createDemoUsers } from '../../../server/http/users.ts';
import { LOCK_FILE } from '../../../server/store/data-dir-lock.ts';
import { spawnTracked, stopTracked } from '../../support/tracked-children.ts';
import { until } from '../../support/until.ts';

const TQ = fileURLToPath(new URL('../../../server/cli/tq.ts', import.meta.url));

function serve(dir: string): { child: ChildProcess; output: () => string } {
  const child = spawnTracked(
    process.execPath,
    ['--import', TSX, TQ, 'serve', '--data', dir, '--mock-serial', '--serial', '/dev/tq-lock-test', '--port', '0', '--host', '127.0.0.1'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'test', TQ_LOG_LEVEL: 'info' },
    },
  );
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  return { child, output: () => out };
}

async function captured(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { stdout: { write: (t: string) => (out += t) }, stderr: { write: (t: string) => (err += t) } });
  return { code, out, err };
}

describe('one server per data directory', function () {
  this.timeout(60_000);
  let base: string;
  before(async () => {
    base = await mkdtemp(join(tmpdir(), 'tq-one-server-'));
  });
  after(() => rm(base, { recursive: true, force: true }));

  it('refuses a second tq serve and a restore --force while one serves, naming its pid; a backup runs beside it', async () => {
    const data = join(base, 'data');
    await createDemoUsers(join(data, 'users.json'));
    const first = serve(data);
    try {
      await until(() => first.output().includes('table server listening'), 'the first server listening', 30_000, 50);

      const second = serve(data);
      const [code] = (await once(second.child, 'exit')) as [number | null];
      expect(code, second.output()).to.equal(1);
      expect(second.output()).to.include(`is in use by \`tq serve\` (pid ${first.child.pid}`);

      const backup = await captured(['backup', '--data', data, '--to', join(base, 'backup')]);
      expect(backup.code, backup.err).to.equal(0);

      const restore = await captured(['restore', '--from', join(base, 'backup'), '--data', data, '--force']);
      expect(restore.code).to.equal(1);
      expect(restore.err).to.include(`(pid ${first.child.pid}`);
      expect((await readdir(base)).sort()).to.deep.equal(['backup', 'data']); // no data.replaced-…: nothing was swapped
      expect(first.child.exitCode, 'the first server still runs').to.equal(null);
    } finally {
      await stopTracked(first.child);
    }
    const restore = await captured(['restore', '--from', join(base, 'backup'), '--data', data, '--force']);
    expect(restore.code, restore.err).to.equal(0);
  });

  it('refuses tq users while a restore holds the directory', async () => {
    const data = join(base, 'restoring');
    await createDemoUsers(join(data, 'users.json'));
    const sleeper = spawnTracked('sleep', ['60'], { stdio: 'ignore' });
    try {
      const stat = readFileSync(`/proc/${sleeper.pid}/stat`, 'utf8');
      const start = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
      await writeFile(
        join(data, LOCK_FILE),
        JSON.stringify({ pid: sleeper.pid, start, command: 'restore', host: hostname(), since: new Date().toISOString() }),
      );
      const users = await captured(['users', 'list', '--data', data]);
      expect(users.code).to.equal(1);
      expect(users.err).to.include(`in use by \`tq restore\` (pid ${sleeper.pid}`);
    } finally {
      await stopTracked(sleeper);
    }
    expect((await captured(['users', 'list', '--data', data])).code).to.equal(0);
  });
});
