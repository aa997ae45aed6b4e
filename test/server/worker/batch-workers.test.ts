import { expect } from 'chai';
import { BatchCursor, verifyOnThreads, type BatchSource } from '../../../server/worker/batch-workers.ts';

/** Ten items in batches of four; each batch's results are its items doubled, kept by start. */
class Doubles extends BatchCursor implements BatchSource<number> {
  readonly kept = new Map<number, readonly number[]>();
  constructor() {
    super(10, 4);
  }
  items(start: number): number[] {
    return Array.from({ length: Math.min(this.size, this.length - start) }, (_, k) => start + k);
  }
  message(start: number) {
    return { message: { items: this.items(start) } };
  }
  keep(start: number, results: readonly number[]): void {
    expect(this.kept.has(start), `batch ${start} kept twice`).to.equal(false);
    this.kept.set(start, results);
  }
}

const doubled = (q: Doubles) => (start: number) => q.items(start).map((i) => 2 * i);

describe('the batches of a verify, shared by workers and this thread', () => {
  it('hands out each batch start once, and a batch handed back first', () => {
    const c = new BatchCursor(10, 4);
    expect([c.take(), c.take()]).to.deep.equal([0, 4]);
    c.handBack(0);
    expect([c.take(), c.take(), c.take()]).to.deep.equal([0, 8, undefined]);
  });

  it('verifies every batch on this thread when there are no workers', async () => {
    const q = new Doubles();
    expect(await verifyOnThreads(q, doubled(q), null)).to.equal(0);
    expect([...q.kept].sort(([a], [b]) => a - b)).to.deep.equal([
      [0, [0, 2, 4, 6]],
      [4, [8, 10, 12, 14]],
      [8, [16, 18]],
    ]);
  });

  it('verifies here until a worker is ready, then leaves the rest to the workers and counts what they gave', async () => {
    const q = new Doubles();
    const here: number[] = [];
    // ready once this thread has verified its first batch
    const workers = (onReady: () => void) =>
      new Promise<number>((resolve) =>
        setImmediate(() => {
          onReady();
          let given = 0;
          for (let start = q.take(); start !== undefined; start = q.take()) {
            q.keep(start, doubled(q)(start));
            given += q.items(start).length;
          }
          resolve(given);
        }),
      );
    const byWorkers = await verifyOnThreads(
      q,
      (start) => {
        here.push(start);
        return doubled(q)(start);
      },
      workers,
    );
    expect(here, 'batches verified here').to.deep.equal([0]);
    expect(byWorkers, 'items the workers verified').to.equal(6);
    expect([...q.kept.keys()].sort((a, b) => a - b)).to.deep.equal([0, 4, 8]);
  });

  it('verifies here what a failed worker handed back, after the workers end', async () => {
    const q = new Doubles();
    const workers = (onReady: () => void) => {
      onReady();
      const start = q.take()!;
      q.handBack(start); // failed holding it
      return Promise.resolve(0);
    };
    expect(await verifyOnThreads(q, doubled(q), workers, false)).to.equal(0);
    expect([...q.kept.keys()].sort((a, b) => a - b)).to.deep.equal([0, 4, 8]);
  });
});
