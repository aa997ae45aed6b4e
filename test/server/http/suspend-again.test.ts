/**
 * POST /api/shoe/suspend with `"again": true` (API.md "Commands"; docs/rules.md#held-end): the chef asks the
 * held suspension once more, for another reason, which stands in the first's place; without it a second
 * request is refused naming the first (outside crew pass 52, F4: the chef found no way to ask it).
 */
import { expect } from 'chai';
import { BURN, coupCards, ROUGE_ET_COULEUR } from './support/cards.ts';
import { crewPerTest } from './support/server.ts';

describe('HTTP: the chef asks a held suspension again', () => {
  const crew = crewPerTest();

  async function heldSuspension(): Promise<void> {
    expect((await crew.tailleur.post('/api/shoe/start', {})).status).to.equal(200);
    await crew.server.dealAll(BURN);
    expect((await crew.tailleur.post('/api/bets/open')).status).to.equal(200);
    await crew.server.dealAll(coupCards(ROUGE_ET_COULEUR));
    expect((await crew.chef.post('/api/shoe/suspend', { reason: 'cards marked' })).status).to.equal(200);
  }

  it('refuses a second request with 409 SUSPENSION_PENDING naming the first', async () => {
    await heldSuspension();
    const r = await crew.chef.post('/api/shoe/suspend', { reason: 'player upset' });
    expect(r.status).to.equal(409);
    expect(r.body.error).to.equal('SUSPENSION_PENDING');
    expect(r.body.message).to.contain('cards marked');
  });

  it('holds the new reason asked again, and ends the shoe with it once the call is confirmed', async () => {
    await heldSuspension();
    const r = await crew.chef.post('/api/shoe/suspend', { reason: 'player upset', again: true });
    expect(r.status).to.equal(200);
    expect(r.body.events).to.have.length(1);
    expect(r.body.events[0]).to.include({ type: 'hold', reason: 'suspended', note: 'player upset', again: true, by: 'chef' });
    expect(r.body.view.held).to.include({ note: 'player upset', by: 'chef' });
    const confirm = await crew.tailleur.post('/api/coups/1/confirm');
    expect(confirm.body.events.find((e: { type: string }) => e.type === 'end')).to.include({ reason: 'suspended', note: 'player upset' });
  });

  it('refuses again that is not true, naming the field', async () => {
    await heldSuspension();
    const r = await crew.chef.post('/api/shoe/suspend', { reason: 'player upset', again: 'yes' });
    expect(r.status).to.equal(400);
    expect(JSON.stringify(r.body)).to.contain('again');
  });

  it('refuses the tailleur asking again: only the chef suspends', async () => {
    await heldSuspension();
    const r = await crew.tailleur.post('/api/shoe/suspend', { reason: 'mine', again: true });
    expect(r.status).to.equal(403);
  });
});
