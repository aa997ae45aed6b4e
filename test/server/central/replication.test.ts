/**
 * Replication to the central witness (docs/central-store.md), against a real
 * PostgreSQL: several tables dealing at once, the central server stopped in
 * the middle of a shoe, and a table restarted — each central copy ends equal
 * to the table's files, nothing lost, nothing doubled.
 */
import { expect } from 'chai';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../server/cli/tq.ts';
import { centralPool } from '../../../server/central/central-connect.ts';
import { sealsFilePath } from '../../../server/central/seal-file.ts';
import { shoeFilePath } from '../../../server/store/data-dir.ts';
import { captureIo } from '../cli/cli-io.ts';
import { until } from '../../support/until.ts';
import { freshDatabase, keyAndRegister } from './central-server.ts';
import { openDealingTable, type DealingTable, witnessSuite } from './dealing-table.ts';

async function tq(...argv: string[]) {
  const io = captureIo();
  const status = await main(argv, io);
  return { status, out: io.out(), err: io.err() };
}

/** A data directory whose table has its key, registered centrally (surveillance's step before the table replicates). */
async function tableDir(url: string, table: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `tq-central-${table}-`));
  await keyAndRegister(url, dir, table);
  return dir;
}

async function centralCount(url: string, table: string): Promise<number> {
  const pool = centralPool(url);
  try {
    return Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM events WHERE table_id = $1', [table])).rows[0]!.n);
  } finally {
    await pool.end();
  }
}

/** Every event the table stored, as `table:shoe:i`, from its own files. */
async function localEventCount(t: DealingTable): Promise<number> {
  let n = 0;
  for (const s of t.store.listShoes()) n += (await readFile(shoeFilePath(t.dir, s.id), 'utf8')).split('\n').filter(Boolean).length;
  return n;
}

describe('central witness: replication', function () {
  this.timeout(60_000);
  const suite = witnessSuite();
  const tables = suite.tables;

  it('keeps three tables dealing at once, each central copy equal to its files line for line', async () => {
    const url = await freshDatabase(suite.pg);
    for (const id of ['T1', 'T2', 'T3']) {
      const dir = await tableDir(url, id);
      tables.push(await openDealingTable({ table: id, dir, central: url, seed: tables.length + 1 }));
    }
    await Promise.all(tables.map((t, k) => (k === 0 ? t.dealShoes(1) : t.deal(150 + 40 * k))));
    for (const t of tables) {
      const local = await localEventCount(t);
      await until(
        async () => (await centralCount(url, t.table)) === local && t.witness!.state().state === 'in-sync',
        `table ${t.table}'s ${local} events in the central store`,
      );
      for (const shoe of t.store.listShoes()) {
        const fromData = await tq('export', '--data', t.dir, '--shoe', shoe.id);
        const fromCentral = await tq('export', '--central', url, '--table', t.table, '--shoe', shoe.id);
        expect(fromCentral.status, fromCentral.err).to.equal(0);
        expect(fromCentral.out).to.equal(fromData.out);
        expect(fromCentral.out.split('\n').length).to.be.greaterThan(100);
        // by the end of its id the screens show, as --data takes it (outsider pass 38)
        const byEnd = await tq('export', '--central', url, '--table', t.table, '--shoe', shoe.id.slice(-8));
        expect(byEnd.status, byEnd.err).to.equal(0);
        expect(byEnd.out).to.equal(fromData.out);
      }
    }
    const ended = tables[0]!;
    await until(
      async () => (await readFile(sealsFilePath(ended.dir, ended.store.listShoes()[0]!.id), 'utf8').catch(() => '')).includes('"final":true'),
      'the final seal of the ended shoe',
    );
    const archive = await until(async () => {
      const r = await tq('verify', '--central', url);
      return r.status === 0 ? r : undefined;
    }, 'the central archive verifies (chains, seals, rules)');
    expect(archive.out).to.match(/3 table\(s\), 3 shoe\(s\), 0 with problems/);
    for (const t of tables) {
      const witnessed = await tq('verify', '--data', t.dir, '--central', url);
      expect(witnessed.status, witnessed.out).to.equal(0);
    }
  });

  it('deals on while the central server is stopped mid-shoe, then catches up with nothing lost or doubled', async () => {
    const url = await freshDatabase(suite.pg);
    const t = await openDealingTable({ table: 'T1', dir: await tableDir(url, 'T1'), central: url, seed: 9 });
    tables.push(t);
    await t.deal(40);
    await until(
      async () => t.witness!.state().state === 'in-sync' && (await centralCount(url, 'T1')) === (await localEventCount(t)),
      'in sync before the outage',
    );

    await suite.pg.stop();
    const stoppedAt = Date.now();
    // The outage lasts while the table deals on: 5 s here (the witnessed scenario is 30 s; the behaviour is the same).
    while (Date.now() - stoppedAt < 5_000) await t.deal(5);
    const state = await until(() => (t.witness!.state().state === 'down' ? t.witness!.state() : undefined), 'the witness reports the store down');
    expect(state.behind).to.be.greaterThan(0);
    expect(state.downSince).to.be.a('string');
    expect(t.service.linkStatus().central?.state).to.equal('down');

    await suite.pg.start();
    await t.deal(10);
    // The record grows by the outage's own events (witness lost, then restored): counted afresh on every poll.
    await until(
      async () =>
        (await localEventCount(t)) === (await centralCount(url, 'T1')) &&
        t.witness!.state().state === 'in-sync' &&
        (await tq('export', '--data', t.dir, '--shoe', t.store.currentShoeId()!)).out.includes('"state":"restored"'),
      'caught up after the outage',
      20_000,
    );
    const shoe = t.store.currentShoeId()!;
    const fromData = await tq('export', '--data', t.dir, '--shoe', shoe);
    const fromCentral = await tq('export', '--central', url, '--table', 'T1', '--shoe', shoe);
    expect(fromCentral.out).to.equal(fromData.out);
    const witnessed = await tq('verify', '--data', t.dir, '--central', url);
    expect(witnessed.status, witnessed.out).to.equal(0);
  });

  it('resumes after a restart of the table from what the central store holds, sending the rest from its files', async () => {
    const url = await freshDatabase(suite.pg);
    const first = await openDealingTable({ table: 'T1', seed: 4 }); // no central yet: the record is only local
    tables.push(first);
    await first.deal(120);
    await first.close();
    tables.pop();
    await keyAndRegister(url, first.dir, 'T1');
    const again = await openDealingTable({ table: 'T1', dir: first.dir, central: url, seed: 4 });
    tables.push(again);
    const local = await localEventCount(again);
    await until(async () => (await centralCount(url, 'T1')) === local, 'the backlog sent on start');
    await again.deal(20);
    await until(async () => (await centralCount(url, 'T1')) === (await localEventCount(again)), 'the live events after the backlog');
    const witnessed = await tq('verify', '--data', again.dir, '--central', url);
    expect(witnessed.status, witnessed.out).to.equal(0);
  });
});
