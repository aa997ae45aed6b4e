/**
 * The HTTP side dies, the dealing goes on (server/app/README.md#the-card-side-and-the-http-side):
 * a real shuffler process on a PTY deals a card every 20 ms; the HTTP worker
 * is stopped mid-shoe; the card side keeps storing and acknowledging cards
 * while nothing answers HTTP; the worker is started again on the same port
 * and shows the table as the card side holds it.
 */
import { expect } from 'chai';
import { isDeepStrictEqual } from 'node:util';
import { until } from '../../support/until.ts';
import { ptyTableProcess, type PtyTableProcess } from './pty-table-process.ts';

describe('the HTTP side of a table server, killed while the shuffler deals', function () {
  this.timeout(60_000);
  let t: PtyTableProcess | undefined;

  afterEach(async () => {
    await t?.close();
  });

  it('keeps acknowledging and storing cards while HTTP is down, then serves the same table again', async function () {
    t = await ptyTableProcess(this, { seed: 21, paceMs: 20 });
    const { server } = t;
    await until(() => server.table.state().lastSeq >= 20, 'twenty cards stored', 20_000);
    expect((await t.table())?.view.lastSeq).to.be.greaterThan(0);

    const worker = server.http.worker;
    const stored = server.table.state().lastSeq;
    const acks = server.link.counters.acks;
    await worker.terminate();
    expect(await t.table(), 'nothing answers HTTP').to.equal(null);
    // Cards keep coming in, stored and acknowledged, while the HTTP side is away.
    await until(() => server.table.state().lastSeq >= stored + 20, 'twenty more cards stored with HTTP down', 10_000);
    expect(server.link.counters.acks).to.be.at.least(acks + 20);
    expect(server.http.worker).to.not.equal(worker);

    await server.http.listening();
    expect(server.http.restarts).to.equal(1);
    const answer = await until(
      async () => {
        const a = await t!.table();
        return a !== null && isDeepStrictEqual(a.view, server.table.view()) && a;
      },
      'the HTTP side to show the table as the card side holds it',
      10_000,
    );
    expect(answer.view.lastSeq).to.be.greaterThan(stored + 20);
    expect(answer.view.shoe).to.equal(server.table.state().shoe);
    // And it follows the cards that come next.
    const seen = answer.view.lastSeq;
    await until(async () => ((await t!.table())?.view.lastSeq ?? 0) > seen, 'the next cards on the HTTP side', 10_000);
    expect(t.log()).to.not.include('error');
  });
});
