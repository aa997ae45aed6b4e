/**
 * No card is pulled while a dispute waits for the chef (docs/rules.md#dispute-no-pull):
 * the pull is refused with 409 DISPUTE_OPEN before the shuffler is asked, the
 * view says why (`pullBlocked`), and the chef keeps his annulment.
 */
import { expect } from 'chai';
import { BURN, coupCards, ROUGE_ET_COULEUR } from './support/cards.ts';
import { startServer, type TestServer } from './support/server.ts';

describe('HTTP: the pull during a dispute', () => {
  let server: TestServer;
  let asked = 0;
  afterEach(() => server.close());

  async function disputed() {
    asked = 0;
    const simulator = {
      deal: () => {
        asked++;
        void server.deal('KD');
        return true;
      },
    };
    server = await startServer({ simulator });
    const [tailleur, payeur, chef] = await Promise.all([server.as('tailleur'), server.as('payeur'), server.as('chef')]);
    await tailleur.post('/api/shoe/start');
    await server.dealAll(BURN);
    await tailleur.post('/api/bets/open');
    await payeur.post('/api/bets', { player: 's1', chance: 'rouge', amount: 10_000 });
    await server.dealAll(coupCards(ROUGE_ET_COULEUR));
    expect((await tailleur.post('/api/coups/1/dispute', { announced: 'Rouge perd' })).status).to.equal(200);
    return { tailleur, chef };
  }

  it('refuses the pull with DISPUTE_OPEN and never asks the shuffler', async () => {
    const { tailleur } = await disputed();
    const r = await tailleur.post('/api/sim/deal');
    expect(r.status, r.text).to.equal(409);
    expect(r.body.error).to.equal('DISPUTE_OPEN');
    expect(asked).to.equal(0);
    expect(server.table.view().pullBlocked).to.deep.equal({ code: 'DISPUTE_OPEN', coup: 1 });
  });

  it('leaves the chef his annulment, and pulls again once he has ruled', async () => {
    const { tailleur, chef } = await disputed();
    await tailleur.post('/api/sim/deal');
    expect(server.table.view().disputes[0]!.rulings).to.deep.equal(['cards', 'annul']);
    expect((await chef.post('/api/coups/1/resolve', { ruling: 'annul', reason: 'misdeal' })).status).to.equal(200);
    expect(server.table.view().pullBlocked).to.equal(null);
    const r = await tailleur.post('/api/sim/deal');
    expect(r.status, r.text).to.equal(200);
    expect(asked).to.equal(1);
  });
});
