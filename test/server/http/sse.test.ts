/**
 * The live stream (API.md "Live"): Server-Sent Events with `id: <shoe>:<index>`,
 * a heartbeat comment, link status, and Last-Event-ID resume that sends every
 * missed event once, in order — across the end of a shoe too — before going live.
 */
import { expect } from 'chai';
import type { StoredEvent } from '../../../server/store/stored-event.ts';
import { FakeTable } from '../../support/fake-table.ts';
import type { Client } from './support/client.ts';
import { BURN, coupCards, ROUGE_ET_COULEUR } from './support/cards.ts';
import { SseClient } from './support/sse-client.ts';
import { startServer, type TestServer } from './support/server.ts';

async function until(check: () => boolean, what: string, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('HTTP: the live stream', () => {
  let server: TestServer;
  let tailleur: Client;
  const streams: SseClient[] = [];
  const open = async (lastEventId?: string) => {
    const s = await SseClient.open(server.url, tailleur.cookie, lastEventId);
    streams.push(s);
    return s;
  };

  beforeEach(async () => {
    server = await startServer({ heartbeatMs: 100 });
    tailleur = await server.as('tailleur');
  });
  afterEach(async () => {
    for (const s of streams.splice(0)) s.close();
    await server.close();
  });

  it('streams each stored event with its id and the view after it', async () => {
    const sse = await open();
    expect(sse.response.headers.get('content-type')).to.match(/^text\/event-stream/);
    expect(sse.response.headers.get('content-encoding')).to.equal(null);
    expect(sse.response.headers.get('cache-control')).to.contain('no-cache');
    await sse.next('link');
    const start = await tailleur.post('/api/shoe/start');
    const shoe = start.body.view.shoe as string;
    await server.table.dealAll(BURN.slice(0, 2));
    const [first, ...cards] = await sse.messages(3);
    expect(first).to.include({ id: `${shoe}:0`, sseId: `${shoe}:0`, shoe, index: 0 });
    expect(first!.event).to.deep.equal(start.body.events[0]);
    expect(cards.map((m) => [m.id, m.event.type, m.view.lastSeq])).to.deep.equal([
      [`${shoe}:1`, 'card', 1],
      [`${shoe}:2`, 'card', 2],
    ]);
  });

  it('sends a ": ping" comment while nothing happens', async () => {
    const sse = await open();
    const ping = await sse.next(':');
    expect(ping.comment).to.equal('ping');
  });

  it('sends the link status when it changes', async () => {
    const sse = await open();
    expect(JSON.parse((await sse.next('link')).data!)).to.include({ connected: true, model: 'FAKE' });
    server.table.setLink({ connected: false, alerts: [{ kind: 'silent', message: 'no frame for 12 s', at: '2025-01-01T20:00:00.000Z' }] });
    expect(JSON.parse((await sse.next('link')).data!)).to.deep.include({ connected: false });
  });

  it('after a disconnect, resumes from Last-Event-ID with exactly the missed events, in order, then goes live', async () => {
    const first = await open();
    const shoe = (await tailleur.post('/api/shoe/start')).body.view.shoe as string;
    await server.table.dealAll(BURN);
    const seen = await first.messages(6);
    const last = seen.at(-1)!.id;
    first.close();
    await until(() => server.table.listenerCount().live === 0, 'the stream to be dropped');

    await tailleur.post('/api/bets/open');
    await server.table.dealAll(coupCards(ROUGE_ET_COULEUR));
    const stored = await server.table.eventsSince(shoe, 5);

    const again = await open(last);
    const missed = await again.messages(stored.length);
    expect(missed.map((m) => m.index)).to.deep.equal(stored.map((e) => e.i));
    expect(missed.map((m) => m.index)).to.deep.equal([...Array(stored.length).keys()].map((k) => 6 + k));
    expect(missed.map((m) => m.event)).to.deep.equal(stored);
    expect(
      missed.slice(0, -1).every((m) => m.view === undefined),
      'the missed events alone',
    ).to.equal(true);
    expect(missed.at(-1)!.view!.events, 'the current view with the last').to.equal(server.table.view().events);

    await tailleur.post(`/api/coups/1/confirm`);
    const [live] = await again.messages(1);
    expect(live!.index).to.equal(6 + stored.length);
    expect(live!.event.type).to.equal('confirm');
    await new Promise((r) => setTimeout(r, 50));
    expect(again.pending(), 'nothing sent twice').to.deep.equal([]);
  });

  it('resumes across the end of a shoe: the rest of the old shoe, then the new one from its first event', async () => {
    const chef = await server.as('chef');
    const first = await open();
    const a = (await tailleur.post('/api/shoe/start')).body.view.shoe as string;
    await server.table.dealAll(BURN.slice(0, 2));
    const last = (await first.messages(3)).at(-1)!.id;
    first.close();
    await until(() => server.table.listenerCount().live === 0, 'the stream to be dropped');

    await server.table.dealAll(BURN.slice(2));
    await chef.post('/api/shoe/suspend', { reason: 'reshuffle' });
    const b = (await tailleur.post('/api/shoe/start')).body.view.shoe as string;
    await server.table.dealAll(BURN.slice(0, 2));

    const again = await open(last);
    const expected = [
      ...(await server.table.eventsSince(a, 2)).map((e) => `${a}:${e.i}`),
      ...(await server.table.eventsSince(b, -1)).map((e) => `${b}:${e.i}`),
    ];
    const missed = await again.messages(expected.length);
    expect(missed.map((m) => m.id)).to.deep.equal(expected);
    expect(missed.map((m) => m.event.type)).to.deep.equal(['card', 'card', 'card', 'end', 'shoe', 'card', 'card']);
  });

  it('goes straight to live when Last-Event-ID is not one of ours', async () => {
    await tailleur.post('/api/shoe/start');
    const sse = await open('not-an-id');
    await sse.next('link');
    expect(sse.pending()).to.deep.equal([]);
    await server.table.deal('AH');
    const [m] = await sse.messages(1);
    expect(m!.event.type).to.equal('card');
  });

  it('removes its listeners when the client goes away', async () => {
    const streamsOpen = [await open(), await open()];
    await until(() => server.table.listenerCount().live === 2 && server.table.listenerCount().link === 2, 'two listeners');
    for (const s of streamsOpen) s.close();
    await until(() => server.table.listenerCount().live === 0 && server.table.listenerCount().link === 0, 'no listener left');
  });
});

/** Events stored while the backlog is being read must arrive once each, in order. */
class RacingTable extends FakeTable {
  raced = false;
  override async eventsSince(shoe: string, after: number): Promise<StoredEvent[]> {
    if (this.raced) return super.eventsSince(shoe, after);
    this.raced = true;
    await this.deal('KH'); // stored before the backlog is read: in the backlog and heard live
    const backlog = await super.eventsSince(shoe, after);
    await this.deal('QH'); // stored after: heard live only
    return backlog;
  }
}

describe('HTTP: the live stream while events keep coming during a resume', () => {
  it('neither loses nor repeats an event stored while the missed ones are read', async () => {
    const table = new RacingTable();
    const server = await startServer({ table });
    try {
      const tailleur = await server.as('tailleur');
      const shoe = (await tailleur.post('/api/shoe/start')).body.view.shoe as string;
      await table.dealAll(BURN);
      await tailleur.post('/api/bets/open');
      const sse = await SseClient.open(server.url, tailleur.cookie, `${shoe}:3`);
      const got = await sse.messages(6);
      expect(got.map((m) => m.index)).to.deep.equal([4, 5, 6, 7, 8, 9]);
      expect(got.map((m) => m.event.type)).to.deep.equal(['card', 'card', 'open', 'close', 'card', 'card']);
      await new Promise((r) => setTimeout(r, 50));
      expect(sse.pending()).to.deep.equal([]);
      sse.close();
    } finally {
      await server.close();
    }
  });
});
