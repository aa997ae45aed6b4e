/**
 * Runs of the game's results (Wald–Wolfowitz) on Rouge and Noir, après left
 * out. Under a fair shuffle the sequence is exactly that of fair coin tosses:
 * swapping the Noir and Rouge rows of any set of coups gives another shoe just
 * as likely with those coups' winners swapped and nothing else changed. So,
 * given each shoe's counts of Rouge and Noir, the order of the wins is uniform,
 * and the runs count has the textbook mean and variance; shoes add up.
 */
import { createDealStats, dealShoe, RESULT_INDEX, tracedCoup } from '../shoe-dealer.ts';
import { coupResult } from '../call.ts';
import { normalTwoSided } from '../math/distributions.ts';

export interface RunsSums {
  runs: number;
  mean: number;
  variance: number;
  results: number;
}

export function createRunsSums(): RunsSums {
  return { runs: 0, mean: 0, variance: 0, results: 0 };
}

const stats = createDealStats(128);

/** Deals the shoe as the table does (its burn, foreign copies skipped) and adds its runs. */
export function addRuns(cards: Uint8Array, burn: number, into: RunsSums): void {
  stats.traced = 0;
  dealShoe(cards, { burn }, stats);
  let rouge = 0;
  let noir = 0;
  let runs = 0;
  let last = -1;
  for (let i = 0; i < stats.traced; i++) {
    const { noir: n, rouge: r } = tracedCoup(stats.trace![i]!);
    const result = RESULT_INDEX[coupResult(n, r)];
    if (result !== RESULT_INDEX.rouge && result !== RESULT_INDEX.noir) continue;
    if (result === RESULT_INDEX.rouge) rouge++;
    else noir++;
    if (result !== last) runs++;
    last = result;
  }
  const n = rouge + noir;
  if (rouge === 0 || noir === 0) return; // one colour only: a single run, no information
  const product = 2 * rouge * noir;
  into.runs += runs;
  into.mean += 1 + product / n;
  into.variance += (product * (product - n)) / (n * n * (n - 1));
  into.results += n;
}

export function runsTest(s: RunsSums): { statistic: number; p: number } {
  if (s.variance === 0) return { statistic: 0, p: 1 };
  const z = (s.runs - s.mean) / Math.sqrt(s.variance);
  return { statistic: z, p: normalTwoSided(z) };
}
