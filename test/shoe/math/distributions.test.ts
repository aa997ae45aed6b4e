import { expect } from 'chai';
import { chiSquareTail, gammaQ, logGamma, normalTail, normalTwoSided } from '../../../shoe/math/distributions.ts';
import { holmAdjust } from '../../../shoe/math/holm.ts';

describe('distributions for the audit p-values', () => {
  it('gives ln Γ of whole and half numbers', () => {
    expect(logGamma(1)).to.be.closeTo(0, 1e-13);
    expect(logGamma(10)).to.be.closeTo(Math.log(362_880), 1e-12);
    expect(logGamma(0.5)).to.be.closeTo(Math.log(Math.sqrt(Math.PI)), 1e-13);
  });

  it('matches the closed forms of the incomplete gamma: Q(1, x) = e^−x', () => {
    for (const x of [0.1, 1, 3, 30]) expect(gammaQ(1, x)).to.be.closeTo(Math.exp(-x), 1e-14);
    expect(chiSquareTail(2, 2)).to.be.closeTo(Math.exp(-1), 1e-14);
  });

  it('puts the tabulated χ² critical values at their upper-tail probabilities', () => {
    expect(chiSquareTail(3.841459, 1)).to.be.closeTo(0.05, 1e-6);
    expect(chiSquareTail(6.634897, 1)).to.be.closeTo(0.01, 1e-6);
    expect(chiSquareTail(79.08194, 60)).to.be.closeTo(0.05, 1e-6);
    expect(chiSquareTail(88.37942, 60)).to.be.closeTo(0.01, 1e-6);
  });

  it('gives the normal tail from the centre to far out', () => {
    expect(normalTail(0)).to.be.closeTo(0.5, 1e-15);
    expect(normalTail(1.959964)).to.be.closeTo(0.025, 1e-7);
    expect(normalTail(-1.959964)).to.be.closeTo(0.975, 1e-7);
    expect(normalTail(5) / 2.866515718791939e-7).to.be.closeTo(1, 1e-9);
    expect(normalTwoSided(-2.575829)).to.be.closeTo(0.01, 1e-7);
  });
});

describe('Holm correction', () => {
  it('multiplies the smallest p by the number of tests and keeps the adjusted p-values monotone', () => {
    expect(holmAdjust([0.01, 0.04, 0.03, 0.5])).to.deep.equal([0.04, 0.09, 0.09, 0.5]);
  });
  it('never goes above 1', () => {
    expect(holmAdjust([0.6, 0.9])).to.deep.equal([1, 1]);
  });
});
