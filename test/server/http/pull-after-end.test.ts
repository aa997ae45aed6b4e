/**
 * The demo's "pull a card" once the table's shoe has ended: the simulated
 * shuffler, asked for a card after its last one, loaded and announced its
 * next shoe, and the table took it as a new shoe (docs/serial-protocol.md:
 * `SHOE` starts a shoe) — the next pulls burnt that shoe's cards with no one
 * of the crew having started it. The pull is refused with the reason until
 * the tailleur starts the next shoe, as after a suspension.
 */
import { expect } from 'chai';
import { until } from '../../support/until.ts';
import { startServer, type TestServer } from './support/server.ts';

const BURN = ['2H', '3D', '4C', '5S', '6H'];

describe('HTTP: the demo pull after the shoe has ended', () => {
  let server: TestServer;
  let asked: boolean[];
  beforeEach(async () => {
    asked = [];
    server = await startServer({
      simulator: {
        deal: (newShoe = false) => {
          asked.push(newShoe);
          return true;
        },
      },
    });
  });
  afterEach(() => server.close());

  it('asks the shuffler for nothing and says to start a new shoe, then pulls into the shoe the tailleur starts', async () => {
    const tailleur = await server.as('tailleur');
    await tailleur.post('/api/shoe/start', { cards: BURN.length });
    await server.dealAll(BURN);
    await server.table.shoeEmpty(BURN.length);
    const ended = server.table.state().shoe;
    expect(server.table.view().phase).to.equal('ended');

    for (const body of [{}, { outOfTurn: true }]) {
      const refused = await tailleur.post('/api/sim/deal', body);
      expect(refused.status).to.equal(200);
      expect(refused.body).to.include({ dealt: false, stored: false, whyCode: 'SHOE_ENDED' });
      expect(refused.body.why).to.match(/^the shoe has ended: start a new shoe first/);
    }
    expect(asked, 'the shuffler asked for a card').to.deep.equal([]);
    expect(server.table.state().shoe).to.equal(ended);

    await tailleur.post('/api/shoe/start');
    expect(server.table.state().shoe).not.to.equal(ended);
    expect((await tailleur.post('/api/sim/deal')).body).to.include({ dealt: true });
    // the shoe just started has no card: the shuffler is told to begin its next shoe
    await until(() => asked.length === 1, 'the pull reached the shuffler');
    expect(asked).to.deep.equal([true]);
  });
});
