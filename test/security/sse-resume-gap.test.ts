/**
 * Attack (or just a long gap): a dashboard away while many events are stored.
 * Each missed event was sent with the whole current view (~7 KB), so beyond
 * ~570 of them the 4 MB cap cut the stream before anything was sent and the
 * browser reconnected with the same id forever. Resume now sends the missed
 * events alone and one current view at the end; beyond MAX_RESUME_EVENTS it
 * tells the client to reload, with the id to resume from next time.
 */
import { expect } from 'chai';
import { MAX_RESUME_EVENTS } from '../../server/http/events-route.ts';
import { SHUFFLER } from '../../server/table/table.ts';
import { BURN } from '../server/http/support/cards.ts';
import type { Client } from '../server/http/support/client.ts';
import { SseClient } from '../server/http/support/sse-client.ts';
import { startServer, type TestServer } from '../server/http/support/server.ts';

const PAYEUR = { user: 'payeur', role: 'payeur' } as const;

describe('security: SSE resume after a long gap', () => {
  let server: TestServer;
  let tailleur: Client;
  let shoe: string;
  const streams: SseClient[] = [];

  /** `pairs` bets and withdrawals: 2 × pairs stored events, each growing nothing but the record. */
  async function store(pairs: number): Promise<void> {
    for (let k = 0; k < pairs; k++) {
      await server.table.command({ type: 'bet', player: 's1', chance: 'rouge', amount: 1000 }, PAYEUR);
      await server.table.command({ type: 'withdraw', player: 's1', chance: 'rouge' }, PAYEUR);
    }
  }

  beforeEach(async () => {
    server = await startServer();
    tailleur = await server.as('tailleur');
    shoe = (await tailleur.post('/api/shoe/start')).body.view.shoe as string;
    await server.dealAll(BURN);
    await tailleur.post('/api/bets/open');
  });
  afterEach(async () => {
    for (const s of streams.splice(0)) s.close();
    await server.close();
  });

  const resume = async (from: string) => {
    const s = await SseClient.open(server.url, tailleur.cookie, from);
    streams.push(s);
    return s;
  };

  it('sends 1,501 missed events in order, compactly, with the current view once at the end, then goes live', async () => {
    await store(750);
    const s = await resume(`${shoe}:5`);
    const missed = await s.messages(1501, 10_000);
    expect(
      missed.map((m) => m.index),
      'bets open, then 1,500 bets and withdrawals',
    ).to.deep.equal([...Array(1501).keys()].map((k) => 6 + k));
    const withView = missed.filter((m) => m.view !== undefined);
    expect(withView.map((m) => m.index)).to.deep.equal([missed.at(-1)!.index]);
    expect(missed.at(-1)!.view!.events).to.equal(server.table.view().events);
    const bytes = s.frames.reduce((n, f) => n + (f.data?.length ?? 0), 0);
    expect(bytes, 'well under the 4 MB a client may queue').to.be.below(1024 * 1024);
    await server.table.command({ type: 'close' }, SHUFFLER);
    const [live] = await s.messages(1);
    expect(live!.event.type).to.equal('close');
    expect(live!.view).not.to.equal(undefined);
  });

  it(`tells the client to reload beyond ${MAX_RESUME_EVENTS} missed events, with the id to resume from, then goes live`, async () => {
    await store(Math.ceil(MAX_RESUME_EVENTS / 2) + 1);
    const s = await resume(`${shoe}:5`);
    const reload = await s.next('reload', 10_000);
    const last = server.table.view().events - 1;
    expect(reload.id).to.equal(`${shoe}:${last}`);
    expect(JSON.parse(reload.data!)).to.deep.include({ missed: last - 5 });
    expect(s.frames.filter((f) => f.event === 'table')).to.deep.equal([]);
    await server.table.command({ type: 'close' }, SHUFFLER);
    const [live] = await s.messages(1);
    expect(live!.index).to.equal(last + 1);
  });
});

describe('security: link status pushes are coalesced', () => {
  it('turns a burst of 10,000 link changes (bad frames) into at most a push a second, ending with the latest', async () => {
    const server = await startServer();
    try {
      const tailleur = await server.as('tailleur');
      const s = await SseClient.open(server.url, tailleur.cookie);
      try {
        await s.next('link');
        const started = Date.now();
        for (let k = 1; k <= 10_000; k++) {
          server.table.alert({ kind: 'bad-frame', message: `bad frame ${k}` });
        }
        for (;;) {
          const frame = await s.next('link', 5000);
          if (JSON.parse(frame.data!).alerts.at(-1).message === 'bad frame 10000') break;
        }
        const pushes = s.frames.filter((f) => f.event === 'link').length - 1;
        expect(pushes).to.be.at.most(1 + Math.ceil((Date.now() - started) / 1000));
      } finally {
        s.close();
      }
    } finally {
      await server.close();
    }
  });
});
