/**
 * Card-by-position uniformity: a fair shuffler puts every rank equally often
 * in every part of the shoe. The 312 places are cut into bands; over the
 * complete shoes the counts of each rank in each band make a contingency
 * table whose Pearson χ² is compared with χ² on (13 − 1)(bands − 1) degrees of
 * freedom. Each shoe's table has fixed margins (24 of each rank, 312/bands
 * places a band), which makes E[X²] = df · N/(N − 1) with N = 312; the
 * statistic is scaled by (N − 1)/N to take that out.
 *
 * The same counts by card (52 × bands) give the standardized residuals the
 * surveillance heat map shows.
 */
import { CARDS_PER_DECK } from '../card.ts';
import { chiSquareTail } from '../math/distributions.ts';
import { FULL_SHOE } from './audit-shoe.ts';

const RANKS = 13;

export interface PositionCounts {
  bands: number;
  shoes: number;
  /** Card × band counts, card-major: `counts[code * bands + band]`. */
  counts: Float64Array;
}

export function createPositionCounts(bands: number): PositionCounts {
  if (FULL_SHOE % bands !== 0) throw new RangeError(`${bands} bands do not divide the ${FULL_SHOE} places of a shoe`);
  return { bands, shoes: 0, counts: new Float64Array(CARDS_PER_DECK * bands) };
}

/** Adds one complete shoe. */
export function countPositions(cards: Uint8Array, into: PositionCounts): void {
  const width = FULL_SHOE / into.bands;
  for (let i = 0; i < cards.length; i++) into.counts[cards[i]! * into.bands + Math.floor(i / width)]!++;
  into.shoes++;
}

export interface PositionTest {
  statistic: number;
  df: number;
  p: number;
}

/** χ² over ranks × bands. */
export function positionTest(c: PositionCounts): PositionTest {
  const df = (RANKS - 1) * (c.bands - 1);
  if (c.shoes === 0) return { statistic: 0, df, p: 1 };
  // Per cell: 24 copies of a rank a shoe, spread over `bands` equal bands.
  const expected = (c.shoes * (FULL_SHOE / RANKS)) / c.bands;
  let x2 = 0;
  for (let rank = 0; rank < RANKS; rank++) {
    for (let band = 0; band < c.bands; band++) {
      let observed = 0;
      for (let suit = 0; suit < 4; suit++) observed += c.counts[(suit * RANKS + rank) * c.bands + band]!;
      x2 += (observed - expected) ** 2 / expected;
    }
  }
  const statistic = (x2 * (FULL_SHOE - 1)) / FULL_SHOE;
  return { statistic, df, p: chiSquareTail(statistic, df) };
}

/**
 * Standardized residuals (O − E)/√E of each card in each band: about ±1 for a
 * fair shuffler, a card or a band standing out otherwise. Card-major rows of
 * `bands` numbers, in card-code order.
 */
export function positionResiduals(c: PositionCounts): number[][] {
  const expected = (c.shoes * (FULL_SHOE / CARDS_PER_DECK)) / c.bands;
  return Array.from({ length: CARDS_PER_DECK }, (_, code) =>
    Array.from({ length: c.bands }, (_, band) => (expected > 0 ? (c.counts[code * c.bands + band]! - expected) / Math.sqrt(expected) : 0)),
  );
}
