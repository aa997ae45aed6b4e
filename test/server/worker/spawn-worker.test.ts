import { expect } from 'chai';
import { stop } from 'esbuild';
import type { Worker } from 'node:worker_threads';
import { spawnWorker } from '../../../server/worker/spawn-worker.ts';
import { childProcesses } from '../../support/child-processes.ts';
import { until } from '../../support/until.ts';

/** Pids of this process's children running esbuild's long-lived service (`--service=`). */
const esbuildServices = () =>
  childProcesses()
    .filter((c) => c.command.includes('--service='))
    .map((c) => c.pid);

const reply = (worker: Worker, message: unknown) =>
  new Promise<unknown>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.postMessage(message);
  });

describe('spawnWorker', () => {
  it('runs a TypeScript entry with its project imports, and passes workerData', async () => {
    const worker = await spawnWorker(new URL('./echo-worker.ts', import.meta.url), { workerData: { table: 'T1' } });
    try {
      expect(await reply(worker, '10h')).to.deep.equal({ card: 'TH', data: { table: 'T1' } });
    } finally {
      await worker.terminate();
    }
  });

  it('starts two workers on one entry at once, both answering', async () => {
    const entry = new URL('./echo-worker.ts', import.meta.url);
    const workers = await Promise.all([spawnWorker(entry), spawnWorker(entry)]);
    try {
      expect(await Promise.all(workers.map((w) => reply(w, 'qs')))).to.deep.equal([
        { card: 'QS', data: undefined },
        { card: 'QS', data: undefined },
      ]);
    } finally {
      await Promise.all(workers.map((w) => w.terminate()));
    }
  });

  it('refuses an entry whose bundle would misbehave (import.meta in CommonJS), naming it', async () => {
    const error = await spawnWorker(new URL('./import-meta-worker.ts', import.meta.url)).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(Error);
    expect((error as Error).message).to.match(/bundling the worker .*import-meta-worker\.ts: .*import\.meta/);
  });

  it("bundles again after esbuild's service process was killed", async () => {
    // tsx has a service of its own: ours is the one a fresh start of ours adds.
    await stop();
    const before = esbuildServices();
    await (await spawnWorker(new URL('./echo-worker.ts?before-kill', import.meta.url))).terminate();
    const [service, ...more] = esbuildServices().filter((pid) => !before.includes(pid));
    expect(service, "esbuild's service process").to.be.a('number');
    expect(more, 'one service started').to.deep.equal([]);
    process.kill(service!, 'SIGKILL');
    await until(() => !esbuildServices().includes(service!), 'the service to be gone');
    const worker = await spawnWorker(new URL('./echo-worker.ts?after-kill', import.meta.url));
    try {
      expect(await reply(worker, 'ad')).to.deep.equal({ card: 'AD', data: undefined });
    } finally {
      await worker.terminate();
    }
  });

  it('refuses an entry that does not exist', async () => {
    const error = await spawnWorker(new URL('./no-such-worker.ts', import.meta.url)).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(Error);
    expect((error as Error).message).to.match(/no-such-worker\.ts/);
  });
});
