/**
 * One Ctrl-C at a terminal stops everything a command started and exits 0:
 * the terminal sends SIGINT to the whole foreground process group, and npm
 * forwards its own SIGINT to the script as well (test/support/terminal-ctrl-c.py
 * types it on a real pseudo-terminal). `npm start` took the second
 * for another Ctrl-C, exited 1 and left its /tmp/tq-* PTY directory; `npm
 * run floor` left its throwaway PostgreSQL running. Each runs here with
 * TMPDIR a fresh directory, so what it leaves behind is seen: the directory
 * must be empty and no process of its session left.
 */
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { postgresBinDir } from '../../../server/central/throwaway-postgres.ts';
import { spawnTracked, stopTracked } from '../../support/tracked-children.ts';
import { until } from '../../support/until.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Processes in process group `pgid`, or whose command line names `path`. */
function leftBehind(pgid: number, path: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z') continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ');
      if (Number(fields[2]) === pgid || command.includes(path)) found.push(`${entry} ${command}`);
    } catch {
      // gone while read
    }
  }
  return found;
}

const CTRL_C = fileURLToPath(new URL('../../support/terminal-ctrl-c.py', import.meta.url));

/** Runs `npm <script>` on a terminal, types one Ctrl-C after its banner, and checks what it leaves. */
async function ctrlC(script: string[], banner: RegExp, timeoutMs: number): Promise<void> {
  const tmp = await mkdtemp(join(tmpdir(), 'tq-stop-'));
  await chmod(tmp, 0o755); // PostgreSQL runs as its own user and must reach its directory
  const terminal = spawnTracked('python3', [CTRL_C, banner.source, String(timeoutMs / 1000), 'npm', ...script], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TMPDIR: tmp, NODE_ENV: 'development', TQ_LOG_LEVEL: 'warn' },
  });
  let out = '';
  terminal.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  terminal.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  try {
    await once(terminal, 'exit');
    const pid = Number(/^PID (\d+)/m.exec(out)?.[1]);
    expect(out).to.not.include('NO BANNER');
    expect(out).to.not.include('second signal');
    // the tables closed before their PTY relays: the relays took the terminal's SIGINT too, and each table logged its
    // shuffler port lost and its reopening failed (outsider pass 27: five SerialOpenError warnings at every stop)
    expect(out).to.not.match(/port lost|SerialOpenError/);
    expect(/^EXIT (\S+)/m.exec(out)?.[1], out).to.equal('0');
    // PostgreSQL's processes take a moment to end after pg_ctl returns
    const gone = await until(() => leftBehind(pid, tmp).length === 0, 'its processes to end', 10_000, 50).catch(() => false);
    expect(gone ? [] : leftBehind(pid, tmp), 'processes left behind').to.deep.equal([]);
    const left = (await readdir(tmp)).filter((name) => !/^tsx-\d+$/.test(name)); // tsx's compile cache, kept on purpose
    expect(left, 'temporary directories left behind').to.deep.equal([]);
  } finally {
    await stopTracked(terminal);
    await rm(tmp, { recursive: true, force: true });
  }
}

describe('one Ctrl-C', function () {
  this.timeout(90_000);

  it('stops npm start, its shuffler and PTY relay, removes its PTY directory, exit 0', async () => {
    const data = await mkdtemp(join(tmpdir(), 'tq-stop-data-'));
    try {
      await ctrlC(['start', '--', '--port', '0', '--data', data], /open\s+http/, 45_000);
    } finally {
      await rm(data, { recursive: true, force: true });
    }
  });

  it('stops npm run floor, its tables and PostgreSQL, removes every temporary directory, exit 0', async function () {
    if (postgresBinDir() === undefined) this.skip();
    await ctrlC(['run', 'floor', '--', '--port', '0', '--pace', '200'], /floor\s+http/, 75_000);
  });
});
