/**
 * Shoes recorded through the HTTP API as a weak shuffler deals them: each
 * shoe riffled only `riffles` times from the previous shoe's dealt order, the
 * tailleur confirming every call, the chef suspending the shoe once the last
 * call is settled (the end waits for it: docs/rules.md#end-of-shoe).
 */
import { expect } from 'chai';
import { cardFromCode, orderedShoe } from '../../../../shoe/card.ts';
import { mulberry32 } from '../../../../shoe/math/seeded-random.ts';
import { parseShuffler } from '../../../../server/simulator/weak-shufflers.ts';
import type { TestServer } from './server.ts';

export async function recordRiffledShoes(server: TestServer, shoes: number, seed: number, riffles = 2): Promise<void> {
  const [tailleur, chef] = [await server.as('tailleur'), await server.as('chef')];
  const riffle = parseShuffler(`riffle:${riffles}`);
  const random = mulberry32(seed);
  let previous = orderedShoe();
  for (let s = 0; s < shoes; s++) {
    previous = riffle(previous, random);
    expect((await tailleur.post('/api/shoe/start')).status, `shoe ${s + 1} starts`).to.equal(200);
    await server.dealAll(Array.from(previous, cardFromCode));
    for (let coup = server.table.view().awaitingConfirm; coup !== null; coup = server.table.view().awaitingConfirm) {
      expect((await tailleur.post(`/api/coups/${coup}/confirm`)).status, `coup ${coup} confirmed`).to.equal(200);
    }
    await chef.post('/api/shoe/suspend', { reason: 'reshuffle' });
    expect(server.table.state().phase, `shoe ${s + 1} ended`).to.equal('ended');
  }
}
