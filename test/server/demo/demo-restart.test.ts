/**
 * Found when played as the crew: `tq demo` (npm start) stopped mid-coup and started again
 * on the same data directory — without --seed, as a crew restarts it — takes
 * up the same shoe where it stood: the simulated shuffler remembers its seed,
 * shoe and position in the data directory (demo-shuffler.json), so the table
 * sees the shoe it recorded, not a reload; nothing is suspended, the coup's
 * stakes stay on the layout, and the cards go on in the shoe's order.
 *
 * Found by an outside tester: when the chef had suspended the shoe and the
 * tailleur started the next (no card yet), the restarted demo said it resumed
 * the suspended shoe's shuffler shoe, which the table refuses as spent
 * (docs/serial-protocol.md#shoe-identity). The demo now reloads the shuffler
 * as soon as the tailleur starts the next shoe (reload-on-new-shoe.ts), so the
 * restart resumes that new shuffler shoe; a demo stopped before the reload
 * reached the shuffler starts the next shoe and says why
 * (test/server/demo/skip-spent-shoe.test.ts).
 */
import { expect } from 'chai';
import { shuffledShoe } from '../../../server/simulator/shuffled-shoe.ts';
import { dealCards, startDemo, type DemoTable } from '../../client/support/demo-table.ts';
import { until } from '../../support/until.ts';

type View = {
  shoe: string;
  phase: string;
  lastSeq: number;
  end: unknown;
  stakes: { player: string; chance: string; amount: number }[];
  alerts: { kind: string; code?: string }[];
};

describe('the demo table restarted on its data directory', function () {
  this.timeout(180_000);
  const tables: DemoTable[] = [];
  afterEach(async () => {
    for (const t of tables.splice(0).reverse()) await t.close();
  });

  it('resumes the same shoe mid-coup: no reload, no suspension, the stakes kept, the cards in order', async () => {
    const first = await startDemo(21);
    tables.push(first);
    const tailleur = await first.as('tailleur');
    await dealCards(tailleur, 5);
    await tailleur.post('/api/bets/open');
    await (await first.as('payeur')).post('/api/bets', { player: 's1', chance: 'rouge', amount: 1000 });
    await dealCards(tailleur, 2); // the coup is under way
    const before = (await tailleur.get('/api/table')).view as View;
    await first.stop();

    const again = await startDemo(null, { port: first.port, data: first.data });
    tables.push(again);
    const crew = await again.as('tailleur');
    const after = (await crew.get('/api/table')).view as View;
    expect(after).to.include({ shoe: before.shoe, lastSeq: 7, phase: before.phase, end: null });
    expect(after.stakes.map(({ player, chance, amount }) => ({ player, chance, amount }))).to.deep.equal([{ player: 's1', chance: 'rouge', amount: 1000 }]);

    await dealCards(crew, 3);
    const events = (await (await again.as('surveillance')).get(`/api/shoes/${before.shoe}/events`)) as { type: string; card?: string; code?: string }[];
    // the restart is the one fault: recorded where the coup was cut off (docs/shoe-log.md#events)
    const faults = events.filter((e) => e.type === 'fault') as { code?: string; text?: string }[];
    expect(faults.map((e) => e.code)).to.deep.equal(['RESTART']);
    expect(faults[0]!.text).to.match(/resumes after card 7$/);
    expect(events.filter((e) => e.type === 'end')).to.deep.equal([]);
    const cards = events.filter((e) => e.type === 'card').map((e) => e.card);
    expect(cards).to.deep.equal(
      shuffledShoe(21)
        .slice(0, 10)
        .map((c) => c.card),
    );
    expect(again.stdout)
      .to.match(/seed 21;/)
      .and.match(/resumed\s+shoe 1 of seed 21, 7 cards dealt/);
    expect(((await crew.get('/api/table')).view as View).alerts.filter((a) => a.kind !== 'out-of-turn').map((a) => [a.kind, a.code])).to.deep.equal([
      ['fault', 'RESTART'],
    ]);
  });

  it('reloads the shuffler when the next table shoe starts, and resumes that shuffler shoe after a restart, dealing it from its first card', async () => {
    const first = await startDemo(31);
    tables.push(first);
    const tailleur = await first.as('tailleur');
    await dealCards(tailleur, 5); // from shuffler shoe SIM-31
    const suspended = ((await tailleur.get('/api/table')).view as View).shoe;
    await (await first.as('chef')).post('/api/shoe/suspend', { reason: 'marked cards' });
    await tailleur.post('/api/shoe/start'); // the next table shoe, no card pulled yet
    const next = ((await tailleur.get('/api/table')).view as View).shoe;
    expect(next).to.not.equal(suspended);
    // the shuffler is reloaded at once (server/demo/reload-on-new-shoe.ts): its next shoe announced and ready, no card pulled
    await until(async () => ((await tailleur.get('/api/table')) as { link: { state?: string } }).link.state === 'READY', 'the reloaded shuffler', 20_000);
    await first.stop();

    const again = await startDemo(null, { port: first.port, data: first.data });
    tables.push(again);
    expect(again.stdout).to.match(/resumed\s+shoe 2 of seed 31, 0 cards dealt/);
    const crew = await again.as('tailleur');
    await dealCards(crew, 3);
    const view = (await crew.get('/api/table')).view as View;
    expect(view).to.include({ shoe: next, lastSeq: 3 });
    const events = (await (await again.as('surveillance')).get(`/api/shoes/${next}/events`)) as { type: string; card?: string }[];
    expect(events.filter((e) => e.type === 'card').map((e) => e.card)).to.deep.equal(
      shuffledShoe('31-2')
        .slice(0, 3)
        .map((c) => c.card),
    );
    expect(events.filter((e) => e.type === 'fault')).to.deep.equal([]);
    const { link } = (await crew.get('/api/table')) as { link: { alerts: { code?: string }[] } };
    expect(link.alerts.map((a) => a.code)).to.not.include('SHOE_REFUSED');
  });
});
