/**
 * Mocha exits after its summary even when a test timed out holding a child
 * process, and the child and its own children are gone (`npm test` used to
 * hang after a `tq demo` test timed out).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MOCHA = fileURLToPath(new URL('../../node_modules/mocha/bin/mocha.js', import.meta.url));

/** Running, not merely a zombie waiting for init to reap it. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Runs a fixture suite in a mocha of its own (killed if still there after 45 s): how it ended and all it printed. */
async function runSuite(suite: string, env?: NodeJS.ProcessEnv): Promise<{ code: number | null; signal: string | null; out: string }> {
  const mocha = spawn(process.execPath, [MOCHA, suite], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...(env && { env }) });
  let out = '';
  mocha.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  mocha.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const watchdog = setTimeout(() => mocha.kill('SIGKILL'), 45_000);
  const [code, signal] = (await once(mocha, 'exit')) as [number | null, string | null];
  clearTimeout(watchdog);
  return { code, signal, out };
}

describe('processes started by tests', function () {
  this.timeout(60_000);

  it('are killed, grandchildren too, and mocha exits, when a test times out holding one', async () => {
    const { code, signal, out } = await runSuite('test/support/fixture-suites/times-out.suite.ts');
    expect(signal, `mocha hung after its summary:\n${out}`).to.equal(null);
    expect(code, out).to.equal(1); // one failure: the timeout
    expect(out).to.match(/Timeout of 1000ms exceeded/);
    const pids = /child (\d+) grandchild (\d+)/.exec(out);
    expect(pids, out).to.not.equal(null);
    expect(alive(Number(pids![1])), 'the child').to.equal(false);
    expect(alive(Number(pids![2])), 'the grandchild').to.equal(false);
  });

  it('ends a run that something else holds open after its summary, naming what, with the status of its tests', async () => {
    const { code, signal, out } = await runSuite('test/support/fixture-suites/leaves-an-interval.suite.ts', { ...process.env, TQ_TEST_EXIT_GRACE_MS: '1000' });
    expect(signal, `mocha hung after its summary:\n${out}`).to.equal(null);
    expect(out).to.match(/1 passing/);
    expect(out).to.match(/still open: .*Timeout/);
    expect(code, 'the status of the run: its one test passed').to.equal(0);
  });
});
