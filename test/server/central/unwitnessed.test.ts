/**
 * Bounded unwitnessed play (docs/central-store.md#unwitnessed), on a real
 * PostgreSQL stopped and started by the test: the outage is written in the
 * shoe, the table refuses to open a coup once the witness has been gone
 * longer than the bound until the chef acknowledges dealing unwitnessed, and
 * verification flags that play. On start the table never
 * signs play it did not see being made (route 3).
 */
import { expect } from 'chai';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../server/cli/tq.ts';
import { readSeals } from '../../../server/central/seal-file.ts';
import { shoeFilePath } from '../../../server/store/data-dir.ts';
import { captureIo } from '../cli/cli-io.ts';
import { until } from '../../support/until.ts';
import { freshDatabase, keyAndRegister } from './central-server.ts';
import { openDealingTable, witnessSuite } from './dealing-table.ts';

async function tq(...argv: string[]) {
  const io = captureIo();
  const status = await main(argv, io);
  return { status, out: io.out(), err: io.err() };
}

const CHEF = { user: 'chef', role: 'chef' } as const;

async function shoeEvents(dir: string, shoe: string): Promise<Record<string, unknown>[]> {
  return (await readFile(shoeFilePath(dir, shoe), 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('central witness: bounded unwitnessed play', function () {
  this.timeout(90_000);
  const suite = witnessSuite();

  it('records the outage in the shoe, refuses a new coup past the bound until the chef acknowledges, and verify flags the play', async () => {
    const url = await freshDatabase(suite.pg);
    const dir = await mkdtemp(join(tmpdir(), 'tq-unwitnessed-'));
    await keyAndRegister(url, dir, 'T1');
    const t = await openDealingTable({ table: 'T1', dir, central: url, seed: 21, unwitnessedLimitMs: 1_500 });
    suite.tables.push(t);
    await t.deal(20);
    await until(() => t.witness!.state().state === 'in-sync', 'in sync before the outage');
    const shoe = t.store.currentShoeId()!;

    await suite.pg.stop();
    try {
      const down = await until(async () => {
        await t.deal(1);
        return t.witness!.state().state === 'down' ? t.witness!.state() : undefined;
      }, 'the witness down');
      await until(async () => (await shoeEvents(dir, shoe)).some((e) => e.type === 'witness' && e.state === 'lost'), 'the outage in the shoe');
      await until(() => Date.now() - Date.parse(down.downSince!) > 1_600, 'the bound passed');
      const refused = await t.deal(40).then(
        () => null,
        (e: unknown) => e as Error & { code?: string },
      );
      expect(refused?.code, 'the table refuses to open a coup').to.equal('DEALING_REFUSED');
      expect(refused!.message).to.match(/the central witness has been unreachable since .*: the chef de table must acknowledge dealing unwitnessed/);
      await t.service.command({ type: 'witness', state: 'dealing-unwitnessed' }, CHEF);
      await t.deal(10); // coups open again
    } finally {
      await suite.pg.start();
    }
    await until(async () => (await shoeEvents(dir, shoe)).some((e) => e.type === 'witness' && e.state === 'restored'), 'the recovery in the shoe', 20_000);
    await until(() => t.witness!.state().state === 'in-sync', 'caught up');
    const events = await shoeEvents(dir, shoe);
    const witness = events.filter((e) => e.type === 'witness').map((e) => `${String(e.state)} by ${String(e.by)}`);
    expect(witness).to.deep.equal(['lost by system', 'dealing-unwitnessed by chef', 'restored by system']);

    const r = await tq('verify', '--data', dir, '--central', url, '--late-after', '1');
    expect(r.status, r.out).to.equal(1);
    expect(r.out).to.match(
      new RegExp(
        `shoe ${shoe}: event \\d+: dealt-unwitnessed \\(central store\\): events \\d+ to \\d+ were dealt while the central witness was unreachable, for \\d+ s, acknowledged by the chef de table`,
      ),
    );
    expect(r.out).to.match(/witnessed late/);
  });

  it('does not sign, on start, play it did not see being made: marks it in the shoe, and verify flags it', async () => {
    const url = await freshDatabase(suite.pg);
    const dir = await mkdtemp(join(tmpdir(), 'tq-unsealed-'));
    await keyAndRegister(url, dir, 'T1');
    const first = await openDealingTable({ table: 'T1', dir, central: url, seed: 22 });
    await first.deal(20);
    await first.close();
    const shoe = first.store.currentShoeId()!;
    const sealed = (await readSeals(dir, shoe)).at(-1)!.i;
    const offline = await openDealingTable({ table: 'T1', dir, seed: 22 }); // no witness, no sealer: the key is on the disk
    await offline.deal(15);
    await offline.close();
    const dealtAt = Date.now();
    const head = (await shoeEvents(dir, shoe)).at(-1)!.i as number;
    await until(() => Date.now() - dealtAt > 1_500, 'time after the offline play');

    const again = await openDealingTable({ table: 'T1', dir, central: url, seed: 22 });
    suite.tables.push(again);
    const marker = await until(async () => (await shoeEvents(dir, shoe)).find((e) => e.type === 'witness' && e.state === 'unsealed'), 'the marker');
    expect(marker).to.include({ from: sealed + 1, to: head });
    expect(
      (await readSeals(dir, shoe)).some((s) => s.i === head),
      'the head found unsealed is not signed',
    ).to.equal(false);
    await until(async () => (await tq('verify', '--data', dir, '--central', url)).status === 0, 'within the seal interval, the archive verifies');
    const r = await tq('verify', '--data', dir, '--central', url, '--late-after', '1');
    expect(r.status, r.out).to.equal(1);
    expect(r.out).to.include(`shoe ${shoe}: event ${sealed + 1}: unsealed-at-restart (central store): events ${sealed + 1} to ${head} were found unsealed`);
    const local = await tq('verify', '--data', dir, '--late-after', '1');
    expect(local.status, local.out).to.equal(1);
    expect(local.out).to.include(`${shoe}: event ${sealed + 1}: unsealed-at-restart`);
  });

  it('holds no shoe to a seal that ended before the table had its key', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tq-before-key-'));
    const t = await openDealingTable({ table: 'T1', dir, seed: 23 });
    suite.tables.push(t);
    await t.dealShoes(1);
    await t.close();
    await until(() => Date.now() > Date.parse(t.store.listShoes()[0]!.endedAt!) + 20, 'a moment after the end');
    const { initTableKey } = await import('../../../server/central/table-keys.ts');
    await initTableKey(dir);
    const r = await tq('verify', '--data', dir);
    expect(r.status, r.out).to.equal(0);
  });
});
