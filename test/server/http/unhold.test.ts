/**
 * POST /api/shoe/unhold (API.md "Commands"; docs/rules.md#unhold): the chef de
 * table withdraws the suspension held for the last call, answered with the new
 * view; the call's confirmation then no longer ends the shoe. Refusals carry the
 * domain's code, a 409.
 */
import { expect } from 'chai';
import { BURN, coupCards, ROUGE_ET_COULEUR } from './support/cards.ts';
import { crewPerTest } from './support/server.ts';

describe('HTTP: the chef withdraws a held suspension', () => {
  const crew = crewPerTest();

  /** A shoe whose coup 1 is dealt and its call waits. */
  async function callWaits(): Promise<void> {
    expect((await crew.tailleur.post('/api/shoe/start', {})).status).to.equal(200);
    await crew.server.dealAll(BURN);
    expect((await crew.tailleur.post('/api/bets/open')).status).to.equal(200);
    await crew.server.dealAll(coupCards(ROUGE_ET_COULEUR));
  }

  it('answers with the unhold event and a view with nothing held; the confirmation then leaves the shoe going on', async () => {
    await callWaits();
    const held = await crew.chef.post('/api/shoe/suspend', { reason: 'cards marked' });
    expect(held.body.view.held).to.include({ reason: 'suspended', note: 'cards marked', by: 'chef' });
    const r = await crew.chef.post('/api/shoe/unhold', { note: 'the inspector came' });
    expect(r.status).to.equal(200);
    expect(r.body.events).to.have.length(1);
    expect(r.body.events[0]).to.include({ type: 'unhold', note: 'the inspector came', by: 'chef' });
    expect(r.body.view.held).to.equal(null);
    expect(crew.server.logs.some((l) => l.command === 'shoe.unhold' && l.outcome === 'stored' && l.user === 'chef')).to.equal(true);
    const confirm = await crew.tailleur.post('/api/coups/1/confirm');
    expect(confirm.body.events.map((e: { type: string }) => e.type)).to.deep.equal(['confirm']);
    expect(confirm.body.view.phase).to.not.equal('ended');
    // asked again, the suspension is held once more
    expect((await crew.tailleur.post('/api/bets/open')).status).to.equal(200);
    await crew.server.dealAll(coupCards(ROUGE_ET_COULEUR));
    const again = await crew.chef.post('/api/shoe/suspend', { reason: 'player upset' });
    expect(again.body.view.held).to.include({ note: 'player upset' });
  });

  it('takes an empty body: the withdrawal needs no reason', async () => {
    await callWaits();
    await crew.chef.post('/api/shoe/suspend', { reason: 'cards marked' });
    const r = await crew.chef.post('/api/shoe/unhold');
    expect(r.status).to.equal(200);
    expect(r.body.events[0]).to.not.have.property('note');
  });

  it('refuses with 409 NOTHING_HELD when no suspension is held', async () => {
    await callWaits();
    const r = await crew.chef.post('/api/shoe/unhold', {});
    expect(r.status).to.equal(409);
    expect(r.body.error).to.equal('NOTHING_HELD');
  });

  it('refuses with 409 EMPTY_HELD when the end held is the shuffler’s, which stays held', async () => {
    await callWaits();
    await crew.server.table.shoeEmpty(crew.server.table.state().lastSeq);
    const r = await crew.chef.post('/api/shoe/unhold', {});
    expect(r.status).to.equal(409);
    expect(r.body.error).to.equal('EMPTY_HELD');
    expect(crew.server.table.view().held).to.include({ reason: 'empty' });
  });

  it('refuses with 409 SHOE_ENDED once the held suspension took effect', async () => {
    await callWaits();
    await crew.chef.post('/api/shoe/suspend', { reason: 'cards marked' });
    await crew.tailleur.post('/api/coups/1/confirm');
    const r = await crew.chef.post('/api/shoe/unhold', {});
    expect(r.status).to.equal(409);
    expect(r.body.error).to.equal('SHOE_ENDED');
  });

  it('refuses a note that is not text, naming the field (400)', async () => {
    await callWaits();
    const r = await crew.chef.post('/api/shoe/unhold', { note: 5 });
    expect(r.status).to.equal(400);
    expect(r.body.field).to.equal('note');
  });
});
