/**
 * The routes an auditor found past the witness, each now a
 * failure of verification, on a real PostgreSQL: the database owner removing
 * a whole shoe, or a shoe's end and last events with their seals, with the
 * append-only triggers off (`session_replication_role = replica`); a keyless
 * rewrite of the table's files that `tq verify --data` alone passed; play
 * witnessed long after it was dealt (docs/central-store.md#verification).
 */
import { expect } from 'chai';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../server/cli/tq.ts';
import { centralPool, endPool } from '../../../server/central/central-connect.ts';
import { sealsFilePath } from '../../../server/central/seal-file.ts';
import { copyShoeRows } from '../../../server/central/copy-rows.ts';
import { scanRows } from '../../../server/central/copy-decode.ts';
import { chainsHold } from '../../../server/central/quick-chains.ts';
import { shoeFilePath } from '../../../server/store/data-dir.ts';
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

/** As the database's owner, triggers off for the session: what the append-only guard cannot stop. */
async function asOwner(url: string, statements: [string, unknown[]][]): Promise<void> {
  const pool = centralPool(url);
  const client = await pool.connect();
  try {
    await client.query(`SET session_replication_role = replica`);
    for (const [sql, params] of statements) await client.query(sql, params);
  } finally {
    client.release();
    await pool.end();
  }
}

/** T1's shoes whose rows fail --chains-only's checks on their bytes (quick-chains.ts), read as verify reads them (COPY). */
async function flaggedShoes(url: string): Promise<string[]> {
  const pool = centralPool(url);
  try {
    const bytes = await copyShoeRows(pool, 'T1', '', '~');
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return [...scanRows(bytes, false)].flatMap(([shoe, scanned]) => (chainsHold(buf, scanned) ? [] : [shoe])).sort();
  } finally {
    await endPool(pool);
  }
}

describe('central witness: no blind spots', function () {
  this.timeout(120_000);
  let pg: ThrowawayPostgres;
  let url = '';
  let table: DealingTable;
  let shoes: string[] = [];

  before(async () => {
    pg = await startThrowawayPostgres();
  });
  /** Three ended shoes, replicated and sealed, then the table stopped. */
  beforeEach(async () => {
    url = await freshDatabase(pg);
    const dir = await mkdtemp(join(tmpdir(), 'tq-blind-'));
    await keyAndRegister(url, dir, 'T1');
    table = await openDealingTable({ table: 'T1', dir, central: url, seed: 11 });
    await table.dealShoes(3);
    shoes = table.store.listShoes().map((s) => s.id);
    await until(async () => (await readFile(sealsFilePath(dir, shoes[2]!), 'utf8').catch(() => '')).includes('"final":true'), 'the last final seal');
    await until(async () => (await tq('verify', '--data', dir, '--central', url)).status === 0, 'the record and its witness agree');
    await table.close();
  });
  afterEach(async () => {
    await rm(table.dir, { recursive: true, force: true });
  });
  after(async () => {
    await pg?.destroy();
  });

  it("links each shoe to the one before it: its id, last event and hash, and the shoe's ordinal", async () => {
    const firsts = await Promise.all(shoes.map(async (s) => JSON.parse((await readFile(shoeFilePath(table.dir, s), 'utf8')).split('\n')[0]!)));
    expect(firsts.map((f) => f.ordinal)).to.deep.equal([1, 2, 3]);
    expect(firsts[0].previous).to.equal(undefined);
    const lines = (await readFile(shoeFilePath(table.dir, shoes[0]!), 'utf8')).split('\n').filter(Boolean);
    const last = JSON.parse(lines.at(-1)!);
    expect(last.type).to.equal('end');
    expect(firsts[1].previous).to.deep.equal({ shoe: shoes[0], i: last.i, hash: last.hash });
  });

  it('fails when the owner deletes a whole shoe and its seals from the central store', async () => {
    await asOwner(url, [
      [`DELETE FROM events WHERE table_id = 'T1' AND shoe_id = $1`, [shoes[1]]],
      [`DELETE FROM seals WHERE table_id = 'T1' AND shoe_id = $1`, [shoes[1]]],
    ]);
    const central = await tq('verify', '--central', url);
    expect(central.status, central.out).to.equal(1);
    expect(central.out).to.include(`table T1 shoe ${shoes[1]}: whole shoe: shoe-missing (central store): shoe ${shoes[2]} (number 3) follows this shoe`);
    expect((await tq('verify', '--central', url, '--chains-only')).out).to.include(`shoe ${shoes[1]}: whole shoe: shoe-missing`);
    const witnessed = await tq('verify', '--data', table.dir, '--central', url);
    expect(witnessed.status, witnessed.out).to.equal(1);
    expect(witnessed.out).to.match(
      new RegExp(`shoe ${shoes[1]}: whole shoe: shoe-missing-centrally: .*acknowledged events 0 to \\d+: they were removed there`),
    );
    expect(witnessed.out).not.to.include('(note)');
  });

  it("fails when the owner deletes a shoe's end and last events with their seals", async () => {
    const n = (await readFile(shoeFilePath(table.dir, shoes[0]!), 'utf8')).split('\n').filter(Boolean).length;
    await asOwner(url, [
      [`DELETE FROM events WHERE table_id = 'T1' AND shoe_id = $1 AND i >= $2`, [shoes[0], n - 10]],
      [`DELETE FROM seals WHERE table_id = 'T1' AND shoe_id = $1 AND i >= $2`, [shoes[0], n - 10]],
    ]);
    const central = await tq('verify', '--central', url);
    expect(central.status, central.out).to.equal(1);
    expect(central.out).to.include(`table T1 shoe ${shoes[0]}: event ${n - 10}: shoe-cut (central store): events ${n - 10} to ${n - 1} are missing`);
    expect((await tq('verify', '--central', url, '--chains-only')).status).to.equal(1);
    const witnessed = await tq('verify', '--data', table.dir, '--central', url);
    expect(witnessed.status, witnessed.out).to.equal(1);
    expect(witnessed.out).to.include(`shoe ${shoes[0]}: event ${n - 1}: missing-centrally`);
    expect(witnessed.out).not.to.include('(note)');
  });

  it('checks the chains on the rows’ bytes (--chains-only): a sound archive passes, a row edited there fails with its shoe and index', async () => {
    const sound = await tq('verify', '--central', url, '--chains-only');
    expect(sound.status, sound.out).to.equal(0);
    const flagged = () => flaggedShoes(url);
    expect(await flagged(), 'the byte checks flag no shoe of a sound archive').to.deep.equal([]);
    expect(sound.out).to.match(/1 table\(s\), 3 shoe\(s\), 0 with problems/);
    const edited = `SELECT min(i) FROM events WHERE table_id = 'T1' AND shoe_id = $1 AND type = 'card' AND i > 100`;
    await asOwner(url, [
      [
        `UPDATE events SET line = regexp_replace(line, '"card":"[^"]*"', CASE WHEN line LIKE '%"card":"QH"%' THEN '"card":"3S"' ELSE '"card":"QH"' END)
          WHERE table_id = 'T1' AND shoe_id = $1 AND i = (${edited})`,
        [shoes[1]],
      ],
    ]);
    const r = await tq('verify', '--central', url, '--chains-only');
    expect(r.status, r.out).to.equal(1);
    expect(r.out).to.match(new RegExp(`table T1 shoe ${shoes[1]}: event \\d+: hash-mismatch`));
    expect(await flagged()).to.deep.equal([shoes[1]]);
    expect(r.out).not.to.include(`shoe ${shoes[0]}: event`);
  });

  it('flags on the bytes a row deleted, two rows swapped, a line edited after its hash, a type column the LIKE would have matched', async () => {
    const flagged = () => flaggedShoes(url);
    const row = `table_id = 'T1' AND shoe_id = $1 AND i = $2`;
    await asOwner(url, [[`DELETE FROM events WHERE ${row}`, [shoes[0], 50]]]);
    expect(await flagged()).to.deep.equal([shoes[0]]);
    // Two rows exchanged: each keeps its line, hash and prev, under the other's index.
    await asOwner(url, [
      [`UPDATE events SET i = 100000 WHERE ${row}`, [shoes[1], 60]],
      [`UPDATE events SET i = 60 WHERE ${row}`, [shoes[1], 61]],
      [`UPDATE events SET i = 61 WHERE ${row}`, [shoes[1], 100000]],
    ]);
    expect(await flagged()).to.deep.equal([shoes[0], shoes[1]].sort());
    // The shoe's end: its type column made a LIKE pattern that matches "end", hiding the final seal's check.
    await asOwner(url, [[`UPDATE events SET type = 'en_' WHERE table_id = 'T1' AND shoe_id = $1 AND type = 'end'`, [shoes[2]]]]);
    expect(await flagged()).to.deep.equal([...shoes].sort());
    const r = await tq('verify', '--central', url, '--chains-only');
    expect(r.status, r.out).to.equal(1);
    expect(r.out).to.include(`shoe ${shoes[2]}: event`);
    expect(r.out).to.match(new RegExp(`shoe ${shoes[2]}: event \\d+: row-mismatch`));
  });

  it('flags on the bytes a line whose text after its hash was changed (the hash member renamed), the chain intact', async () => {
    await asOwner(url, [[`UPDATE events SET line = replace(line, ',"hash":"', ',"hasx":"') WHERE table_id = 'T1' AND shoe_id = $1 AND i = 5`, [shoes[1]]]]);
    expect(await flaggedShoes(url)).to.deep.equal([shoes[1]]);
    expect((await tq('verify', '--central', url, '--chains-only')).status).to.equal(1);
  });

  it('fails when the owner deletes the last shoe: the table recorded that the store had acknowledged it', async () => {
    await asOwner(url, [
      [`DELETE FROM events WHERE table_id = 'T1' AND shoe_id = $1`, [shoes[2]]],
      [`DELETE FROM seals WHERE table_id = 'T1' AND shoe_id = $1`, [shoes[2]]],
    ]);
    const witnessed = await tq('verify', '--data', table.dir, '--central', url);
    expect(witnessed.status, witnessed.out).to.equal(1);
    expect(witnessed.out).to.match(new RegExp(`shoe ${shoes[2]}: whole shoe: shoe-missing-centrally: .*they were removed there`));
  });

  it('fails verify --data alone on a keyless rewrite of a shoe, chain and index recomputed: its seals no longer match', async () => {
    let edited = -1;
    await rewriteShoe(table.dir, shoes[1]!, (events) => {
      edited = events.findIndex((e, k) => k > 100 && e.type === 'card');
      events[edited]!.card = events[edited]!.card === '3S' ? 'QH' : '3S';
      return events;
    });
    expect((await tq('verify', '--data', table.dir, '--shoe', shoes[1]!)).out).not.to.match(/hash-mismatch|prev-mismatch/);
    const r = await tq('verify', '--data', table.dir);
    expect(r.status, r.out).to.equal(1);
    expect(r.out).to.match(new RegExp(`${shoes[1]}: event \\d+: seal-mismatch: event \\d+'s hash is not the one the table sealed`));
    expect(r.out).to.include(`${shoes[1]}: event`);
    expect(r.out).to.match(/chain-break: event \d+'s hash is not the one shoe .* records for it/);
  });

  it('fails verify --data alone when a shoe is removed from the disk with its seals and index entry', async () => {
    await rm(shoeFilePath(table.dir, shoes[1]!));
    await rm(sealsFilePath(table.dir, shoes[1]!));
    const indexPath = join(table.dir, 'index.json');
    const index = JSON.parse(await readFile(indexPath, 'utf8')) as { shoes: { id: string }[] };
    index.shoes = index.shoes.filter((s) => s.id !== shoes[1]);
    await writeFile(indexPath, JSON.stringify(index, null, 2));
    const r = await tq('verify', '--data', table.dir);
    expect(r.status, r.out).to.equal(1);
    expect(r.out).to.include(`${shoes[1]}: whole shoe: shoe-missing: shoe ${shoes[2]} (number 3) follows this shoe`);
  });

  it('flags play the central store received later than the seal interval: witnessed late, with the lag', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tq-late-'));
    try {
      const offline = await openDealingTable({ table: 'T2', dir, seed: 12 });
      await offline.deal(30);
      await offline.close();
      const dealtAt = Date.now();
      await keyAndRegister(url, dir, 'T2');
      await until(() => Date.now() - dealtAt > 2_000, 'two seconds after the play');
      const online = await openDealingTable({ table: 'T2', dir, central: url, seed: 12 });
      await until(() => online.witness!.state().state === 'in-sync', 'the backlog sent');
      await online.close();
      const r = await tq('verify', '--central', url, '--table', 'T2', '--late-after', '1');
      expect(r.status, r.out).to.equal(1);
      expect(r.out).to.match(
        /table T2 shoe \S+: event 0: witnessed late: \d+ event\(s\) from event 0 on reached the central store up to [2-9] s after they were dealt/,
      );
      expect((await tq('verify', '--central', url, '--table', 'T2')).status).to.equal(0);
      // --chains-only finds it in the same pass over the rows as the chains (late-witness.ts), with the same figures.
      const sql = await tq('verify', '--central', url, '--table', 'T2', '--late-after', '1', '--chains-only');
      expect(sql.status, sql.out).to.equal(1);
      const lateLine = (out: string) => out.split('\n').find((l) => l.includes('witnessed late'));
      expect(lateLine(sql.out)).to.equal(lateLine(r.out));
      expect((await tq('verify', '--central', url, '--table', 'T2', '--chains-only')).status).to.equal(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
