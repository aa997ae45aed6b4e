/**
 * The central witness and the sealer run on the HTTP side, beside a table they
 * reach by messages (server/app/remote-table.ts). There, the bound on
 * unwitnessed play and the marking of play found unsealed silently did
 * nothing: both needed a table that takes deal guards, which only the card
 * side's had, so a served table dealt on past the bound without the chef's
 * acknowledgement. These drive a whole table server, as `tq serve` runs it.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { RunningTable } from '../../../server/app/table-server.ts';
import { initTableKey } from '../../../server/central/table-keys.ts';
import { createDemoUsers } from '../../../server/http/users.ts';
import { until } from '../../support/until.ts';
import { recordFixture, removeRecorded } from '../../support/central-store.ts';
import { Client } from '../http/support/client.ts';
import { startTableOn } from './table-server-support.ts';

const BURN = ['8C', '8H', '2D', '3S', '4H'];
/** Nothing listens on port 9 (discard) here: the witness is down from the start. */
const UNREACHABLE = 'postgres://tq_table_T1:x@127.0.0.1:9/floor';

describe('the witness on the HTTP side of a served table', function () {
  this.timeout(60_000);
  let dir = '';
  let running: RunningTable | undefined;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tq-witness-http-side-'));
    await createDemoUsers(join(dir, 'users.json'));
  });
  afterEach(async () => {
    await running?.close();
    running = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  async function crew(role: 'tailleur' | 'chef' | 'surveillance', pin: string): Promise<Client> {
    const c = new Client(running!.url);
    await c.login(role, pin);
    return c;
  }

  async function burnCards(): Promise<void> {
    for (const card of BURN) await running!.table.storeCard({ seq: running!.table.state().lastSeq + 1, card, exposed: false });
  }

  it('refuses to open a coup once the witness has been unreachable past the bound, until the chef acknowledges', async () => {
    running = await startTableOn(dir, { central: UNREACHABLE, 'unwitnessed-limit': '1' });
    const tailleur = await crew('tailleur', '1111');
    expect((await tailleur.post('/api/shoe/start')).status).to.equal(200);
    await burnCards();
    const shoe = running.table.state().shoe;
    // The outage is written in the shoe once the first contact has had its 5 s, for verify to flag the play: by then the 1 s bound is long past.
    await until(async () => (await running!.table.eventsSince(shoe, -1)).some((e) => e.type === 'witness' && e.state === 'lost'), 'the outage in the shoe');
    const refused = await tailleur.post('/api/bets/open');
    expect(refused.status, refused.text).to.equal(409);
    expect(refused.body.error).to.equal('DEALING_REFUSED');
    expect(refused.body.message).to.include('the chef de table must acknowledge dealing unwitnessed');
    expect(running.table.state().phase).to.not.equal('open');

    expect((await (await crew('chef', '3333')).post('/api/witness/unwitnessed')).status).to.equal(200);
    await until(async () => (await tailleur.post('/api/bets/open')).status === 200, 'the table to open after the acknowledgement', 10_000, 100);
    const events = await running.table.eventsSince(shoe, -1);
    expect(events.filter((e) => e.type === 'witness').map((e) => e.type === 'witness' && e.state)).to.deep.equal(['lost', 'dealing-unwitnessed']);
  });

  it('marks in the shoe, and does not sign, play it finds unsealed when it starts with a key', async () => {
    running = await startTableOn(dir);
    const tailleur = await crew('tailleur', '1111');
    await tailleur.post('/api/shoe/start');
    await burnCards();
    const shoe = running.table.state().shoe;
    const dealt = (await running.table.eventsSince(shoe, -1)).at(-1)!.i;
    await running.close();
    await initTableKey(dir); // the key arrives while the table is stopped: nothing sealed what was dealt before
    running = await startTableOn(dir);
    const events = await until(async () => {
      const all = await running!.table.eventsSince(shoe, -1);
      return all.some((e) => e.type === 'witness') && all;
    }, 'the unsealed marker');
    const marker = events.find((e) => e.type === 'witness')!;
    // What was dealt before the restart is unseen; what this server stored on starting again (its RESTART note) it saw being made.
    expect(marker).to.include({ type: 'witness', state: 'unsealed', from: 0, to: dealt });
    expect(events.slice(dealt + 1, marker.i).map((e) => e.type)).to.deep.equal(['fault']);
    // within the seal interval no failure, but surveillance's verify says so: "chain, rules and seals" alone said nothing of it
    // after a kill -9 (outside crew pass 47)
    const verdict = (await (await crew('surveillance', '4444')).get(`/api/shoes/${shoe}/verify`)).body;
    expect(verdict.ok).to.equal(true);
    expect(verdict.unsealedAtRestart).to.have.length(1);
    expect(verdict.unsealedAtRestart[0]).to.include({ from: 0, to: dealt });
    expect(verdict.unsealedAtRestart[0].seconds).to.be.within(0, 60);
  });

  it('seals the record of a table with a key and no witness, and its own verify checks the seals', async () => {
    await initTableKey(dir);
    running = await startTableOn(dir);
    await (await crew('tailleur', '1111')).post('/api/shoe/start');
    await burnCards();
    const shoe = running.table.state().shoe;
    // Before the first checkpoint (60 s): checked, and nothing sealed yet.
    const early = (await (await crew('surveillance', '4444')).get(`/api/shoes/${shoe}/verify`)).body;
    expect(early).to.deep.equal({ ok: true, problems: [], seals: 'checked', sealedTo: { i: null, last: BURN.length } });
    await running.close(); // the head is sealed on close
    running = await startTableOn(dir);
    const surveillance = await crew('surveillance', '4444');
    // Sealed to the end on the stop, so nothing is marked unseen on the start; what the start stored is sealed at once.
    await until(async () => {
      const verdict = (await surveillance.get(`/api/shoes/${shoe}/verify`)).body;
      return verdict.sealedTo === undefined && verdict;
    }, 'the seal of the head stored on starting again');
    expect((await surveillance.get(`/api/shoes/${shoe}/verify`)).body).to.deep.equal({ ok: true, problems: [], seals: 'checked' });
    expect((await running.table.eventsSince(shoe, -1)).filter((e) => e.type === 'witness')).to.deep.equal([]);

    // A seal whose signature was altered no longer vouches for the record.
    const sealFile = join(dir, 'shoes', `${shoe}.seals.jsonl`);
    const lines = (await readFile(sealFile, 'utf8')).split('\n').filter((l) => l !== '');
    const forged = { ...JSON.parse(lines[0]!), sig: Buffer.alloc(64, 7).toString('base64') };
    await writeFile(sealFile, `${[JSON.stringify(forged), ...lines.slice(1)].join('\n')}\n`);
    const verdict = (await surveillance.get(`/api/shoes/${shoe}/verify`)).body;
    expect(verdict).to.include({ ok: false, seals: 'checked' });
    expect(verdict.problems.map((p: { kind: string }) => p.kind)).to.include('bad-seal');
  });

  it('fails its own verify of a shoe whose unsealed play was dealt longer ago than the seal interval, as tq verify --data does', async () => {
    const recorded = await recordFixture('ordinary', 'T1', 40); // dealt days ago, and never sealed
    try {
      await createDemoUsers(join(recorded.dataDir, 'users.json'));
      await initTableKey(recorded.dataDir);
      running = await startTableOn(recorded.dataDir, { table: 'T1' });
      await until(async () => (await running!.table.eventsSince(recorded.shoe, -1)).some((e) => e.type === 'witness'), 'the unsealed marker');
      const surveillance = new Client(running.url);
      await surveillance.login('surveillance', '4444');
      const verdict = (await surveillance.get(`/api/shoes/${recorded.shoe}/verify`)).body;
      expect(verdict).to.include({ ok: false, seals: 'checked' });
      expect(verdict.problems.map((p: { kind: string }) => p.kind)).to.deep.equal(['unsealed-at-restart']);
      expect(verdict.problems[0].index).to.equal(0);
    } finally {
      await running?.close();
      running = undefined;
      await removeRecorded([recorded]);
    }
  });
});
