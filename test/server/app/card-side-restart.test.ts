/**
 * The card side fails, the dashboards say so, and the table opens again from
 * its record (server/app/README.md#the-card-side-and-the-http-side): a real
 * shuffler process on a PTY deals a card every 20 ms; the disk refuses one
 * write (EIO); the card side stops, every live stream is told, and the table
 * reopens from what is on disk and deals on, no card lost or doubled.
 */
import { expect } from 'chai';
import { isDeepStrictEqual } from 'node:util';
import { shuffledShoe } from '../../../server/simulator/shuffled-shoe.ts';
import type { LinkStatus } from '../../../server/table/table.ts';
import { sseData } from '../../bench/bench-support.ts';
import { until } from '../../support/until.ts';
import { ptyTableProcess, type PtyTableProcess } from './pty-table-process.ts';

const SEED = 22;

describe('the card side of a table server, failing while the shuffler deals', function () {
  this.timeout(60_000);
  let t: PtyTableProcess | undefined;
  let stopStream = () => {};

  afterEach(async () => {
    stopStream();
    await t?.close();
  });

  it('is reported on the live stream and on the table, and reopens from the record, dealing on', async function () {
    t = await ptyTableProcess(this, { seed: SEED, paceMs: 20 });
    const { server } = t;
    await until(() => server.table.state().lastSeq >= 10, 'ten cards stored', 20_000);
    const links: LinkStatus[] = [];
    stopStream = await sseData(server.url, { user: 'chef', pin: '3333' }, '/api/events', 'link', (d) => links.push(d as LinkStatus));
    await until(() => links.length > 0, 'the live stream', 5000);

    // The disk refuses the next write of the shoe file.
    const failing = server.store;
    const table = server.table;
    const append = failing.append.bind(failing);
    let refused = 0;
    failing.append = (...args) => (refused++ === 0 ? Promise.reject(new Error('EIO: i/o error, write')) : append(...args));
    await until(() => server.table !== table, 'the card side to reopen', 10_000);
    expect(refused).to.be.at.least(1);

    const down = (l: LinkStatus) => l.alerts.some((a) => a.kind === 'card-side-down' && a.message.includes('EIO'));
    await until(() => links.some(down), 'the live stream to report the card side down', 5000);
    const answer = await until(
      async () => {
        const a = await t!.table();
        return a !== null && down(a.link) && a;
      },
      'GET /api/table to report it',
      5000,
    );
    expect(answer.link.alerts.find((a) => a.kind === 'card-side-down')?.message).to.match(/reopens from the record/);

    // Dealing goes on from the record: the same shoe, every card once, in the shuffler's order.
    const before = server.table.state().lastSeq;
    await until(() => server.table.state().lastSeq >= before + 20, 'twenty more cards after the restart', 15_000);
    const state = server.table.state();
    const events = await server.store.readShoe(state.shoe);
    const dealt = shuffledShoe(SEED).map((c, k) => ({ seq: k + 1, card: c.card }));
    const cards = events.flatMap((e) => (e.type === 'card' ? [{ seq: e.seq, card: e.card }] : []));
    expect(cards).to.deep.equal(dealt.slice(0, cards.length));
    expect(cards.length).to.be.at.least(before + 20);
    expect(events[0]?.type).to.equal('shoe');
    expect(events.filter((e) => e.type === 'shoe')).to.have.length(1);
    // And the HTTP side follows the reopened table.
    await until(
      async () => {
        const a = await t!.table();
        return a !== null && isDeepStrictEqual(a.view, server.table.view());
      },
      'the HTTP side to show the reopened table',
      10_000,
    );
  });
});
