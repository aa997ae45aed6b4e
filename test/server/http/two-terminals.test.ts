/**
 * Two payeur terminals type the same bet at once: the stake is placed once, the
 * other refused STAKE_CHANGED, which says to look again. Each sent what its
 * screen showed on that seat and chance (`held`); the server, which adds a bet
 * to the stake standing, had doubled it to 200.00 with both screens saying
 * "Placed: s8 · Noir · 100.00" (outside crew pass 50, F1).
 */
import { expect } from 'chai';
import { startServer, type TestServer } from './support/server.ts';

describe('HTTP: one bet typed on two payeur terminals at once', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('places it once and refuses the other with STAKE_CHANGED, the stake unchanged by the refusal', async () => {
    server = await startServer();
    await server.dealAll(['AS', '2S', '3S', '4S', '5S']);
    await (await server.as('tailleur')).post('/api/bets/open');
    const [one, two] = [await server.as('payeur'), await server.as('payeur')];
    const bet = { player: 's8', chance: 'noir', amount: 10_000, held: 0 };
    const answers = await Promise.all([one.post('/api/bets', bet), two.post('/api/bets', bet)]);
    expect(answers.map((r) => r.status).sort()).to.deep.equal([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.error).to.equal('STAKE_CHANGED');
    const { view } = (await one.get('/api/table')).body;
    expect(view.stakes.filter((s: { player: string }) => s.player === 's8').map((s: { amount: number }) => s.amount)).to.deep.equal([10_000]);
    // an addition made over what is now there is placed
    expect((await two.post('/api/bets', { ...bet, amount: 5_000, held: 10_000 })).status).to.equal(200);
    // and a bet without `held`, as an old client's, adds to whatever stands
    expect((await two.post('/api/bets', { player: 's8', chance: 'noir', amount: 5_000 })).status).to.equal(200);
    expect((await one.get('/api/table')).body.view.stakes.find((s: { player: string }) => s.player === 's8').amount).to.equal(20_000);
  });

  it('refuses a negative or fractional `held` as a bad request', async () => {
    server = await startServer();
    await server.dealAll(['AS', '2S', '3S', '4S', '5S']);
    await (await server.as('tailleur')).post('/api/bets/open');
    const payeur = await server.as('payeur');
    for (const held of [-1, 1.5, 'x']) {
      const r = await payeur.post('/api/bets', { player: 's1', chance: 'rouge', amount: 10_000, held });
      expect([r.status, r.body.field], String(held)).to.deep.equal([400, 'held']);
    }
  });
});
