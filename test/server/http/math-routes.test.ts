/**
 * Game math for surveillance: the shuffle audit over the recorded shoes and
 * the house edge of the table's rules, read-only, for surveillance and chef.
 */
import { expect } from 'chai';
import { recordRiffledShoes } from './support/riffled-shoes.ts';
import { startServer, type TestServer } from './support/server.ts';

describe('HTTP: game math for surveillance', function () {
  this.timeout(60_000);
  let server: TestServer;

  before(async () => {
    server = await startServer();
    await recordRiffledShoes(server, 6, 6);
  });
  after(() => server.close());

  it('audits the recorded shoes in the order they started and flags the weak shuffler', async () => {
    const r = await (await server.as('surveillance')).get('/api/audit/shuffle');
    expect(r.status).to.equal(200);
    expect(r.body.shoes).to.equal(6);
    expect(r.body.tests.map((t: { name: string }) => t.name)).to.deep.equal(['position', 'carry-over', 'riffle', 'runs']);
    expect(r.body.flagged).to.equal(true);
    expect(r.body.series).to.have.length(5);
    expect(r.body.series[0].adjacencyZ).to.be.above(5);
    expect(r.body.heat.residuals).to.have.length(52);
  });

  it('gives the house edge of the rules the table deals with', async () => {
    const r = await (await server.as('chef')).get('/api/edge');
    expect(r.status).to.equal(200);
    expect(r.body.rules).to.deep.equal(server.table.view().rules);
    expect(r.body.shoes).to.equal(20_000);
    for (const policy of ['leave', 'partager', 'insured']) {
      for (const chance of ['rouge', 'noir', 'couleur', 'inverse']) {
        expect(r.body.edge[policy][chance].edge, `${policy} ${chance}`).to.be.within(0.009, 0.012);
        expect(r.body.edge[policy][chance].se).to.be.below(0.0003);
      }
    }
  });

  it('refuses the crew that does not audit', async () => {
    const payeur = await server.as('payeur');
    expect((await payeur.get('/api/audit/shuffle')).status).to.equal(403);
    expect((await payeur.get('/api/edge')).status).to.equal(403);
  });

  it('refuses a bad number of shoes', async () => {
    const r = await (await server.as('surveillance')).get('/api/audit/shuffle?last=1');
    expect(r.status).to.equal(400);
    expect(r.body.field).to.equal('last');
  });
});
