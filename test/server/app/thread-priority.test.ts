import { expect } from 'chai';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { createDemoUsers } from '../../../server/http/users.ts';
import { HTTP_SIDE_NICE, keepOtherThreadsLower } from '../../../server/app/thread-priority.ts';
import { until } from '../../support/until.ts';
import { startTableOn } from './table-server-support.ts';

const onLinux = process.platform === 'linux';

/** Every thread of this process but the main one, with its nice value. */
function otherThreads(): { tid: number; nice: number }[] {
  return readdirSync('/proc/self/task')
    .map(Number)
    .filter((tid) => tid !== process.pid)
    .flatMap((tid) => {
      try {
        return [{ tid, nice: getPriority(tid) }];
      } catch {
        return []; // ended between the two reads
      }
    });
}

describe('the card thread runs before every other thread of the table server', function () {
  this.timeout(20_000);

  before(function () {
    if (!onLinux) this.skip();
  });

  it("lowers V8's and libuv's threads, and the HTTP side's, below the card thread once the server is up", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tq-threads-'));
    await createDemoUsers(join(dir, 'users.json'));
    const table = await startTableOn(dir);
    try {
      expect(getPriority(process.pid), 'the card thread').to.equal(0);
      const others = otherThreads();
      expect(others.length).to.be.greaterThan(3);
      expect(others.filter((t) => t.nice < HTTP_SIDE_NICE)).to.deep.equal([]);
    } finally {
      await table.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('lowers a thread started after the server, at the next sweep', async () => {
    // A thread the card thread starts is born at its priority, as libuv's pool threads are.
    const worker = new Worker(
      `const { parentPort } = require('node:worker_threads');
       parentPort.postMessage(Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop()));
       setInterval(() => {}, 1000);`,
      { eval: true },
    );
    let stop = () => {};
    try {
      const tid = await new Promise<number>((r) => worker.once('message', r));
      expect(getPriority(tid), "born at the card thread's priority").to.equal(0);
      stop = keepOtherThreadsLower(HTTP_SIDE_NICE, 50);
      await until(() => getPriority(tid) === HTTP_SIDE_NICE, 'the new thread lowered', 2_000);
    } finally {
      stop();
      await worker.terminate();
    }
  });
});
