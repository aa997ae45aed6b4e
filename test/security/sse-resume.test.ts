/**
 * Found when probed as an attacker: `Last-Event-ID: <oldest shoe>:0` made the server read
 * every event since into memory before deciding to send `reload`, and went on
 * after the client left (one resume 5.3 s on 400 shoes; 100 dropped ones took
 * the server out of memory). The decision now comes from the index's counts,
 * resumes take turns (two at once), and a resume whose client left reads
 * nothing more. Figures for 100 at once: test/bench/resume.bench.ts.
 */
import { expect } from 'chai';
import { RESUMES_AT_ONCE } from '../../server/http/events-route.ts';
import { SseClient } from '../server/http/support/sse-client.ts';
import { servedRecord, type ServedRecord } from './support/served-record.ts';

describe('security: SSE resume on a long record', function () {
  this.timeout(60_000);
  let setup: ServedRecord | undefined;
  const streams: SseClient[] = [];
  afterEach(async () => {
    for (const s of streams.splice(0)) s.close();
    await setup?.server.close();
    await setup?.record.close();
    setup = undefined;
  });

  it('answers a resume from the oldest of 400 shoes with reload, from the index, reading no shoe', async () => {
    setup = await servedRecord(400);
    const tailleur = await setup.server.as('tailleur');
    const before = setup.reads();
    const s = await SseClient.open(setup.server.url, tailleur.cookie, `${setup.record.shoes[0]}:0`);
    streams.push(s);
    const reload = await s.next('reload', 10_000);
    const stored = setup.record.store.listShoes().reduce((n, e) => n + e.events!, 0);
    const last = setup.record.shoes.at(-1)!;
    expect(reload.id).to.equal(`${last}:${setup.server.table.view().events - 1}`);
    expect(JSON.parse(reload.data!)).to.deep.include({ missed: stored - 1 });
    expect(setup.reads() - before, 'shoe files read').to.equal(0);
  });

  it('reads no more for resumes whose clients left: 40 dropped resumes of 8 shoes each', async () => {
    setup = await servedRecord(8);
    const tailleur = await setup.server.as('tailleur');
    const from = `${setup.record.shoes[0]}:0`;
    await Promise.all(
      Array.from({ length: 40 }, async () => {
        const s = await SseClient.open(setup!.server.url, tailleur.cookie, from);
        s.close();
      }),
    );
    // Turns are taken in order: once this one has its events, every dropped one before it is done.
    const s = await SseClient.open(setup.server.url, tailleur.cookie, from);
    streams.push(s);
    const expected = setup.record.store.listShoes().reduce((n, e) => n + e.events!, 0) - 1;
    const missed = await s.messages(expected, 30_000);
    expect(missed.at(-1)!.view).not.to.equal(undefined);
    // Without the fix each of the 41 read all 8 shoes (328 reads); now at most the resumes running when the clients left, and the last.
    expect(setup.reads(), 'shoe files read').to.be.at.most(8 * (RESUMES_AT_ONCE + 2));
  });
});
