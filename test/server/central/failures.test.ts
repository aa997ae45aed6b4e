/**
 * What goes wrong between a table and its witness (docs/central-store.md): a
 * key that is not the registered one, a wrong URL, a database without the
 * schema, a store that rejects the table's writes. Each is a clear error or
 * alert; the table never crashes, keeps dealing, and its own record stays whole.
 */
import { expect } from 'chai';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../server/cli/tq.ts';
import { centralPool } from '../../../server/central/central-connect.ts';
import { createSurveillanceRole, registerTable } from '../../../server/central/central-admin.ts';
import { initTableKey } from '../../../server/central/table-keys.ts';
import { captureIo } from '../cli/cli-io.ts';
import { until } from '../../support/until.ts';
import { freshDatabase } from './central-server.ts';
import { openDealingTable, type DealingTable, witnessSuite } from './dealing-table.ts';

async function tq(...argv: string[]) {
  const io = captureIo();
  const status = await main(argv, io);
  return { status, out: io.out(), err: io.err() };
}

describe('central witness: what goes wrong', function () {
  this.timeout(60_000);
  const suite = witnessSuite();
  const tables = suite.tables;

  /** Deals 30 cards on a table replicating to `url`, waits for `alert`, then checks the local record is whole. */
  async function dealsOnWith(
    url: string,
    dir: string,
    alert: (state: NonNullable<DealingTable['witness']>['state']) => boolean,
    what: string,
  ): Promise<DealingTable> {
    const t = await openDealingTable({ table: 'T1', dir, central: url, seed: 5 });
    tables.push(t);
    await t.deal(30);
    await until(() => alert(() => t.witness!.state()), what);
    expect(t.service.state().lastSeq).to.equal(30);
    const local = await tq('verify', '--data', dir);
    expect(local.status, local.out).to.equal(0);
    return t;
  }

  it('alerts when the table’s key is not the registered one, and surveillance’s verify rejects its seals', async () => {
    const url = await freshDatabase(suite.pg);
    const dir = await mkdtemp(join(tmpdir(), 'tq-fail-'));
    await initTableKey(dir);
    const other = await initTableKey(await mkdtemp(join(tmpdir(), 'tq-other-')));
    const pool = centralPool(url);
    await registerTable(pool, 'T1', other.publicLine).finally(() => pool.end());
    const t = await dealsOnWith(url, dir, (s) => s().alert?.code === 'KEY_MISMATCH', 'the key-mismatch alert');
    await t.dealShoes(1);
    const r = await until(async () => {
      const v = await tq('verify', '--central', url);
      return v.out.includes('bad-seal') ? v : undefined;
    }, 'verify reports the seals');
    expect(r.status).to.equal(1);
    expect(r.out).to.match(/is not signed by the key registered for table T1/);
  });

  it('deals on with a wrong URL, showing the store down since when it stopped answering', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tq-fail-'));
    await dealsOnWith(
      `postgres://postgres@127.0.0.1:1/none`,
      dir,
      (s) => s().state === 'down' && s().behind >= 30 && s().downSince !== undefined,
      'down, behind every event',
    );
    const r = await tq('verify', '--central', 'postgres://postgres@127.0.0.1:1/none');
    expect(r.status).to.equal(1);
    expect(r.err).to.match(/the central store cannot be reached/);
    expect((await tq('verify', '--central', 'http://example.org/')).err).to.match(/not a postgres:\/\/ URL/);
  });

  it('alerts on a database without the schema, and tells surveillance to run init', async () => {
    const url = await freshDatabase(suite.pg, false);
    const dir = await mkdtemp(join(tmpdir(), 'tq-fail-'));
    await dealsOnWith(url, dir, (s) => s().alert?.code === 'NO_SCHEMA', 'the no-schema alert');
    const r = await tq('verify', '--central', url);
    expect(r.status).to.equal(1);
    expect(r.err).to.match(/has no schema: run `tq central init/);
    expect((await tq('central', 'init', '--central', url)).status).to.equal(0);
  });

  it('alerts when the central store rejects the table’s writes (a read-only role), and catches up once allowed', async () => {
    const url = await freshDatabase(suite.pg);
    const dir = await mkdtemp(join(tmpdir(), 'tq-fail-'));
    const key = await initTableKey(dir);
    const pool = centralPool(url);
    try {
      await registerTable(pool, 'T1', key.publicLine);
      await createSurveillanceRole(pool, 'readonly_t1');
    } finally {
      await pool.end();
    }
    const readOnly = suite.pg.urlFor({ database: new URL(url).pathname.slice(1), user: 'readonly_t1' });
    const t = await dealsOnWith(readOnly, dir, (s) => s().alert?.code === 'REJECTED' && s().behind > 0, 'the rejected-writes alert');
    const admin = centralPool(url);
    try {
      await admin.query('GRANT tq_appender TO readonly_t1');
      await admin.query(`INSERT INTO table_appenders (role_name, table_id) VALUES ('readonly_t1', 'T1')`);
      await until(() => t.witness!.state().state === 'in-sync', 'caught up once the role may append', 15_000);
      expect(t.witness!.state().alert).to.equal(undefined);
      const n = (await admin.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE table_id = 'T1'`)).rows[0]!.n;
      expect(Number(n)).to.equal((await t.store.readShoe(t.store.currentShoeId()!)).length);
    } finally {
      await admin.end();
    }
  });

  it('alerts when the central store already holds another event at the index the table sends, and never overwrites it', async () => {
    const url = await freshDatabase(suite.pg);
    const dir = await mkdtemp(join(tmpdir(), 'tq-fail-'));
    const key = await initTableKey(dir);
    const admin = centralPool(url);
    try {
      await registerTable(admin, 'T1', key.publicLine);
      const t = await openDealingTable({ table: 'T1', dir, central: url, seed: 6 });
      tables.push(t);
      await t.deal(10);
      await until(() => t.witness!.state().state === 'in-sync', 'in sync');
      const shoe = t.store.currentShoeId()!;
      const next = (await t.store.readShoe(shoe)).length;
      const forged = { type: 'fault', code: 'X', text: 'forged', i: next, prev: 'f'.repeat(64), hash: 'e'.repeat(64) };
      await admin.query('INSERT INTO events (table_id, shoe_id, i, type, line, prev, hash) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        'T1',
        shoe,
        next,
        'fault',
        JSON.stringify(forged),
        forged.prev,
        forged.hash,
      ]);
      await t.deal(1);
      const alert = await until(() => t.witness!.state().alert, 'the divergence alert');
      expect(alert.code).to.equal('DIVERGED');
      expect(alert.message).to.include(`shoe ${shoe} event ${next}`);
      const held = (await admin.query<{ hash: string }>('SELECT hash FROM events WHERE table_id = $1 AND shoe_id = $2 AND i = $3', ['T1', shoe, next]))
        .rows[0]!;
      expect(held.hash).to.equal(forged.hash);
      const r = await tq('verify', '--data', dir, '--central', url);
      expect(r.status).to.equal(1);
      expect(r.out).to.include(`event ${next}: differs`);
    } finally {
      await admin.end();
    }
  });

  it('refuses to register a malformed key, and a second key for a registered table', async () => {
    const url = await freshDatabase(suite.pg);
    const bad = await tq('central', 'register', '--central', url, '--table', 'T1', '--key', 'not-a-key');
    expect(bad.status).to.equal(2);
    expect(bad.err).to.match(/not a public key as `tq keys show` prints it/);
    const rsa = 'MCowBQYDK2VuAyEAMGPcLfKSLv+Y3fhxZ8vWc1mAk2pLtmTAW0NAz4P6dzE='; // an X25519 key: the right shape, the wrong kind
    expect((await tq('central', 'register', '--central', url, '--table', 'T1', '--key', rsa)).err).to.match(/not Ed25519|not a public key/);
    const a = await initTableKey(await mkdtemp(join(tmpdir(), 'tq-k-')));
    const b = await initTableKey(await mkdtemp(join(tmpdir(), 'tq-k-')));
    expect((await tq('central', 'register', '--central', url, '--table', 'T1', '--key', a.publicLine)).status).to.equal(0);
    expect((await tq('central', 'register', '--central', url, '--table', 'T1', '--key', a.publicLine)).out).to.match(/already registered/);
    const second = await tq('central', 'register', '--central', url, '--table', 'T1', '--key', b.publicLine);
    expect(second.status).to.equal(1);
    expect(second.err).to.match(/registered with another key/);
  });
});
