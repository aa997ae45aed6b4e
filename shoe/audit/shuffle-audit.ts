/**
 * The shuffle audit: statistical tests of the shuffler over consecutive shoes,
 * in the order they were dealt (README, "Shuffle audit"). Four tests,
 * each with its statistic and p-value, judged together at α with Holm's
 * correction, so a fair shuffler is flagged at most α of the time whatever
 * test would have fired:
 *
 * 1. `position` — card-by-position uniformity, χ² of ranks × bands;
 * 2. `carry-over` — adjacency persistence from the previous shoe (one-sided:
 *    more than a fair shuffle keeps);
 * 3. `riffle` — rising sequences of the previous order (one-sided: fewer);
 * 4. `runs` — Wald–Wolfowitz runs of Rouge/Noir (two-sided).
 *
 * Pure: the shoes come in as card codes, the permutation null's randomness as
 * a seed.
 */
import { holmAdjust } from '../math/holm.ts';
import { normalTail } from '../math/distributions.ts';
import { mulberry32 } from '../math/seeded-random.ts';
import { isComplete, type AuditShoe } from './audit-shoe.ts';
import { comparePair, createScratch, type NullSums } from './carry-over.ts';
import { countPositions, createPositionCounts, positionResiduals, positionTest } from './position-test.ts';
import { addRuns, createRunsSums, runsTest } from './runs-test.ts';

export const AUDIT_TESTS = ['position', 'carry-over', 'riffle', 'runs'] as const;
export type AuditTestName = (typeof AUDIT_TESTS)[number];

export interface AuditTest {
  name: AuditTestName;
  statistic: number;
  p: number;
  /** Holm-adjusted p-value: flagged when below α. */
  pAdjusted: number;
  flagged: boolean;
  /**
   * Whether the test had any data: the position test needs a complete shoe, carry-over and riffle a pair of consecutive
   * complete ones. Without, its statistic is 0 and its p 1, which read as "ok" with nothing tested (outside crew pass 47).
   */
  enough: boolean;
  /** What the statistic is, in a few words. */
  about: string;
}

export interface AuditOptions {
  alpha?: number;
  /** Seed of the permutation null. */
  seed?: number;
  /** Position bands for the χ² (they must divide 312). */
  bands?: number;
  /** Permutation draws in all (at least one per pair of shoes). */
  nullDraws?: number;
}

export interface ShuffleAudit {
  shoes: number;
  tests: AuditTest[];
  flagged: boolean;
  alpha: number;
  /** Shoes that were complete (312 cards, six of each) and pairs of consecutive complete shoes. */
  complete: number;
  pairs: number;
  /** Carry-over shoe after shoe: each pair's adjacency and rising sequences as z against the null. */
  series: { shoe: string; adjacencyZ: number; risingZ: number }[];
  /** Card × band standardized residuals, card-code order, for the heat map. */
  heat: { bands: number; residuals: number[][] };
}

export function auditShuffle(shoes: readonly AuditShoe[], options: AuditOptions = {}): ShuffleAudit {
  const alpha = options.alpha ?? 0.01;
  const bands = options.bands ?? 6;
  const random = mulberry32(options.seed ?? 1);
  const positions = createPositionCounts(bands);
  const heatCounts = createPositionCounts(12);
  const runs = createRunsSums();
  const scratch = createScratch();
  const sums: NullSums = { draws: 0, adjacency: 0, rising: 0 };

  const completeShoes = shoes.map((s) => isComplete(s.cards));
  let pairCount = 0;
  for (let i = 1; i < shoes.length; i++) if (completeShoes[i] && completeShoes[i - 1]) pairCount++;
  const drawsPerPair = pairCount === 0 ? 0 : Math.max(1, Math.ceil((options.nullDraws ?? 2_000) / pairCount));

  const pairs: { shoe: string; adjacency: number; adjacencyMean: number; rising: number; risingMean: number }[] = [];
  shoes.forEach((shoe, i) => {
    addRuns(shoe.cards, shoe.burn, runs);
    if (!completeShoes[i]) return;
    countPositions(shoe.cards, positions);
    countPositions(shoe.cards, heatCounts);
    if (i > 0 && completeShoes[i - 1]) pairs.push({ shoe: shoe.id, ...comparePair(shoes[i - 1]!.cards, shoe.cards, drawsPerPair, random, scratch, sums) });
  });

  const adjacencyVar = sums.draws > 0 ? sums.adjacency / sums.draws : 0;
  const risingVar = sums.draws > 0 ? sums.rising / sums.draws : 0;
  const total = (f: (p: (typeof pairs)[number]) => number) => pairs.reduce((a, p) => a + f(p), 0);
  const zAdjacency = pairs.length > 0 && adjacencyVar > 0 ? total((p) => p.adjacency - p.adjacencyMean) / Math.sqrt(pairs.length * adjacencyVar) : 0;
  const zRising = pairs.length > 0 && risingVar > 0 ? total((p) => p.rising - p.risingMean) / Math.sqrt(pairs.length * risingVar) : 0;

  const position = positionTest(positions);
  const gameRuns = runsTest(runs);
  const raw: Omit<AuditTest, 'pAdjusted' | 'flagged'>[] = [
    {
      name: 'position',
      statistic: position.statistic,
      p: position.p,
      enough: positions.shoes > 0,
      about: `χ² of ranks × ${bands} position bands, ${position.df} degrees of freedom`,
    },
    {
      name: 'carry-over',
      statistic: zAdjacency,
      p: pairs.length > 0 ? normalTail(zAdjacency) : 1,
      enough: pairs.length > 0,
      about: 'z of neighbouring pairs kept from the previous shoe (one-sided, high)',
    },
    {
      name: 'riffle',
      statistic: zRising,
      p: pairs.length > 0 ? normalTail(-zRising) : 1,
      enough: pairs.length > 0,
      about: 'z of rising sequences of the previous order (one-sided, low)',
    },
    { name: 'runs', statistic: gameRuns.statistic, p: gameRuns.p, enough: shoes.length > 0, about: 'z of Wald–Wolfowitz runs of Rouge/Noir (two-sided)' },
  ];
  const adjusted = holmAdjust(raw.map((t) => t.p));
  const tests = raw.map((t, i) => ({ ...t, pAdjusted: adjusted[i]!, flagged: adjusted[i]! < alpha }));
  return {
    shoes: shoes.length,
    tests,
    flagged: tests.some((t) => t.flagged),
    alpha,
    complete: positions.shoes,
    pairs: pairs.length,
    series: pairs.map((p) => ({
      shoe: p.shoe,
      adjacencyZ: adjacencyVar > 0 ? (p.adjacency - p.adjacencyMean) / Math.sqrt(adjacencyVar) : 0,
      risingZ: risingVar > 0 ? (p.rising - p.risingMean) / Math.sqrt(risingVar) : 0,
    })),
    heat: { bands: heatCounts.bands, residuals: positionResiduals(heatCounts) },
  };
}
