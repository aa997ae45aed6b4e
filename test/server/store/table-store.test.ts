import { expect } from 'chai';
import { fdatasyncSync, writeSync } from 'node:fs';
import { readFile, stat, type FileHandle } from 'node:fs/promises';
import sinon from 'sinon';
import { onThisThread } from '../../../server/store/durable-fs.ts';
import { checkChain } from '../../../server/store/hash-chain.ts';
import { StoreError } from '../../../server/store/store-errors.ts';
import { TableStore } from '../../../server/store/table-store.ts';
import type { ShoeEvent } from '../../../shoe/events.ts';
import { stickThreadpool, within } from '../../support/stuck-threadpool.ts';
import { card, fileHandlePrototype, META, shoeStart, useTempDirs } from './helpers.ts';

const tempDir = useTempDirs();

async function rejection(promise: Promise<unknown>): Promise<StoreError> {
  try {
    await promise;
  } catch (e) {
    expect(e).to.be.instanceOf(StoreError);
    return e as StoreError;
  }
  throw new Error('expected a StoreError');
}

describe('TableStore: appending', () => {
  afterEach(() => sinon.restore());

  it('reads back after reopening exactly the events it acknowledged, chained', async () => {
    const dir = await tempDir();
    const store = await TableStore.open(dir, { table: 'T1' });
    const first = await store.createShoe(shoeStart('shoe-1'), META);
    const more = await store.append('shoe-1', [card(1), card(2, 'TS'), { type: 'open' }], { at: '2025-06-01T20:00:05.000Z', by: 'shuffler' });
    await store.close();

    const again = await TableStore.open(dir, { table: 'T1' });
    const read = await again.readShoe('shoe-1');
    expect(read).to.deep.equal([first, ...more]);
    expect(read.map((e) => e.i)).to.deep.equal([0, 1, 2, 3]);
    expect(checkChain(read)).to.deep.equal([]);
    expect(read[1]).to.include({ type: 'card', seq: 1, card: 'QH', at: '2025-06-01T20:00:05.000Z', by: 'shuffler' });
    await again.close();
  });

  it('keeps the `at` and `by` an event carries, and fields it does not know', async () => {
    const store = await TableStore.open(await tempDir());
    await store.createShoe(shoeStart('s'), META);
    const given = { type: 'fault', code: 'JAM', text: 'jam', at: '2025-06-01T21:00:00.000Z', by: 'shuffler', frame: '$TQ,ERR,JAM*00' } as ShoeEvent;
    const [stored] = await store.append('s', [given], META);
    expect(stored).to.include({ at: '2025-06-01T21:00:00.000Z', by: 'shuffler', frame: '$TQ,ERR,JAM*00' });
    await store.close();
  });

  it('resolves an append only after the shoe file was written and synced to disk', async () => {
    const store = await TableStore.open(await tempDir());
    await store.createShoe(shoeStart('s'), META);
    const steps: string[] = [];
    const write = sinon.stub(onThisThread, 'write').callsFake((...args: Parameters<typeof onThisThread.write>) => {
      steps.push('write');
      return writeSync(...args);
    });
    const datasync = sinon.stub(onThisThread, 'datasync').callsFake((fd: number) => {
      steps.push('datasync');
      fdatasyncSync(fd);
    });
    await store.append('s', [card(1)], META).then(() => steps.push('resolved'));
    sinon.restore();
    expect(write.callCount).to.be.greaterThan(0);
    expect(datasync.callCount).to.equal(1);
    expect(steps.slice(-2)).to.deep.equal(['datasync', 'resolved']);
    await store.close();
  });

  it("stores and syncs an event while every thread of libuv's pool is stuck on other files", async function () {
    // The HTTP side's reads share that pool with this thread: an append must not queue behind them.
    this.timeout(10_000);
    const dir = await tempDir();
    const store = await TableStore.open(dir);
    await store.createShoe(shoeStart('s'), META);
    const pool = stickThreadpool(dir);
    try {
      expect(await within(store.append('s', [card(1)], META), 2_000)).to.not.equal('still waiting');
    } finally {
      await pool.release();
    }
    await store.close();
  });

  it('answers a failed sync with an error, cuts the file back, and takes no more appends until reopened', async () => {
    const dir = await tempDir();
    const store = await TableStore.open(dir);
    await store.createShoe(shoeStart('s'), META);
    await store.append('s', [card(1)], META);
    const size = (await stat(`${dir}/shoes/s.jsonl`)).size;
    sinon.stub(onThisThread, 'datasync').throws(Object.assign(new Error('EIO: i/o error'), { code: 'EIO' }));
    expect((await rejection(store.append('s', [card(2)], META))).code).to.equal('WRITE_FAILED');
    sinon.restore();
    expect((await stat(`${dir}/shoes/s.jsonl`)).size).to.equal(size);
    expect((await rejection(store.append('s', [card(2)], META))).code).to.equal('SHOE_UNAVAILABLE');
    await store.close();

    const again = await TableStore.open(dir);
    const [next] = await again.append('s', [card(2)], META);
    expect(next!.i).to.equal(2);
    expect(checkChain(await again.readShoe('s'))).to.deep.equal([]);
    await again.close();
  });

  it('never interleaves concurrent appends: each batch is contiguous and i stays consecutive', async () => {
    const store = await TableStore.open(await tempDir());
    await store.createShoe(shoeStart('s'), META);
    const batches = Array.from({ length: 40 }, (_, b) =>
      Array.from({ length: 1 + (b % 5) }, () => ({ type: 'fault', code: 'T', text: `batch ${b}` }) as ShoeEvent),
    );
    const results = await Promise.all(batches.map((batch) => store.append('s', batch, META)));

    const read = await store.readShoe('s');
    expect(read.map((e) => e.i)).to.deep.equal(read.map((_, k) => k));
    expect(checkChain(read)).to.deep.equal([]);
    for (const [b, stored] of results.entries()) {
      const at = stored[0]!.i;
      expect(stored.map((e) => e.i)).to.deep.equal(stored.map((_, k) => at + k));
      expect(read.slice(at, at + stored.length).every((e) => e.type === 'fault' && e.text === `batch ${b}`)).to.equal(true);
    }
    await store.close();
  });

  it('syncs the shoes directory when a shoe file is created, so its name survives a power cut', async () => {
    const dir = await tempDir();
    const store = await TableStore.open(dir);
    const shoesInode = (await stat(`${dir}/shoes`)).ino;
    const proto = await fileHandlePrototype();
    const syncedInodes: number[] = [];
    const real = proto.sync;
    sinon.stub(proto, 'sync').callsFake(async function (this: FileHandle) {
      syncedInodes.push((await this.stat()).ino);
      return real.call(this);
    });
    await store.createShoe(shoeStart('s'), META);
    expect(syncedInodes).to.include(shoesInode);
    await store.close();
  });

  it('does not touch the index when appending, only when a shoe starts or ends', async () => {
    const dir = await tempDir();
    const store = await TableStore.open(dir);
    await store.createShoe(shoeStart('s'), META);
    const before = await stat(`${dir}/index.json`, { bigint: true });
    for (let seq = 1; seq <= 10; seq++) await store.append('s', [card(seq)], META);
    const after = await stat(`${dir}/index.json`, { bigint: true });
    expect([after.ino, after.mtimeNs]).to.deep.equal([before.ino, before.mtimeNs]);
    await store.close();
  });
});

describe('TableStore: refusals', () => {
  it('refuses what would break the record, naming why', async () => {
    const store = await TableStore.open(await tempDir(), { table: 'T1' });
    expect((await rejection(store.createShoe({ ...shoeStart('x'), type: 'open' } as never, META))).code).to.equal('BAD_EVENT');
    expect((await rejection(store.createShoe(shoeStart('../evil'), META))).code).to.equal('BAD_SHOE_ID');
    expect((await rejection(store.createShoe(shoeStart('x', 'T2'), META))).code).to.equal('TABLE_MISMATCH');
    await store.createShoe(shoeStart('a'), META);
    expect((await rejection(store.createShoe(shoeStart('b'), META))).code).to.equal('SHOE_IN_PLAY');
    expect((await rejection(store.append('nope', [card(1)], META))).code).to.equal('UNKNOWN_SHOE');
    expect((await rejection(store.append('a', [shoeStart('a')], META))).code).to.equal('BAD_EVENT');
    expect((await rejection(store.append('a', [{ type: 'end', reason: 'empty' }, card(1)], META))).code).to.equal('BAD_EVENT');
    await store.append('a', [{ type: 'end', reason: 'empty' }], META);
    expect((await rejection(store.append('a', [card(1)], META))).code).to.equal('SHOE_ENDED');
    expect((await rejection(store.createShoe(shoeStart('a'), META))).code).to.equal('SHOE_EXISTS');
    await store.close();
    expect((await rejection(store.append('a', [card(1)], META))).code).to.equal('CLOSED');
  });

  it('refuses to open a data directory that records another table', async () => {
    const dir = await tempDir();
    await (await TableStore.open(dir, { table: 'T1' })).close();
    expect((await rejection(TableStore.open(dir, { table: 'T2' }))).code).to.equal('TABLE_MISMATCH');
  });
});

describe('TableStore: the index of shoes (lowdb)', () => {
  it('lists shoes oldest first, knows the one in play, marks ended ones, and survives a reopen', async () => {
    const dir = await tempDir();
    const store = await TableStore.open(dir, { table: 'T1' });
    expect(store.currentShoeId()).to.equal(null);
    await store.createShoe(shoeStart('one'), { at: '2025-06-01T20:00:00.000Z', by: 'chef' });
    expect(store.currentShoeId()).to.equal('one');
    await store.append('one', [card(1)], META);
    const [end] = await store.append('one', [{ type: 'end', reason: 'suspended' }], { at: '2025-06-01T21:00:00.000Z', by: 'chef' });
    expect(store.currentShoeId()).to.equal(null);
    await store.createShoe(shoeStart('two'), { at: '2025-06-01T21:05:00.000Z', by: 'chef' });
    await store.close();

    const again = await TableStore.open(dir);
    expect(again.table).to.equal('T1');
    expect(again.currentShoeId()).to.equal('two');
    expect(again.listShoes()).to.deep.equal([
      {
        id: 'one',
        table: 'T1',
        startedAt: '2025-06-01T20:00:00.000Z',
        endedAt: '2025-06-01T21:00:00.000Z',
        endReason: 'suspended',
        events: 3,
        lastHash: end!.hash,
      },
      { id: 'two', table: 'T1', startedAt: '2025-06-01T21:05:00.000Z' },
    ]);
    const onDisk = JSON.parse(await readFile(`${dir}/index.json`, 'utf8')) as { currentShoe: string; shoes: unknown[] };
    expect(onDisk.currentShoe).to.equal('two');
    expect(onDisk.shoes).to.have.length(2);
    await again.append('two', [card(1)], META);
    await again.close();
  });
});
