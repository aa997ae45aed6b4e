/**
 * `tq serve --central` killed with SIGKILL 10 times while it catches up a
 * backlog of ~24,000 events (docs/central-store.md): each restart resumes
 * from what the central store holds. At the end the central copy equals the
 * table's files — no event lost, none doubled — and verifies.
 */
import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../server/cli/tq.ts';
import { centralPool } from '../../../server/central/central-connect.ts';
import { createDemoUsers } from '../../../server/http/users.ts';
import { TableStore } from '../../../server/store/table-store.ts';
import { captureIo } from '../cli/cli-io.ts';
import { bundleServe, freePort, ServerProcess } from '../crash/server-process.ts';
import { until } from '../../support/until.ts';
import { freshDatabase, keyAndRegister, startThrowawayPostgres, type ThrowawayPostgres } from './central-server.ts';
import { cloneShoes } from './backlog.ts';
import { openDealingTable } from './dealing-table.ts';

const KILLS = 10;

describe('central witness: tq serve killed 10 times during catch-up', function () {
  this.timeout(120_000);
  let pg: ThrowawayPostgres;
  let dir = '';
  let server: ServerProcess | null = null;
  before(async () => {
    pg = await startThrowawayPostgres();
  });
  after(async () => {
    await server?.kill();
    await pg?.destroy();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('loses no event and doubles none', async () => {
    const url = await freshDatabase(pg);
    dir = await mkdtemp(join(tmpdir(), 'tq-catchup-'));
    const key = await keyAndRegister(url, dir, 'T1');
    const table = await openDealingTable({ table: 'T1', dir, seed: 8 });
    await table.dealShoes(1);
    await table.close();
    await cloneShoes(dir, 59, key);
    const store = await TableStore.open(dir);
    const local = store.listShoes().reduce((n, s) => n + (s.events ?? 0), 0);
    await store.close();
    expect(local).to.be.greaterThan(23_000);

    await createDemoUsers(join(dir, 'users.json'));
    const args = [
      '--data',
      dir,
      '--table',
      'T1',
      '--mock-serial',
      '--serial',
      '/dev/tq-none',
      '--host',
      '127.0.0.1',
      '--port',
      String(await freePort()),
      '--central',
      url,
      '--log-level',
      'info',
    ];
    server = new ServerProcess(await bundleServe(), args);
    const pool = centralPool(url);
    const count = async () => Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE table_id = 'T1'`)).rows[0]!.n);
    try {
      for (let kill = 0; kill < KILLS; kill++) {
        const before = await count();
        await server.start();
        // Killed as soon as this run has sent something: always in the middle of the catch-up.
        await until(async () => (await count()) > before, `run ${kill + 1} sends events`, 15_000, 1);
        await server.kill();
        expect(await count(), `still catching up at kill ${kill + 1}`).to.be.lessThan(local);
      }
      await server.start();
      await until(async () => (await count()) === local, 'the whole backlog in the central store', 30_000);
      const doubled = await pool.query(`SELECT shoe_id, i FROM events WHERE table_id = 'T1' GROUP BY shoe_id, i HAVING count(*) > 1`);
      expect(doubled.rowCount).to.equal(0);
      await server.stop();
    } finally {
      await pool.end();
    }
    const io = captureIo();
    const status = await main(['verify', '--data', dir, '--central', url], io);
    expect(status, io.out()).to.equal(0);
  });
});
