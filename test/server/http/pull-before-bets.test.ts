/**
 * The demo's "pull a card" after the burn, before the bets are open (a
 * newcomer's first pull raised CARD OUT OF TURN): it draws nothing and
 * says to open the bets first; the tailleur may still draw out of turn on
 * purpose, and the chef is then alerted as the rules say.
 */
import { expect } from 'chai';
import { until } from '../../support/until.ts';
import { startServer, type TestServer } from './support/server.ts';

const BURN = ['2H', '3D', '4C', '5S', '6H'];

describe('HTTP: the demo pull before the bets are open', () => {
  let server: TestServer;
  let pile: string[];
  beforeEach(async () => {
    pile = [...BURN, 'TH', 'TC', '9C'];
    server = await startServer({
      simulator: {
        deal: () => {
          const card = pile.shift();
          if (card !== undefined) void server.deal(card);
          return card !== undefined;
        },
      },
    });
  });
  afterEach(() => server.close());

  async function burnt() {
    const tailleur = await server.as('tailleur');
    await tailleur.post('/api/shoe/start');
    for (let seq = 1; seq <= BURN.length; seq++) {
      await tailleur.post('/api/sim/deal');
      await until(() => server.table.state().lastSeq === seq, `burnt card ${seq}`); // this test's simulator has no line to wait on
    }
    return tailleur;
  }
  const outOfTurn = () => server.table.view().alerts.filter((a) => a.kind === 'out-of-turn');

  it('draws nothing and says to open the bets first, then draws once they are open', async () => {
    const tailleur = await burnt();
    const early = await tailleur.post('/api/sim/deal');
    expect(early.status).to.equal(200);
    expect(early.body).to.include({ dealt: false, stored: false });
    expect(early.body.why).to.match(/^open the bets first \("faites vos jeux"\)/);
    expect(early.body.whyCode, 'a code each screen says in its crew’s language').to.equal('BETS_NOT_OPEN');
    expect(pile).to.have.length(3);
    expect(server.table.state().lastSeq).to.equal(5);

    await tailleur.post('/api/bets/open');
    expect((await tailleur.post('/api/sim/deal')).body).to.include({ dealt: true });
    await until(() => server.table.state().lastSeq === 6, 'the first card of the coup');
    expect(outOfTurn()).to.deep.equal([]);
  });

  it('draws out of turn when the tailleur insists, and the chef is alerted', async () => {
    const tailleur = await burnt();
    expect((await tailleur.post('/api/sim/deal', { outOfTurn: true })).body).to.include({ dealt: true });
    await until(() => server.table.state().lastSeq === 6, 'the card drawn out of turn');
    expect(outOfTurn()).to.have.length(1);
    expect((await tailleur.post('/api/sim/deal', { outOfTurn: 'yes' })).status).to.equal(400);
  });
});
