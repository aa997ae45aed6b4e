/**
 * The external anchor (docs/central-store.md#anchor), on a real PostgreSQL:
 * `tq central anchor` writes a signed checkpoint of every table's head;
 * `tq verify --central --anchor` proves the archive still holds what it
 * committed to — a shoe the database's owner deletes after the checkpoint
 * fails it, even the latest one, which nothing else in the archive names.
 */
import { expect } from 'chai';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../server/cli/tq.ts';
import { centralPool } from '../../../server/central/central-connect.ts';
import { captureIo } from '../cli/cli-io.ts';
import { until } from '../../support/until.ts';
import { freshDatabase, keyAndRegister } from './central-server.ts';
import { openDealingTable, witnessSuite } from './dealing-table.ts';

async function tq(...argv: string[]) {
  const io = captureIo();
  const status = await main(argv, io);
  return { status, out: io.out(), err: io.err() };
}

describe('central witness: the external anchor', function () {
  this.timeout(90_000);
  const suite = witnessSuite();

  it('checkpoints every head, verifies against it (whole or since it), and fails once a shoe it committed to is deleted', async () => {
    const url = await freshDatabase(suite.pg);
    const dir = await mkdtemp(join(tmpdir(), 'tq-anchor-table-'));
    const out = await mkdtemp(join(tmpdir(), 'tq-anchor-'));
    try {
      await keyAndRegister(url, dir, 'T1');
      const t = await openDealingTable({ table: 'T1', dir, central: url, seed: 41 });
      suite.tables.push(t);
      await t.dealShoes(2);
      await until(async () => (await tq('verify', '--data', dir, '--central', url)).status === 0, 'witnessed');
      const made = await tq('central', 'anchor', '--central', url, '--out', out);
      expect(made.status, made.err).to.equal(0);
      expect(made.out).to.match(/anchor-.*\.json: 1 table\(s\), root [0-9a-f]{64}, signed by \S+/);
      const file = join(out, (await readdir(out)).find((f) => f.startsWith('anchor-'))!);
      const anchor = JSON.parse(await readFile(file, 'utf8'));
      const head = t.store.listShoes().at(-1)!;
      expect(anchor.heads).to.deep.equal([{ table: 'T1', shoe: head.id, i: head.events! - 1, hash: head.lastHash, ordinal: 2 }]);

      expect((await tq('verify', '--central', url, '--anchor', file)).status).to.equal(0);
      await t.deal(30); // the next day's play
      await until(() => t.witness!.state().state === 'in-sync', 'in sync');
      const since = await tq('verify', '--central', url, '--anchor', file, '--since-anchor', '--anchor-key', anchor.key);
      expect(since.status, since.out).to.equal(0);
      expect(since.out).to.match(/: 2 shoe\(s\) verified since it, 0 problem\(s\) with it: OK/);
      const forged = join(out, 'forged.json');
      await writeFile(forged, JSON.stringify({ ...anchor, heads: [{ ...anchor.heads[0], i: 3 }] }));
      expect((await tq('verify', '--central', url, '--anchor', forged)).out).to.match(
        /checkpoint: anchor-mismatch: the checkpoint's heads do not give its Merkle root/,
      );

      await t.close();
      suite.tables.pop();
      // The owner, triggers off, deletes the new shoe and the checkpoint's head shoe with its seals.
      const pool = centralPool(url);
      const client = await pool.connect();
      try {
        await client.query('SET session_replication_role = replica');
        const last = t.store.listShoes().at(-1)!.id;
        for (const shoe of [last, head.id]) {
          await client.query(`DELETE FROM events WHERE table_id = 'T1' AND shoe_id = $1`, [shoe]);
          await client.query(`DELETE FROM seals WHERE table_id = 'T1' AND shoe_id = $1`, [shoe]);
        }
      } finally {
        client.release();
        await pool.end();
      }
      expect((await tq('verify', '--central', url)).status, 'the archive alone no longer shows it').to.equal(0);
      const r = await tq('verify', '--central', url, '--anchor', file);
      expect(r.status, r.out).to.equal(1);
      expect(r.out).to.include(`table T1 shoe ${head.id}: event ${head.events! - 1}: anchor-mismatch: the checkpoint of ${anchor.at} committed to event`);
      expect((await tq('verify', '--central', url, '--anchor', file, '--since-anchor')).status).to.equal(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
      await rm(out, { recursive: true, force: true });
    }
  });
});
