/**
 * The random crew (test/support/random-crew/): thousands of random sequences
 * of every command of every role — bets, insurance, prison choices with and
 * without the stake's name, confirm, dispute, rulings, voids, suspensions,
 * pulls, the shuffler's new shoes and EMPTY, faults — and restarts, against
 * the real TableService on its real store; after every step the money, the
 * fold of the stored log, the order of play, the shoe's cards and liveness
 * are checked. Seeded: a failure prints its seed and shrunk sequence.
 * Longer runs: `npm run fuzz -- --steps N --seed S`.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { crewProperty, newTally } from '../../support/random-crew/crew-property.ts';

describe('the random crew at a real table (model-based, seeded)', function () {
  this.timeout(90_000);

  it('keeps money, the log, the order of play, the shoe and liveness whatever the crew does, across restarts', async () => {
    const tally = newTally();
    await fc.assert(crewProperty(25, tally), { numRuns: 2000, seed: 20261125 });
    // The crew reached the states that matter, or the run proves little: coups, prison choices, disputes and rulings, held ends, restarts.
    expect(tally.sequences).to.equal(2000);
    expect(tally.coups).to.be.above(500);
    for (const type of ['choice', 'dispute', 'resolve', 'hold', 'void', 'end', 'withdraw', 'insure']) expect(tally.events[type] ?? 0, type).to.be.above(0);
    expect(tally.done.restart ?? 0).to.be.above(100);
  });
});
