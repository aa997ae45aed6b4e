/**
 * Prison stakes by name over HTTP (API.md "Commands", docs/rules.md#prison-stake-id):
 * two 31 après in a row leave s1 with 100000 at level 2 and 30000 at level 1
 * on Rouge; the view names each, a choice without the name is refused, and
 * partager on one splits only that one. A choice before the call is confirmed is refused.
 */
import { expect } from 'chai';
import { BURN, coupCards, UN_APRES } from './support/cards.ts';
import { crewPerTest } from './support/server.ts';

describe('HTTP: prison stakes by name', () => {
  const crew = crewPerTest();

  async function thirtyOneApres(amount: number, coup: number): Promise<void> {
    await crew.tailleur.post('/api/bets/open');
    await crew.payeur.post('/api/bets', { player: 's1', chance: 'rouge', amount });
    await crew.server.dealAll(coupCards(UN_APRES));
    expect((await crew.tailleur.post(`/api/coups/${coup}/confirm`)).status).to.equal(200);
  }

  async function twoStakesInPrison(): Promise<void> {
    await crew.tailleur.post('/api/shoe/start');
    await crew.server.dealAll(BURN);
    await thirtyOneApres(100_000, 1);
    await thirtyOneApres(30_000, 2);
  }

  it('shows each prison stake with its id in the table view', async () => {
    await twoStakesInPrison();
    const { view } = (await crew.payeur.get('/api/table')).body;
    expect(view.prison.map((p: { id: string; amount: number; level: number }) => [p.id, p.amount, p.level])).to.deep.equal([
      ['21-s1-rouge', 30_000, 1],
      ['13-s1-rouge', 100_000, 2],
    ]);
  });

  it('refuses a choice without the stake when the seat has two there: 409 STAKE_NOT_NAMED', async () => {
    await twoStakesInPrison();
    const r = await crew.payeur.post('/api/prison/choice', { player: 's1', chance: 'rouge', action: 'partager' });
    expect(r.status, r.text).to.equal(409);
    expect(r.body.error).to.equal('STAKE_NOT_NAMED');
    expect(crew.server.table.state().prison).to.have.length(2);
  });

  it('splits only the stake named, and stores the name in the log', async () => {
    await twoStakesInPrison();
    const r = await crew.payeur.post('/api/prison/choice', { player: 's1', chance: 'rouge', action: 'partager', stake: '21-s1-rouge' });
    expect(r.status, r.text).to.equal(200);
    expect(r.body.events.map((e: { type: string; stake?: string }) => [e.type, e.stake])).to.deep.equal([['choice', '21-s1-rouge']]);
    expect(r.body.view.prison.map((p: { id: string; amount: number }) => [p.id, p.amount])).to.deep.equal([['13-s1-rouge', 100_000]]);
    const split = r.body.view.recent[0].settlement.find((row: { outcome: string }) => row.outcome === 'partager');
    expect(split).to.include({ amount: 30_000, returned: 15_000, collected: 15_000 });
  });

  it('refuses a malformed stake id: 400 naming the field', async () => {
    await twoStakesInPrison();
    const r = await crew.payeur.post('/api/prison/choice', { player: 's1', chance: 'rouge', action: 'leave', stake: '../x y' });
    expect(r.status).to.equal(400);
    expect(r.body.field).to.equal('stake');
  });

  it('refuses a prison choice before the call is confirmed: 409 CHOICE_BEFORE_CONFIRM, and the view says it waits', async () => {
    await crew.tailleur.post('/api/shoe/start');
    await crew.server.dealAll(BURN);
    await crew.tailleur.post('/api/bets/open');
    await crew.payeur.post('/api/bets', { player: 's1', chance: 'rouge', amount: 10_000 });
    await crew.server.dealAll(coupCards(UN_APRES));
    const r = await crew.payeur.post('/api/prison/choice', { player: 's1', chance: 'rouge', action: 'partager', stake: '13-s1-rouge' });
    expect(r.status, r.text).to.equal(409);
    expect(r.body.error).to.equal('CHOICE_BEFORE_CONFIRM');
    expect(crew.server.table.view().prison[0]).to.include({ waitsForCall: true });
    await crew.tailleur.post('/api/coups/1/confirm');
    expect(crew.server.table.view().prison[0]).to.not.have.property('waitsForCall');
    expect((await crew.payeur.post('/api/prison/choice', { player: 's1', chance: 'rouge', action: 'partager', stake: '13-s1-rouge' })).status).to.equal(200);
  });
});
