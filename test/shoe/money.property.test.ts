import { expect } from 'chai';
import fc from 'fast-check';
import { coupResult } from '../../shoe/call.ts';
import type { ShoeEvent } from '../../shoe/events.ts';
import { replayShoe } from '../../shoe/replay.ts';
import { fullShoe } from '../support/deck.ts';
import { bankTake, netByPlayer, violations } from '../support/fixture.ts';
import { playRandomShoe, type Draw } from '../support/random-table.ts';
import { rng, shuffle } from '../support/rng.ts';
import { stackedShoe } from '../support/stacked-shoe.ts';

const SHOE = fullShoe();
const sum = (xs: Iterable<number>) => [...xs].reduce((a, b) => a + b, 0);

/**
 * The random table's choices come from a seeded PRNG that fast-check seeds:
 * fast-check's own integers lean towards small values, which would expose,
 * void and bet far more often than the rates say.
 */
const drawFrom = (seed: number): Draw => {
  const random = rng(seed);
  return { int: (min, max) => min + Math.floor(random() * (max - min + 1)) };
};
/** Any order of the 312 cards, uniformly. */
const shuffledShoe = fc.noBias(fc.shuffledSubarray(SHOE, { minLength: SHOE.length, maxLength: SHOE.length }));
/** A legal shoe opening with 2 to 6 consecutive 31 après, so prisons and choices come every shoe. */
const stacked = fc.tuple(fc.noBias(fc.nat()), fc.integer({ min: 2, max: 6 })).map(([seed, n]) => stackedShoe(rng(seed), n));

const carriedPrison = fc.array(
  fc.record({
    player: fc.constantFrom('s1', 's2', 's7'),
    chance: fc.constantFrom('rouge' as const, 'noir' as const, 'couleur' as const, 'inverse' as const),
    amount: fc.integer({ min: 500, max: 500_000 }),
    level: fc.integer({ min: 1, max: 3 }),
  }),
  { maxLength: 3 },
);

describe('money on a shuffled legal shoe played at random (property)', function () {
  this.timeout(30_000);

  it("conserves money on any legal shoe, shuffled or opening with 31 après: Σ players' net + the bank's take (collected + premiums − paid + prison held at the end − prison carried in) = 0, with no rule violation on replay", () => {
    fc.assert(
      fc.property(fc.oneof(shuffledShoe, stacked), carriedPrison, fc.noBias(fc.nat()), (cards, prison, seed) => {
        const played = playRandomShoe(drawFrom(seed), { cards, prison, exposedRate: 1 / 150, voidRate: 1 / 300 });
        const { state } = replayShoe(played.events);
        expect(violations(state)).to.deep.equal([]);
        expect(state.end).to.not.equal(null);
        for (const r of [...state.coups.flatMap((c) => c.settlement), ...state.release]) {
          expect(
            [r.paid, r.collected, r.returned, r.premium].every((x) => Number.isInteger(x) && x >= 0),
            JSON.stringify(r),
          ).to.equal(true);
        }
        expect(sum(Object.values(netByPlayer(state))) + bankTake(state)).to.equal(0);
      }),
      { numRuns: 200, seed: 20261122 },
    );
  });
});

describe('Rouge/Noir symmetry', () => {
  it('coupResult is antisymmetric on every pair of totals 31–40: noir on (a, b) ⇔ rouge on (b, a); après stays après', () => {
    for (let a = 31; a <= 40; a++) {
      for (let b = 31; b <= 40; b++) {
        const ab = coupResult(a, b);
        const ba = coupResult(b, a);
        expect(ab === 'noir', `${a}/${b}`).to.equal(ba === 'rouge');
        expect(ab === 'rouge', `${a}/${b}`).to.equal(ba === 'noir');
        if (ab === 'apres' || ab === 'apres31') expect(ba).to.equal(ab);
      }
    }
  });

  it("swapping the cards of a coup's Noir and Rouge rows in the shuffler mirrors that coup (totals swapped, winner swapped) and changes no other coup", () => {
    const deal = (cards: readonly string[]) => {
      const events: ShoeEvent[] = [
        {
          type: 'shoe',
          table: 'T1',
          shoe: 'mirror',
          cards: cards.length,
          rules: { burn: 5, min: 500, max: 500000, insurance: 0.01, maxPrisonLevel: 3, exposedCoupLimit: 3, endOfShoeRelease: true },
        },
      ];
      cards.forEach((card, i) => events.push({ type: 'card', seq: i + 1, card }));
      return replayShoe(events).state;
    };
    fc.assert(
      fc.property(shuffledShoe, fc.nat(), (cards, k) => {
        const before = deal(cards);
        const complete = before.coups.filter((c) => c.result !== undefined);
        const target = complete[k % complete.length]!;
        const noirSeqs = target.noir.cards.map((c) => c.seq);
        const rougeSeqs = target.rouge.cards.map((c) => c.seq);
        const from = noirSeqs[0]! - 1;
        const swapped = [
          ...cards.slice(0, from),
          ...rougeSeqs.map((s) => cards[s - 1]!),
          ...noirSeqs.map((s) => cards[s - 1]!),
          ...cards.slice(rougeSeqs.at(-1)!),
        ];
        const after = deal(swapped);
        const mirror = { noir: 'rouge', rouge: 'noir', apres: 'apres', apres31: 'apres31' } as const;
        expect(after.coups).to.have.length(before.coups.length);
        after.coups.forEach((c, i) => {
          const b = before.coups[i]!;
          if (c.coup === target.coup) {
            expect([c.noir.total, c.rouge.total]).to.deep.equal([b.rouge.total, b.noir.total]);
            expect(c.result).to.equal(mirror[b.result!]);
          } else {
            expect([c.noir.total, c.rouge.total, c.result]).to.deep.equal([b.noir.total, b.rouge.total, b.result]);
          }
        });
      }),
      { numRuns: 100, seed: 20261123 },
    );
  });

  it('over 300 shuffled shoes, Rouge and Noir win counts differ by less than 4 standard errors (4·√n)', () => {
    const random = rng(20261124);
    let rouge = 0;
    let noir = 0;
    for (let i = 0; i < 300; i++) {
      const cards = shuffle(SHOE, random);
      const events: ShoeEvent[] = [
        {
          type: 'shoe',
          table: 'T1',
          shoe: `stat-${i}`,
          cards: 312,
          rules: { burn: 5, min: 500, max: 500000, insurance: 0.01, maxPrisonLevel: 3, exposedCoupLimit: 3, endOfShoeRelease: true },
        },
      ];
      cards.forEach((card, j) => events.push({ type: 'card', seq: j + 1, card }));
      for (const c of replayShoe(events).state.coups) {
        if (c.result === 'rouge') rouge++;
        if (c.result === 'noir') noir++;
      }
    }
    const n = rouge + noir;
    expect(n).to.be.above(7000);
    expect(Math.abs(rouge - noir)).to.be.below(4 * Math.sqrt(n));
  });
});
