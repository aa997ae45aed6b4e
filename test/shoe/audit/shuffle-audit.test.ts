/**
 * The shuffle audit's nulls checked against the fair shuffler they describe,
 * and its power against the weak shufflers of the simulator. Every run is
 * seeded, so these results are the same on every machine.
 */
import { expect } from 'chai';
import { orderedShoe } from '../../../shoe/card.ts';
import { adjacencyCount, createScratch, previousOrder, risingSequences } from '../../../shoe/audit/carry-over.ts';
import { auditShuffle } from '../../../shoe/audit/shuffle-audit.ts';
import type { AuditShoe } from '../../../shoe/audit/audit-shoe.ts';
import { mulberry32, shuffleInPlace } from '../../../shoe/math/seeded-random.ts';
import { parseShuffler } from '../../../server/simulator/weak-shufflers.ts';

/** `count` shoes, each shuffled by `spec` from the previous one's dealt order. */
function dealtShoes(spec: string, count: number, seed: number): AuditShoe[] {
  const random = mulberry32(seed);
  const shuffle = parseShuffler(spec);
  let previous = shuffleInPlace(orderedShoe(), random);
  return Array.from({ length: count }, (_, i) => {
    previous = shuffle(previous, random);
    return { id: `shoe-${i + 1}`, cards: previous, burn: 5 };
  });
}

const flaggedNames = (shoes: AuditShoe[], seed: number) =>
  auditShuffle(shoes, { seed })
    .tests.filter((t) => t.flagged)
    .map((t) => t.name);

describe('shuffle audit: the exact null means', function () {
  this.timeout(30_000);
  it('puts the mean adjacency persistence and rising sequences of a fair shuffle where 20,000 fair shuffles put them', () => {
    const random = mulberry32(11);
    const prev = previousOrder(shuffleInPlace(orderedShoe(), random));
    const scratch = createScratch();
    const draws = 20_000;
    const moments = { a: 0, aa: 0, r: 0, rr: 0 };
    const next = orderedShoe();
    for (let i = 0; i < draws; i++) {
      shuffleInPlace(next, random);
      const a = adjacencyCount(prev, next);
      const r = risingSequences(prev, next, scratch);
      moments.a += a;
      moments.aa += a * a;
      moments.r += r;
      moments.rr += r * r;
    }
    const check = (sum: number, squares: number, exact: number, name: string) => {
      const mean = sum / draws;
      const se = Math.sqrt((squares / draws - mean * mean) / draws);
      expect(Math.abs(mean - exact), `${name}: ${mean} vs exact ${exact}, se ${se}`).to.be.at.most(4 * se);
    };
    check(moments.a, moments.aa, prev.adjacencyMean, 'adjacency');
    check(moments.r, moments.rr, prev.risingMean, 'rising sequences');
  });

  it('reads the previous order itself as one rising sequence, and two riffles as far fewer than a fair shuffle leaves', () => {
    const random = mulberry32(3);
    const scratch = createScratch();
    let below = 0;
    for (let i = 0; i < 20; i++) {
      const prevCards = shuffleInPlace(orderedShoe(), random);
      const prev = previousOrder(prevCards);
      expect(risingSequences(prev, prevCards, scratch)).to.equal(1);
      // Copies are matched in order, which blurs the 2^k bound of distinct cards; the fair spread is about ±5.
      below += prev.risingMean - risingSequences(prev, parseShuffler('riffle:2')(prevCards, random), scratch);
    }
    expect(below / 20).to.be.above(10);
  });
});

describe('shuffle audit: false alarms and detection power', function () {
  this.timeout(60_000);

  it('flags a fair shuffler in at most 2 of 100 seeds (50 shoes each)', () => {
    let flagged = 0;
    for (let seed = 1; seed <= 100; seed++) if (auditShuffle(dealtShoes('fair', 50, seed * 7_919), { seed }).flagged) flagged++;
    expect(flagged).to.be.at.most(2);
  });

  it('always flags two riffles from the previous order over 50 shoes, by carry-over and rising sequences', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const names = flaggedNames(dealtShoes('riffle:2', 50, seed), seed);
      expect(names, `seed ${seed}`).to.include.members(['carry-over', 'riffle']);
    }
  });

  it('flags a shuffler pulling the aces toward the front by card-by-position uniformity (100 shoes)', () => {
    for (let seed = 1; seed <= 20; seed++) expect(flaggedNames(dealtShoes('pull:A', 100, seed), seed), `seed ${seed}`).to.include('position');
  });

  it('flags a single cut, which keeps the previous order whole', () => {
    expect(flaggedNames(dealtShoes('cut', 20, 5), 5)).to.include.members(['carry-over', 'riffle']);
  });
});

describe('shuffle audit: the report', () => {
  const shoes = dealtShoes('fair', 12, 99);

  it('gives every test its statistic, p-value and flag, in a fixed order', () => {
    const audit = auditShuffle(shoes, { seed: 1 });
    expect(audit.shoes).to.equal(12);
    expect(audit.tests.map((t) => t.name)).to.deep.equal(['position', 'carry-over', 'riffle', 'runs']);
    for (const t of audit.tests) {
      expect(t.p).to.be.within(0, 1);
      expect(t.pAdjusted).to.be.at.least(t.p);
      expect(t.flagged).to.equal(t.pAdjusted < 0.01);
    }
    expect(audit.series).to.have.length(11);
    expect(audit.heat.residuals).to.have.length(52);
  });

  it('leaves a shoe that is not complete out of the position and carry-over tests, and counts its game in the runs', () => {
    const cut = [...shoes.slice(0, 6), { ...shoes[6]!, cards: shoes[6]!.cards.subarray(0, 200) }, ...shoes.slice(7)];
    const audit = auditShuffle(cut, { seed: 1 });
    expect(audit.complete).to.equal(11);
    expect(audit.pairs).to.equal(9);
    expect(audit.shoes).to.equal(12);
  });

  // χ² 0, p 1 and "ok" on every test with no complete shoe read as a clean shuffler (outside crew pass 47, F5)
  it('says which tests had no data: without a complete shoe only the runs test has any', () => {
    const cut = shoes.slice(0, 3).map((x) => ({ ...x, cards: x.cards.subarray(0, 200) }));
    const audit = auditShuffle(cut, { seed: 1 });
    expect(audit.tests.map((t) => [t.name, t.enough])).to.deep.equal([
      ['position', false],
      ['carry-over', false],
      ['riffle', false],
      ['runs', true],
    ]);
    expect(auditShuffle(shoes, { seed: 1 }).tests.every((t) => t.enough)).to.equal(true);
  });

  it('gives the same p-values for the same seed', () => {
    expect(auditShuffle(shoes, { seed: 4 })).to.deep.equal(auditShuffle(shoes, { seed: 4 }));
  });
});
