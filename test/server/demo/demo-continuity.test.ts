/**
 * The demo table (`tq demo`: server, simulated shuffler on a PTY) keeps
 * dealing across the end of a shoe and across a restart of the server, as a
 * crew plays it: no dead table.
 */
import { expect } from 'chai';
import { dealCards, startDemo, type Crew, type DemoTable } from '../../client/support/demo-table.ts';
import { until } from '../../support/until.ts';

type View = { shoe: string; phase: string; lastSeq: number; awaitingConfirm: number | null; alerts: { kind: string; message: string }[]; end: unknown };
const viewOf = async (crew: Crew): Promise<View> => (await crew.get('/api/table')).view;

describe('the demo table keeps dealing', function () {
  this.timeout(240_000);
  const tables: DemoTable[] = [];
  afterEach(async () => {
    for (const t of tables.splice(0)) await t.close();
  });

  it("plays a shoe to its end, starts the next shoe and receives its cards, without the old shoe's alerts", async () => {
    const table = await startDemo(11);
    tables.push(table);
    const tailleur = await table.as('tailleur');
    await dealCards(tailleur, 5);
    const first = await viewOf(tailleur);
    // the whole shoe, calls confirmed as they come
    await until(
      async () => {
        const v = (await viewOf(tailleur)) as View & { cardsLeft: number };
        if (v.phase === 'ended') return true;
        if (v.awaitingConfirm !== null) await tailleur.post(`/api/coups/${v.awaitingConfirm}/confirm`);
        else if (v.phase === 'waiting') await tailleur.post('/api/bets/open');
        else if (v.cardsLeft > 0) await dealCards(tailleur, 1); // one card at a time, stored before the next step
        return false;
      },
      'the end of the shoe',
      200_000,
      1,
    );
    const ended = await viewOf(tailleur);
    expect(ended.end).to.include({ reason: 'empty' });
    expect(ended.lastSeq).to.be.at.least(300);

    await tailleur.post('/api/shoe/start');
    const next = await until(async () => {
      const v = await viewOf(tailleur);
      return v.shoe !== first.shoe && v.phase !== 'ended' ? v : false;
    }, 'the next shoe');
    await dealCards(tailleur, 5); // its five burnt cards
    await tailleur.post('/api/bets/open');
    await dealCards(tailleur, 1); // and the first of coup 1
    const dealt = await viewOf(tailleur);
    expect(dealt.shoe).to.equal(next.shoe);
    expect(dealt.lastSeq).to.equal(6);
    expect(dealt.alerts).to.deep.equal([]);
  });

  /** A demo on seed 12 with nine cards dealt, stopped, and started again on its port and data with the shuffler on `seed`. */
  async function restartedAfterNineCards(seed: number) {
    const table = await startDemo(12);
    tables.push(table);
    const first = await table.as('tailleur');
    await dealCards(first, 5);
    await first.post('/api/bets/open');
    await dealCards(first, 4);
    const before = await viewOf(first);
    await table.stop();
    const again = await startDemo(seed, { port: table.port, data: table.data });
    tables.push(again);
    return { before, again, tailleur: await again.as('tailleur') };
  }

  it('keeps dealing after the server restarts mid-shoe with the simulator on the line', async () => {
    const { before, tailleur } = await restartedAfterNineCards(12);
    const after = await viewOf(tailleur);
    // the restarted simulator is told where the record stands and deals on from there
    expect(after.shoe).to.equal(before.shoe);
    expect(after.lastSeq).to.equal(9);
    const pulled = await tailleur.post<{ stored: boolean; why?: string }>('/api/sim/deal');
    expect(pulled).to.include({ stored: true });
    await dealCards(tailleur, 2);
    expect((await viewOf(tailleur)).lastSeq).to.equal(12);
  });

  it('suspends the shoe when the shuffler announces a new serial mid-shoe (power-cycled with another shoe), starts the new shoe and deals it', async () => {
    const { before, tailleur, again } = await restartedAfterNineCards(13); // another shoe in the shuffler: SHOE,SIM-13
    const now = await until(async () => {
      const v = await viewOf(tailleur);
      return v.shoe !== before.shoe ? v : false;
    }, 'the new shoe');
    expect(now.lastSeq).to.equal(0);
    const audit = await again.as('surveillance');
    const old = (await audit.get(`/api/shoes/${before.shoe}/events`)) as { type: string; code?: string; reason?: string }[];
    expect(old.at(-2)).to.include({ type: 'fault', code: 'RELOAD' });
    expect(old.at(-1)).to.include({ type: 'end', reason: 'suspended' });
    await dealCards(tailleur, 5);
    await tailleur.post('/api/bets/open');
    await dealCards(tailleur, 1);
    expect((await viewOf(tailleur)).lastSeq).to.equal(6);
  });

  it('answers a pull that brings no card with the reason', async () => {
    const table = await startDemo(14, { faults: 'cut@3:4000' }); // the line goes dead for 4 s as card 3 is dealt
    tables.push(table);
    const tailleur = await table.as('tailleur');
    await dealCards(tailleur, 2);
    const answer = await tailleur.post<{ stored: boolean; why?: string; whyCode?: string }>('/api/sim/deal');
    expect(answer.stored).to.equal(false);
    expect(answer.why).to.match(/no card arrived|line is down/);
    // by a code too, so the tailleur's screen says it in the crew's language (client/pull-refusal.ts)
    expect(answer.whyCode).to.be.oneOf(['NO_CARD_HEARD', 'LINE_DOWN']);
    await until(async () => (await viewOf(tailleur)).lastSeq === 3, 'card 3 once the line is back', 15_000); // resent by the shuffler, stored once
  });
});
