/**
 * The HTTP API over the real table: TableService on a TableStore in a temp
 * directory, cards arriving as the shuffler link hands them over
 * (`storeCard`), surveillance served by storeArchive, the store on disk and
 * reopened: what the other HTTP tests run in memory, checked once on disk.
 */
import { expect } from 'chai';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storeArchive } from '../../../server/http/store-archive.ts';
import { shoeFilePath } from '../../../server/store/data-dir.ts';
import { TableStore } from '../../../server/store/table-store.ts';
import { steppingClock } from '../../../server/table/clock.ts';
import { TableService } from '../../../server/table/table-service.ts';
import { VENICE_RULES } from '../../../shoe/rules.ts';
import type { Client } from './support/client.ts';
import { BURN, coupCards, ROUGE_ET_COULEUR } from './support/cards.ts';
import { SseClient } from './support/sse-client.ts';
import { startServer, type TestServer } from './support/server.ts';

describe('HTTP over the real table service and store', () => {
  let dir: string;
  let store: TableStore;
  let server: TestServer;
  let tailleur: Client;
  let payeur: Client;

  async function boot(): Promise<void> {
    store = await TableStore.open(dir, { table: 'T1' });
    const table = await TableService.open({ store, tableId: 'T1', rules: VENICE_RULES, clock: steppingClock() });
    server = await startServer({ table, surveillance: storeArchive(store, dir) });
    [tailleur, payeur] = [await server.as('tailleur'), await server.as('payeur')];
  }
  async function shutdown(): Promise<void> {
    await server.close();
    await store.close();
  }
  const deal = async (cards: readonly string[]) => {
    for (const card of cards) await server.table.storeCard({ seq: server.table.state().lastSeq + 1, card, exposed: false });
  };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tq-http-'));
    await boot();
  });
  afterEach(async () => {
    await shutdown();
    await rm(dir, { recursive: true, force: true });
  });

  it('plays a coup: stored, hash-chained events in the answers, settlement after the confirm', async () => {
    const start = await tailleur.post('/api/shoe/start');
    expect(start.status).to.equal(200);
    expect(start.body.events[0]).to.include({ type: 'shoe', i: 0, by: 'tailleur', prev: '0'.repeat(64) });
    await deal(BURN);
    await tailleur.post('/api/bets/open');
    const bet = await payeur.post('/api/bets', { player: 's3', chance: 'rouge', amount: 10_000 });
    expect(bet.body.events[0]).to.include({ type: 'bet', i: 7, by: 'payeur' });
    expect((await payeur.post('/api/bets', { player: 's3', chance: 'noir', amount: 100 })).body.error).to.equal('BELOW_MINIMUM');
    await deal(coupCards(ROUGE_ET_COULEUR));
    const confirm = await tailleur.post('/api/coups/1/confirm');
    expect(confirm.status).to.equal(200);
    expect(confirm.body.view.coup).to.include({ status: 'confirmed', call: ROUGE_ET_COULEUR.call });
    expect(confirm.body.view.coup.settlement[0]).to.include({ player: 's3', outcome: 'win', paid: 10_000 });
  });

  it('serves the stored shoe to surveillance: the log is the file, verify passes, then catches an edit on disk', async () => {
    const shoe = (await tailleur.post('/api/shoe/start')).body.view.shoe as string;
    await deal(BURN);
    await tailleur.post('/api/bets/open');
    await payeur.post('/api/bets', { player: 's3', chance: 'rouge', amount: 10_000 });
    await deal(coupCards(ROUGE_ET_COULEUR));
    await tailleur.post('/api/coups/1/confirm');
    const audit = await server.as('surveillance');

    const list = await audit.get('/api/shoes');
    expect(list.body).to.deep.equal([{ id: shoe, table: 'T1', startedAt: list.body[0].startedAt, events: 18 }]);
    const file = await readFile(shoeFilePath(dir, shoe), 'utf8');
    expect((await audit.get(`/api/shoes/${shoe}/log`)).text).to.equal(file);
    expect((await audit.get(`/api/shoes/${shoe}/state?at=7`)).body.view.stakes).to.have.length(1);
    expect((await audit.get(`/api/shoes/${shoe}/settlement.csv`)).text).to.contain(
      `1,s3,rouge,100.00,win,100.00,0.00,0.00,0.00,0,100.00,,,,,${ROUGE_ET_COULEUR.call},confirmed`,
    );
    expect((await audit.get(`/api/shoes/${shoe}/report.html`)).text).to.contain(ROUGE_ET_COULEUR.call);
    expect((await audit.get(`/api/shoes/${shoe}/verify`)).body).to.deep.equal({ ok: true, problems: [], seals: 'no-key' });

    await writeFile(shoeFilePath(dir, shoe), file.replace('"amount":10000', '"amount":100000'));
    const verdict = (await audit.get(`/api/shoes/${shoe}/verify`)).body;
    expect(verdict.ok).to.equal(false);
    expect(verdict.problems[0]).to.include({ index: 7, kind: 'hash-mismatch' });
    expect((await audit.get('/api/shoes/nope/verify')).status).to.equal(404);
    expect((await audit.get('/api/shoes/nope/log')).status).to.equal(404);
  });

  it('resumes a live stream across a server restart with exactly the events missed', async () => {
    const shoe = (await tailleur.post('/api/shoe/start')).body.view.shoe as string;
    const sse = await SseClient.open(server.url, tailleur.cookie);
    await deal(BURN.slice(0, 3));
    const last = (await sse.messages(3)).at(-1)!.id;
    expect(last).to.equal(`${shoe}:3`);
    sse.close();
    await deal(BURN.slice(3));
    await shutdown();

    await boot();
    await tailleur.post('/api/bets/open');
    const again = await SseClient.open(server.url, tailleur.cookie, last);
    try {
      const missed = await again.messages(3);
      expect(missed.map((m) => [m.index, m.event.type])).to.deep.equal([
        [4, 'card'],
        [5, 'card'],
        [6, 'open'],
      ]);
      expect(missed[2]!.view.phase).to.equal('open');
    } finally {
      again.close();
    }
  });
});
