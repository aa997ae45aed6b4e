/**
 * The lifecycle of a table's key (docs/central-store.md#keys), on a real
 * PostgreSQL: registrations are an append-only history with who and when,
 * a rotation must be signed by the key it replaces, and an owner who swaps
 * `tables.public_key` to re-sign a rewritten archive fails verification
 *.
 */
import { expect } from 'chai';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../server/cli/tq.ts';
import { centralPool } from '../../../server/central/central-connect.ts';
import { keyHistory, revokeTableKey, rotateTableKey, signRotation } from '../../../server/central/key-history.ts';
import { upsertStatus } from '../../../server/central/central-writer.ts';
import { makeSeal } from '../../../server/central/seal.ts';
import { statusSignedAt } from '../../../server/central/signed-status.ts';
import { publicKeyLine } from '../../../server/central/table-keys.ts';
import { canonicalJsonWithout } from '../../../server/store/canonical-json.ts';
import { hashOfEvent } from '../../../server/store/hash-chain.ts';
import { lineOf } from '../../../server/store/stored-event.ts';
import { captureIo } from '../cli/cli-io.ts';
import { until } from '../../support/until.ts';
import { freshDatabase, keyAndRegister, startThrowawayPostgres, type ThrowawayPostgres } from './central-server.ts';
import { openDealingTable } from './dealing-table.ts';

async function tq(...argv: string[]) {
  const io = captureIo();
  const status = await main(argv, io);
  return { status, out: io.out(), err: io.err() };
}

describe('central witness: the key lifecycle', function () {
  this.timeout(60_000);
  let pg: ThrowawayPostgres;
  let url = '';
  let dir = '';
  let shoe = '';

  before(async () => {
    pg = await startThrowawayPostgres();
  });
  beforeEach(async () => {
    url = await freshDatabase(pg);
    dir = await mkdtemp(join(tmpdir(), 'tq-keys-'));
    await keyAndRegister(url, dir, 'T1');
    const table = await openDealingTable({ table: 'T1', dir, central: url, seed: 31 });
    await table.dealShoes(1);
    shoe = table.store.listShoes()[0]!.id;
    await until(async () => (await tq('verify', '--data', dir, '--central', url)).status === 0, 'the record witnessed');
    // The status row is published on its own beat (1 s): closed before its first, the table leaves none for route 5's test.
    const pool = centralPool(url);
    await until(async () => (await pool.query(`SELECT 1 FROM table_status WHERE table_id = 'T1'`)).rowCount === 1, "the table's status row").finally(() =>
      pool.end(),
    );
    await table.close();
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  after(async () => {
    await pg?.destroy();
  });

  it('keeps every registration with who and when, and refuses to change the key outside a signed rotation', async () => {
    const pool = centralPool(url);
    try {
      const [first] = await keyHistory(pool, 'T1');
      expect(first).to.include({ keyNo: 1, registeredBy: 'postgres', rotationSig: null, revokedAt: null });
      const other = publicKeyLine(generateKeyPairSync('ed25519').publicKey);
      const refused = await pool.query(`UPDATE tables SET public_key = $1 WHERE table_id = 'T1'`, [other]).catch((e: Error) => e);
      expect(String(refused)).to.match(/a table's key changes only by a rotation signed by its current key/);
      const forged = await rotateTableKey(pool, 'T1', other, 'AAAA').catch((e: Error) => e);
      expect(String(forged)).to.match(/not signed by its current key 1/);
      expect(await keyHistory(pool, 'T1')).to.have.length(1);
    } finally {
      await pool.end();
    }
    expect((await tq('verify', '--central', url)).status).to.equal(0);
  });

  it('accepts a rotation signed by the old key: seals of either key verify, and a revocation is kept', async () => {
    const { loadTableKey } = await import('../../../server/central/table-keys.ts');
    const old = await loadTableKey(dir);
    const next = generateKeyPairSync('ed25519');
    const line = publicKeyLine(next.publicKey);
    const pool = centralPool(url);
    try {
      expect(await rotateTableKey(pool, 'T1', line, signRotation(old.privateKey, 'T1', 2, line))).to.equal(2);
      await revokeTableKey(pool, 'T1', 1, 'rotated');
      const history = await keyHistory(pool, 'T1');
      expect(history.map((k) => k.keyNo)).to.deep.equal([1, 2]);
      expect(history[0]!.revokedAt).to.be.a('string');
    } finally {
      await pool.end();
    }
    const r = await tq('verify', '--central', url);
    expect(r.status, r.out).to.equal(0); // the shoe was sealed by key 1 before its revocation
  });

  it('fails when the owner swaps the registered key and re-signs a rewritten archive with it (route 4)', async () => {
    const attacker = generateKeyPairSync('ed25519');
    const pool = centralPool(url);
    const client = await pool.connect();
    try {
      await client.query('SET session_replication_role = replica');
      await client.query(`UPDATE tables SET public_key = $1 WHERE table_id = 'T1'`, [publicKeyLine(attacker.publicKey)]);
      // A card rewritten, the chain after it recomputed, and every seal made again with the new key.
      const rows = (await client.query<{ line: string }>(`SELECT line FROM events WHERE table_id = 'T1' AND shoe_id = $1 ORDER BY i`, [shoe])).rows;
      const events = rows.map((r) => JSON.parse(r.line) as Record<string, unknown> & { hash: string });
      const edited = events.findIndex((e, k) => k > 100 && e.type === 'card');
      events[edited]!.card = events[edited]!.card === '3S' ? 'QH' : '3S';
      let prev = events[edited - 1]!.hash;
      for (let k = edited; k < events.length; k++) {
        const e = { ...events[k]!, prev };
        const hash = hashOfEvent(e);
        await client.query(`UPDATE events SET line = $1, prev = $2, hash = $3 WHERE table_id = 'T1' AND shoe_id = $4 AND i = $5`, [
          lineOf(canonicalJsonWithout(e, 'hash'), hash),
          prev,
          hash,
          shoe,
          k,
        ]);
        events[k] = { ...e, hash };
        prev = hash;
      }
      const seals = (
        await client.query<{ i: number; at: Date; final: boolean }>(`SELECT i, at, final FROM seals WHERE table_id = 'T1' AND shoe_id = $1`, [shoe])
      ).rows;
      await client.query(`DELETE FROM seals WHERE table_id = 'T1' AND shoe_id = $1`, [shoe]);
      for (const s of seals) {
        const seal = makeSeal(attacker.privateKey, 'T1', shoe, { i: s.i, hash: events[s.i]!.hash }, s.at.toISOString(), s.final);
        await client.query('INSERT INTO seals (table_id, shoe_id, i, head, at, final, sig) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
          'T1',
          shoe,
          seal.i,
          seal.head,
          seal.at,
          seal.final,
          seal.sig,
        ]);
      }
      // And a second key in the history, its rotation signature made up.
      await client.query(`INSERT INTO table_keys (table_id, key_no, public_key, rotation_sig) VALUES ('T1', 2, $1, 'AAAA')`, [
        publicKeyLine(attacker.publicKey),
      ]);
    } finally {
      client.release();
      await pool.end();
    }
    const r = await tq('verify', '--central', url);
    expect(r.status, r.out).to.equal(1);
    expect(r.out).to.match(/table T1: registered key unusable: key 2 \(registered by postgres at .*\) is not signed by key 1: not a rotation by the table/);
    expect(r.out).to.match(new RegExp(`table T1 shoe ${shoe}: event \\d+: bad-seal`));
  });

  it("signs the table's status row: one written with the table's role alone does not verify (route 5)", async () => {
    const { loadTableKey } = await import('../../../server/central/table-keys.ts');
    const key = await loadTableKey(dir);
    const pool = centralPool(url);
    try {
      const row = async () => (await pool.query<{ status: object }>(`SELECT status FROM table_status WHERE table_id = 'T1'`)).rows[0]?.status;
      // The witness writes its status row on its own beat: on a loaded machine it may not be there yet.
      const real = await until(row, "the table's status row");
      const at = statusSignedAt(key.publicKey, 'T1', real);
      expect(at, 'the table signed its last status').to.be.a('string');
      // With the server off, the role writes "fresh, in sync".
      const forged = { ...real, central: { state: 'in-sync', behind: 0 }, lastEventAt: new Date().toISOString() };
      await upsertStatus(pool, 'T1', forged);
      expect(statusSignedAt(key.publicKey, 'T1', (await row())!)).to.equal(null);
      await upsertStatus(pool, 'T1', real); // the old signed row, replayed: it verifies, with its old time
      expect(statusSignedAt(key.publicKey, 'T1', (await row())!)).to.equal(at);
    } finally {
      await pool.end();
    }
  });

  it('rotates with the CLI: the table signs its new key with the old, surveillance registers it, both keys’ seals verify', async () => {
    const made = await tq('keys', 'rotate', '--data', dir, '--table', 'T1', '--key-no', '2');
    expect(made.status, made.err).to.equal(0);
    const [, key, sig] = /--key (\S+) --sig (\S+)/.exec(made.out)!;
    const registered = await tq('central', 'rotate', '--central', url, '--table', 'T1', '--key', key!, '--sig', sig!);
    expect(registered.out).to.equal('table T1: key 2 registered, signed by key 1\n');
    expect((await tq('central', 'revoke', '--central', url, '--table', 'T1', '--key-no', '1', '--reason', 'rotated')).status).to.equal(0);
    const table = await openDealingTable({ table: 'T1', dir, central: url, seed: 32 });
    try {
      await table.dealShoes(1);
      await until(async () => (await tq('verify', '--data', dir, '--central', url)).status === 0, 'both shoes witnessed, sealed by their keys');
    } finally {
      await table.close();
    }
    const local = await tq('verify', '--data', dir);
    expect(local.status, local.out).to.equal(0);
  });
});
