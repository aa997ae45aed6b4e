/**
 * The edge simulator is only worth its figures if it pays what the table pays:
 * the same shuffled shoes go through the table's state machine (decide/evolve,
 * every bet, confirmation and choice recorded) and through the simulator, and
 * each policy's net on each chance must agree to the cent.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { orderedShoe } from '../../../shoe/card.ts';
import { CHANCES } from '../../../shoe/events.ts';
import { edgeReport } from '../../../shoe/edge/edge-estimate.ts';
import { createEdgeTally, playShoe, POLICIES } from '../../../shoe/edge/house-edge.ts';
import { mulberry32, shuffleInPlace } from '../../../shoe/math/seeded-random.ts';
import { VENICE_RULES, type Rules } from '../../../shoe/rules.ts';
import { engineNets } from './engine-player.ts';

function shuffledShoes(count: number, seed: number): Uint8Array[] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, () => shuffleInPlace(orderedShoe(), random).slice());
}

function simulatorNets(shoes: readonly Uint8Array[], rules: Rules, unit: number) {
  const tally = createEdgeTally(rules, unit);
  for (const shoe of shoes) playShoe(shoe, tally);
  return { tally, report: edgeReport(tally) };
}

describe('house edge simulator: the same money as the engine', function () {
  this.timeout(120_000);

  const venice = shuffledShoes(1_000, 9_001);
  const { report } = simulatorNets(venice, VENICE_RULES, 1_000);
  for (const policy of POLICIES) {
    it(`pays the ${policy} policy on every chance what decide/evolve pays, to the cent, over 1,000 Venice shoes`, () => {
      const engine = engineNets(venice, VENICE_RULES, policy, 1_000);
      for (const chance of CHANCES) expect(report.edge[policy][chance].net, `${policy} on ${chance}`).to.equal(engine[chance]);
    });
  }

  it('meets deepened prisons, losses and end-of-shoe returns on those shoes (so the test above covers them)', () => {
    for (const chance of CHANCES) {
      const { imprisoned, fates } = report.prison[chance];
      expect(imprisoned).to.be.above(400);
      for (const fate of ['released-after-1', 'released-after-2', 'lost', 'returned-at-end']) expect(fates[fate], fate).to.be.above(0);
    }
  });

  // One prison level, so a second 31 après splits by force often enough to be met.
  const house: Rules = { ...VENICE_RULES, maxPrisonLevel: 1, endOfShoeRelease: false, insurance: 0.015 };
  const other = shuffledShoes(300, 77);
  const odd = simulatorNets(other, house, 1_250).report;
  it('meets forced splits with one prison level', () => {
    for (const chance of CHANCES) expect(odd.prison[chance].fates['forced-split']).to.be.above(0);
  });
  for (const policy of POLICIES) {
    it(`agrees with the engine for ${policy} with one prison level, prisons carried from shoe to shoe, 1.5 % insurance and a 12.50 unit`, () => {
      const engine = engineNets(other, house, policy, 1_250);
      for (const chance of CHANCES) expect(odd.edge[policy][chance].net, `${policy} on ${chance}`).to.equal(engine[chance]);
    });
  }
});

describe('house edge under the half-stake profile (a 31 après costs half the stake at once, no prison)', function () {
  this.timeout(60_000);
  const half = JSON.parse(readFileSync(new URL('../../../rules/half-at-31.json', import.meta.url), 'utf8')) as Rules;
  const shoes = shuffledShoes(1_000, 31);
  const { report } = simulatorNets(shoes, half, 1_000);

  for (const policy of POLICIES) {
    it(`pays ${policy} what decide/evolve pays, to the cent, over 1,000 shoes`, () => {
      const engine = engineNets(shoes, half, policy, 1_000);
      for (const chance of CHANCES) expect(report.edge[policy][chance].net, `${policy} on ${chance}`).to.equal(engine[chance]);
    });
  }

  it('leaves nothing in prison, so leaving and partager cost the same', () => {
    for (const chance of CHANCES) {
      expect(report.prison[chance].imprisoned).to.equal(0);
      expect(report.edge.leave[chance].net).to.equal(report.edge.partager[chance].net);
    }
  });
});

describe('house edge estimates', function () {
  this.timeout(60_000);
  const { report, tally } = simulatorNets(shuffledShoes(20_000, 4_242), VENICE_RULES, 1_000);

  it('finds the symmetric win/loss of fresh stakes centred on zero, as the control variate assumes', () => {
    // Σ C over the shoes, against its own plain standard error: within 4 of them.
    for (let c = 0; c < CHANCES.length; c++) {
      const n = tally.shoes;
      const sum = tally.control[c * 3]!;
      const sd = Math.sqrt(tally.control[c * 3 + 1]! / n - (sum / n) ** 2);
      expect(Math.abs(sum / n), CHANCES[c]).to.be.at.most((4 * sd) / Math.sqrt(n));
    }
  });

  it('gives the insured player exactly the premium rate once the symmetric part is taken out', () => {
    for (const chance of CHANCES) {
      expect(report.edge.insured[chance].edge).to.be.closeTo(0.01, 1e-12);
      expect(report.edge.insured[chance].se).to.be.below(1e-9);
    }
  });

  it('puts the partager edge at half the 31 après frequency, within 4 standard errors', () => {
    const apres31 = tally.deal.results[3]! / tally.deal.coups;
    for (const chance of CHANCES) {
      const f = report.edge.partager[chance];
      expect(Math.abs(f.edge - apres31 / 2)).to.be.at.most(4 * f.se + 1e-12);
    }
  });

  it('shrinks the standard error at least fivefold against plain averaging', () => {
    for (const policy of ['leave', 'partager'] as const) {
      for (const chance of CHANCES) expect(report.edge[policy][chance].sePlain / report.edge[policy][chance].se).to.be.above(5);
    }
  });

  it('accounts for every imprisoned stake: its fate frequencies add up to one', () => {
    for (const chance of CHANCES) {
      const total = Object.values(report.prison[chance].fates).reduce((a, b) => a + b, 0);
      expect(total).to.be.closeTo(1, 1e-12);
    }
  });
});
