/**
 * The live stream (API.md "Live"): Server-Sent Events with `id: <shoe>:<index>`,
 * a heartbeat comment, link status, and Last-Event-ID resume that sends every
 * missed event once, in order — across the end of a shoe too — before going live.
 */
import { expect } from 'chai';
import sinon from 'sinon';
import type { StoredEvent } from '../../../server/store/stored-event.ts';
import { until } from '../../support/until.ts';
import type { Client } from './support/client.ts';
import { BURN, coupCards, ROUGE_ET_COULEUR } from './support/cards.ts';
import { SseClient } from './support/sse-client.ts';
import { startServer, type TestServer } from './support/server.ts';

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
    await server.dealAll(BURN.slice(0, 2));
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
    expect(JSON.parse((await sse.next('link')).data!)).to.include({ connected: false });
    server.table.status({ model: 'TQSIM', firmware: '1.0' });
    expect(JSON.parse((await sse.next('link')).data!)).to.include({ connected: true, model: 'TQSIM' });
    server.table.alert({ kind: 'silent', message: 'no frame from the shuffler for 12 s' });
    const silent = JSON.parse((await sse.next('link')).data!);
    expect(silent).to.include({ connected: false });
    expect(silent.alerts.at(-1)).to.include({ kind: 'silent', message: 'no frame from the shuffler for 12 s' });
  });

  it('after a disconnect, resumes from Last-Event-ID with exactly the missed events, in order, then goes live', async () => {
    const first = await open();
    const shoe = (await tailleur.post('/api/shoe/start')).body.view.shoe as string;
    await server.dealAll(BURN);
    const seen = await first.messages(6);
    const last = seen.at(-1)!.id;
    first.close();
    await until(() => server.listenerCount().live === 0, 'the stream to be dropped');

    await tailleur.post('/api/bets/open');
    await server.dealAll(coupCards(ROUGE_ET_COULEUR));
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
    // Nothing sent twice: the next message is the next event stored.
    await tailleur.post('/api/bets/open');
    const [next] = await again.messages(1);
    expect(next).to.include({ index: live!.index + 1 });
    expect(next!.event.type).to.equal('open');
  });

  it('resumes across the end of a shoe: the rest of the old shoe, then the new one from its first event', async () => {
    const chef = await server.as('chef');
    const first = await open();
    const a = (await tailleur.post('/api/shoe/start')).body.view.shoe as string;
    await server.dealAll(BURN.slice(0, 2));
    const last = (await first.messages(3)).at(-1)!.id;
    first.close();
    await until(() => server.listenerCount().live === 0, 'the stream to be dropped');

    await server.dealAll(BURN.slice(2));
    await chef.post('/api/shoe/suspend', { reason: 'reshuffle' });
    const b = (await tailleur.post('/api/shoe/start')).body.view.shoe as string;
    await server.dealAll(BURN.slice(0, 2));

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
    await server.deal('AH');
    const [m] = await sse.messages(1);
    expect(m!.event.type).to.equal('card');
  });

  it('removes its listeners when the client goes away', async () => {
    const streamsOpen = [await open(), await open()];
    await until(() => server.listenerCount().live === 2 && server.listenerCount().link === 2, 'two listeners');
    for (const s of streamsOpen) s.close();
    await until(() => server.listenerCount().live === 0 && server.listenerCount().link === 0, 'no listener left');
  });
});

describe('HTTP: the live stream while events keep coming during a resume', () => {
  it('neither loses nor repeats an event stored while the missed ones are read', async () => {
    const server = await startServer();
    try {
      const tailleur = await server.as('tailleur');
      const shoe = (await tailleur.post('/api/shoe/start')).body.view.shoe as string;
      await server.dealAll(BURN);
      await tailleur.post('/api/bets/open');
      // The first backlog read races the shuffler: a card stored before it (in the backlog and heard live), one after (heard live only).
      const read = server.table.eventsSince.bind(server.table);
      let raced = false;
      sinon.stub(server.table, 'eventsSince').callsFake(async (id: string, after: number): Promise<StoredEvent[]> => {
        if (raced) return read(id, after);
        raced = true;
        await server.deal('KH');
        const backlog = await read(id, after);
        await server.deal('QH');
        return backlog;
      });
      const sse = await SseClient.open(server.url, tailleur.cookie, `${shoe}:3`);
      const got = await sse.messages(6);
      expect(got.map((m) => m.index)).to.deep.equal([4, 5, 6, 7, 8, 9]);
      expect(got.map((m) => m.event.type)).to.deep.equal(['card', 'card', 'open', 'close', 'card', 'card']);
      // Nothing repeated after them: the next message is the next card stored.
      await server.deal('TH');
      const [next] = await sse.messages(1);
      expect(next).to.include({ index: 10 });
      sse.close();
    } finally {
      sinon.restore();
      await server.close();
    }
  });
});
