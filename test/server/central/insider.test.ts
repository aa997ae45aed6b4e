/**
 * The insiders, against a real PostgreSQL (docs/central-store.md, "Roles and what
 * the database refuses").
 * On the table's box: a card edited with the chain and the index rewritten,
 * the last 20 events cut, a forged event inserted — `tq verify --data` alone
 * can be fooled, `tq verify --data --central` is not. In the database:
 * UPDATE and DELETE are refused, even to the table's own role; a superuser
 * who disables the guard and rewrites rows is caught by the table's seals.
 */
import { expect } from 'chai';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../server/cli/tq.ts';
import { centralPool } from '../../../server/central/central-connect.ts';
import { createTableRole } from '../../../server/central/central-admin.ts';
import { sealsFilePath } from '../../../server/central/seal-file.ts';
import { publicKeyLine } from '../../../server/central/table-keys.ts';
import { hashOfEvent } from '../../../server/store/hash-chain.ts';
import { canonicalJsonWithout } from '../../../server/store/canonical-json.ts';
import { lineOf } from '../../../server/store/stored-event.ts';
import { captureIo } from '../cli/cli-io.ts';
import { until } from '../../support/until.ts';
import { freshDatabase, keyAndRegister, startThrowawayPostgres, type ThrowawayPostgres } from './central-server.ts';
import { openDealingTable, type DealingTable } from './dealing-table.ts';
import { rewriteShoe } from './tamper.ts';

async function tq(...argv: string[]) {
  const io = captureIo();
  const status = await main(argv, io);
  return { status, out: io.out(), err: io.err() };
}

describe('central witness: insiders', function () {
  this.timeout(60_000);
  let pg: ThrowawayPostgres;
  let url = '';
  let table: DealingTable;
  let shoe = '';

  before(async () => {
    pg = await startThrowawayPostgres();
  });
  /** One ended shoe, replicated and sealed, then the table stopped. */
  beforeEach(async () => {
    url = await freshDatabase(pg);
    const dir = await mkdtemp(join(tmpdir(), 'tq-insider-'));
    await keyAndRegister(url, dir, 'T1');
    table = await openDealingTable({ table: 'T1', dir, central: url, seed: 3 });
    await table.dealShoes(1);
    shoe = table.store.listShoes()[0]!.id;
    await until(async () => (await readFile(sealsFilePath(dir, shoe), 'utf8').catch(() => '')).includes('"final":true'), 'the final seal');
    await until(async () => (await tq('verify', '--data', dir, '--central', url)).status === 0, 'the record and its witness agree');
    await table.close();
  });
  afterEach(async () => {
    await rm(table.dir, { recursive: true, force: true });
  });
  after(async () => {
    await pg?.destroy();
  });

  describe('on the table box', () => {
    it('catches a card edited with the chain and the index rewritten, which verify --data alone passes', async () => {
      let edited = -1;
      await rewriteShoe(table.dir, shoe, (events) => {
        edited = events.findIndex((e, k) => k > 100 && e.type === 'card');
        events[edited]!.card = events[edited]!.card === '3S' ? 'QH' : '3S';
        return events;
      });
      expect((await tq('verify', '--data', table.dir, '--shoe', shoe)).out).not.to.match(/hash-mismatch|prev-mismatch|tail-mismatch/);
      const r = await tq('verify', '--data', table.dir, '--central', url);
      expect(r.status).to.equal(1);
      expect(r.out).to.include(`table T1 shoe ${shoe}: event ${edited}: differs`);
      expect(r.out).to.match(/sealed by the table's key/);
    });

    it('catches the last 20 events cut', async () => {
      let kept = 0;
      await rewriteShoe(table.dir, shoe, (events) => events.slice(0, (kept = events.length - 20)));
      const r = await tq('verify', '--data', table.dir, '--central', url);
      expect(r.status).to.equal(1);
      for (let i = kept; i < kept + 20; i++) expect(r.out).to.include(`event ${i}: removed-locally`);
    });

    it('catches a forged event inserted', async () => {
      await rewriteShoe(table.dir, shoe, (events) => [
        ...events.slice(0, 50),
        { ...events[49]!, type: 'fault', code: 'X', text: 'forged' },
        ...events.slice(50),
      ]);
      const r = await tq('verify', '--data', table.dir, '--central', url);
      expect(r.status).to.equal(1);
      expect(r.out).to.include(`table T1 shoe ${shoe}: event 50: differs`);
      expect(r.out).to.match(/missing-centrally: event \d+ is in the table's record but not in the central store, whose copy of the shoe is sealed as ended/);
    });
  });

  describe('in the database', () => {
    it('refuses UPDATE and DELETE, to the superuser and to the table’s own role', async () => {
      const admin = centralPool(url);
      try {
        const role = await createTableRole(admin, 'T1');
        const asTable = centralPool(pg.urlFor({ database: new URL(url).pathname.slice(1), user: role }));
        try {
          for (const db of [admin, asTable]) {
            await expectRefused(db.query(`UPDATE events SET line = line WHERE table_id = 'T1' AND i = 3`), /append-only|permission denied/);
            await expectRefused(db.query(`DELETE FROM events WHERE table_id = 'T1' AND i = 3`), /append-only|permission denied/);
            await expectRefused(db.query(`UPDATE seals SET sig = sig WHERE table_id = 'T1'`), /append-only|permission denied/);
          }
          await expectRefused(admin.query('TRUNCATE events'), /append-only/);
          await admin.query(`INSERT INTO tables (table_id, public_key) VALUES ('T2', $1)`, [publicKeyLine(generateKeyPairSync('ed25519').publicKey)]);
          await expectRefused(
            asTable.query(`INSERT INTO events (table_id, shoe_id, i, type, line, prev, hash) VALUES ('T2', 's', 0, 'shoe', '{}', 'p', 'h')`),
            /row-level security/,
          );
          expect((await asTable.query(`SELECT count(*) AS n FROM events WHERE table_id <> 'T1'`)).rows[0].n).to.equal('0');
        } finally {
          await asTable.end();
        }
      } finally {
        await admin.end();
      }
      expect((await tq('verify', '--central', url)).status).to.equal(0);
    });

    it('catches a superuser who disables the guard and rewrites a card and the chain after it: the seal no longer matches', async () => {
      const admin = centralPool(url);
      try {
        const rows = (await admin.query<{ i: number; line: string }>(`SELECT i, line FROM events WHERE table_id = 'T1' AND shoe_id = $1 ORDER BY i`, [shoe]))
          .rows;
        const events = rows.map((r) => JSON.parse(r.line) as Record<string, unknown>);
        const edited = events.findIndex((e, k) => k > 100 && e.type === 'card');
        events[edited]!.card = events[edited]!.card === '3S' ? 'QH' : '3S';
        await admin.query('ALTER TABLE events DISABLE TRIGGER events_append_only');
        let prev = events[edited - 1]!.hash as string;
        for (let k = edited; k < events.length; k++) {
          const e = { ...events[k]!, prev };
          const hash = hashOfEvent(e);
          await admin.query('UPDATE events SET line = $1, prev = $2, hash = $3 WHERE table_id = $4 AND shoe_id = $5 AND i = $6', [
            lineOf(canonicalJsonWithout(e, 'hash'), hash),
            prev,
            hash,
            'T1',
            shoe,
            k,
          ]);
          prev = hash;
        }
        await admin.query('ALTER TABLE events ENABLE TRIGGER events_append_only');
      } finally {
        await admin.end();
      }
      const r = await tq('verify', '--central', url);
      expect(r.status).to.equal(1);
      expect(r.out).to.match(
        new RegExp(`table T1 shoe ${shoe}: event \\d+: seal-mismatch \\(central store\\): event \\d+'s hash is not the one the table sealed`),
      );
      expect(r.out).not.to.match(/hash-mismatch|prev-mismatch/); // the chain itself was made whole again
    });
  });
});

async function expectRefused(query: Promise<unknown>, message: RegExp): Promise<void> {
  const error = await query.then(
    () => null,
    (e: unknown) => e as Error,
  );
  expect(error, 'the database refused it').to.be.instanceOf(Error);
  expect(error!.message).to.match(message);
}
