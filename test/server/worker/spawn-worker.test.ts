import { expect } from 'chai';
import type { Worker } from 'node:worker_threads';
import { spawnWorker } from '../../../server/worker/spawn-worker.ts';

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

  it('refuses an entry that does not exist', async () => {
    const error = await spawnWorker(new URL('./no-such-worker.ts', import.meta.url)).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(Error);
    expect((error as Error).message).to.match(/no-such-worker\.ts/);
  });
});
