/**
 * `npm start` runs the demo table server; a SIGTERM to npm (what a service
 * manager or a container runtime sends) must stop the server process, not
 * leave it running without its parent.
 */
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { until } from '../../support/until.ts';
import { spawnTracked } from '../../support/tracked-children.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Child processes of a process, from ps: pid and command line. */
function childrenOf(pid: number): { pid: number; args: string }[] {
  try {
    const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' });
    return out
      .split('\n')
      .map((l) => /^\s*(\d+)\s+(.*)$/.exec(l))
      .filter((m) => m !== null)
      .map((m) => ({ pid: Number(m[1]), args: m[2]! }));
  } catch {
    return [];
  }
}

/** The demo server's node process among npm's children and grandchildren (a shell may stand between them). */
function serverUnder(npm: number): number | undefined {
  const near = childrenOf(npm);
  const all = [...near, ...near.flatMap((c) => childrenOf(c.pid))];
  const server = all.find((p) => p.args.startsWith('node ') && p.args.includes('tq.ts demo'));
  return server && childrenOf(server.pid).length > 0 ? server.pid : undefined;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start', function () {
  this.timeout(60_000);

  it('stops the server process when npm is sent SIGTERM', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tq-start-'));
    const npm = spawnTracked('npm', ['start', '--', '--port', '0', '--data', dir], { cwd: ROOT, stdio: 'ignore' });
    let server = 0;
    try {
      // The server is up once it has started its simulated shuffler (a child of its own).
      server = await until(() => serverUnder(npm.pid!), 'the demo server and its shuffler', 30_000, 100);
      npm.kill('SIGTERM');
      await until(() => !alive(server), 'the server process to stop', 20_000, 100);
      expect(alive(server)).to.equal(false);
    } finally {
      if (server > 0 && alive(server)) process.kill(server, 'SIGKILL');
      if (npm.exitCode === null) npm.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });
});
