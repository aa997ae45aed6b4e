/**
 * Stakes to hand back over HTTP (API.md `POST /api/shoe/handed-back`,
 * docs/shoe-log.md#handed-back): the list is the table's, in every view, so a
 * session opened after the new shoe began sees it; the payeur's mark drops it
 * from the chef's view too; the tailleur may not mark.
 */
import { expect } from 'chai';
import { BURN } from './support/cards.ts';
import { crewPerTest } from './support/server.ts';

describe('HTTP: stakes to hand back after a suspension', () => {
  const crew = crewPerTest();

  it("lists the cut coup's stakes for a fresh session; the payeur's mark drops them from the chef's view", async () => {
    expect((await crew.tailleur.post('/api/shoe/start', {})).status).to.equal(200);
    await crew.server.dealAll(BURN);
    expect((await crew.tailleur.post('/api/bets/open')).status).to.equal(200);
    expect((await crew.payeur.post('/api/bets', { player: 's1', chance: 'rouge', amount: 10_000 })).status).to.equal(200);
    await crew.server.deal('2H'); // coup 1 is being dealt
    const suspended = await crew.chef.post('/api/shoe/suspend', { reason: 'shuffler door opened' });
    const ended = suspended.body.view.shoe as string;
    expect((await crew.tailleur.post('/api/shoe/start')).status).to.equal(200);

    const fresh = await crew.server.as('payeur');
    const seen = (await fresh.get('/api/table')).body.view.handBack;
    expect(seen).to.deep.equal([
      { shoe: ended, how: 'suspended', note: 'shuffler door opened', coup: 1, rows: [{ player: 's1', chance: 'rouge', amount: 10_000, from: 'coup' }] },
    ]);
    expect((await crew.chef.get('/api/table')).body.view.handBack).to.deep.equal(seen);

    const refused = await crew.tailleur.post('/api/shoe/handed-back', { shoe: ended });
    expect(refused.status).to.equal(403);
    const unknown = await crew.payeur.post('/api/shoe/handed-back', { shoe: 'no-such-shoe' });
    expect(unknown.status).to.equal(404);

    const marked = await fresh.post('/api/shoe/handed-back', { shoe: ended });
    expect(marked.status).to.equal(200);
    // recorded as shown, without where each row came from: the screens' reading, not the record's (docs/shoe-log.md#handed-back)
    expect(marked.body.events[0]).to.deep.include({
      type: 'handed-back',
      shoe: ended,
      by: 'payeur',
      rows: [{ player: 's1', chance: 'rouge', amount: 10_000 }],
    });
    expect((await crew.chef.get('/api/table')).body.view.handBack).to.deep.equal([]);
    const again = await crew.chef.post('/api/shoe/handed-back', { shoe: ended });
    expect(again.status).to.equal(409);
    expect(again.body.error).to.equal('ALREADY_HANDED_BACK');
  });
});
