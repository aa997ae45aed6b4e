import { expect } from 'chai';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { TSX } from '../../../server/demo/demo-shuffler.ts';
import { spawnTracked } from '../../support/tracked-children.ts';

const FLOOD = fileURLToPath(new URL('./support/log-flood.ts', import.meta.url));

/** Starts the flood with stdout unread; resolves once the child says its log calls returned, or rejects after `ms`. */
async function floodUnread(lines: number, bufferBytes: number, ms: number) {
  const child = spawnTracked(process.execPath, ['--import', TSX, FLOOD, String(lines), String(bufferBytes)], { stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdout!.pause();
  let err = '';
  const logged = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the log calls had not returned after ${ms} ms (stderr: ${err})`)), ms);
    child.stderr!.setEncoding('utf8').on('data', (t: string) => {
      err += t;
      if (err.includes('logged')) resolve(clearTimeout(timer));
    });
  });
  try {
    await logged;
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
  /** Reads the whole log, then lets the child exit. */
  const readAll = async (): Promise<Array<{ msg: string; n?: number; lines?: number }>> => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (t: string) => (out += t));
    child.stdout!.resume();
    await new Promise((r) => setTimeout(r, 300));
    child.stdin!.write('done\n');
    await once(child, 'exit');
    return out
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as { msg: string; n?: number; lines?: number });
  };
  return { readAll };
}

describe('the server log on stdout', function () {
  this.timeout(60_000);

  it('returns from every log call while nobody reads stdout, and delivers every line it could hold once stdout is read', async () => {
    // 4,000 lines of ~250 bytes: about 1 MB, sixteen times a pipe's buffer.
    const { readAll } = await floodUnread(4000, 16 * 1024 * 1024, 30_000);
    const lines = await readAll();
    expect(lines.filter((l) => l.msg === 'event stored').map((l) => l.n)).to.deep.equal([...Array(4000).keys()]);
  });

  it('holds at most its buffer while stdout is not read: it drops the rest and says how many lines once stdout is read again', async () => {
    const { readAll } = await floodUnread(4000, 128 * 1024, 30_000);
    const lines = await readAll();
    const kept = lines.filter((l) => l.msg === 'event stored').length;
    const told = lines.find((l) => l.msg.startsWith('log lines dropped'));
    expect(kept).to.be.above(0).and.below(4000);
    expect(told?.lines).to.equal(4000 - kept);
  });
});
