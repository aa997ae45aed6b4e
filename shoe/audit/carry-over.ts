/**
 * What a shuffle keeps of the previous shoe's dealt order, measured on each
 * pair of consecutive complete shoes (the shuffler takes the discards of one
 * shoe, in the order they were dealt, and shuffles them into the next):
 *
 * - adjacency persistence: how many neighbouring pairs of the new shoe (card
 *   after card, as card faces) were also neighbours, in that order, in the
 *   previous one. Its mean under a fair shuffle is exact: each of the N − 1
 *   neighbouring places holds a given ordered pair (a, b) with probability
 *   m_a (m_b − [a = b]) / (N (N − 1)).
 * - rising sequences (Bayer & Diaconis): each copy of a card in the new shoe is
 *   matched with a copy in the old one in order (first with first …), and the
 *   old order is read off the new: k riffles leave at most 2^k rising
 *   sequences, a fair shuffle about N/2. Its mean under a fair shuffle is exact
 *   too: old neighbours a (its k-th copy) and b (its l-th copy) come out in the
 *   wrong order exactly when the l-th b precedes the k-th a in the new shoe, a
 *   hypergeometric tail of the uniform arrangement of their 6 + 6 copies.
 *
 * Their variances have no handy closed form, so they come from a permutation
 * null: the new shoe's cards put in uniformly random orders by a seeded PRNG
 * passed in (a fair shuffler's output), the squared deviations pooled over
 * every pair.
 */
import { CARDS_PER_DECK, DECKS } from '../card.ts';
import { randomInt, type Random } from '../math/seeded-random.ts';
import { FULL_SHOE } from './audit-shoe.ts';

const K = CARDS_PER_DECK;

/** P(the l-th b precedes the k-th a), `WRONG_ORDER[(k − 1) * 6 + (l − 1)]`, six copies of each. */
const WRONG_ORDER: Float64Array = (() => {
  const choose = (n: number, r: number) => {
    let v = 1;
    for (let i = 1; i <= r; i++) v = (v * (n - r + i)) / i;
    return r < 0 || r > n ? 0 : v;
  };
  const table = new Float64Array(DECKS * DECKS);
  for (let k = 1; k <= DECKS; k++) {
    for (let l = 1; l <= DECKS; l++) {
      const drawn = k + l - 1;
      let p = 0;
      for (let x = l; x <= Math.min(DECKS, drawn); x++) p += (choose(DECKS, x) * choose(DECKS, drawn - x)) / choose(2 * DECKS, drawn);
      table[(k - 1) * DECKS + (l - 1)] = p;
    }
  }
  return table;
})();

/** The previous shoe, prepared once for the statistics of the next. */
export interface PreviousOrder {
  cards: Uint8Array;
  /** Which copy (0 … 5) of its card each place holds, in dealt order. */
  copy: Uint8Array;
  /** 1 where card b followed card a somewhere: `adjacent[a * 52 + b]`. */
  adjacent: Uint8Array;
  adjacencyMean: number;
  risingMean: number;
}

export function previousOrder(cards: Uint8Array): PreviousOrder {
  const copy = new Uint8Array(FULL_SHOE);
  const seen = new Uint8Array(K);
  const adjacent = new Uint8Array(K * K);
  for (let j = 0; j < FULL_SHOE; j++) copy[j] = seen[cards[j]!]!++;
  let adjacencyMean = 0;
  let risingMean = 1;
  for (let j = 0; j + 1 < FULL_SHOE; j++) {
    const a = cards[j]!;
    const b = cards[j + 1]!;
    if (adjacent[a * K + b] === 0) {
      adjacent[a * K + b] = 1;
      adjacencyMean += (DECKS * (DECKS - (a === b ? 1 : 0))) / FULL_SHOE;
    }
    if (a !== b) risingMean += WRONG_ORDER[copy[j]! * DECKS + copy[j + 1]!]!;
  }
  return { cards, copy, adjacent, adjacencyMean, risingMean };
}

/** Scratch space, so the permutation null allocates nothing per draw. */
export interface PairScratch {
  places: Uint16Array;
  seen: Uint8Array;
  shuffled: Uint8Array;
}

export function createScratch(): PairScratch {
  return { places: new Uint16Array(K * DECKS), seen: new Uint8Array(K), shuffled: new Uint8Array(FULL_SHOE) };
}

export function adjacencyCount(prev: PreviousOrder, next: Uint8Array): number {
  let count = 0;
  for (let i = 0; i + 1 < next.length; i++) count += prev.adjacent[next[i]! * K + next[i + 1]!]!;
  return count;
}

/** Rising sequences of the old order read in the new, copies matched in order. */
export function risingSequences(prev: PreviousOrder, next: Uint8Array, scratch: PairScratch): number {
  const { places, seen } = scratch;
  seen.fill(0);
  for (let i = 0; i < FULL_SHOE; i++) {
    const code = next[i]!;
    places[code * DECKS + seen[code]!++] = i;
  }
  let rising = 1;
  let before = places[prev.cards[0]! * DECKS + prev.copy[0]!]!;
  for (let j = 1; j < FULL_SHOE; j++) {
    const at = places[prev.cards[j]! * DECKS + prev.copy[j]!]!;
    if (at < before) rising++;
    before = at;
  }
  return rising;
}

export interface PairResult {
  adjacency: number;
  adjacencyMean: number;
  rising: number;
  risingMean: number;
}

export interface NullSums {
  draws: number;
  adjacency: number;
  rising: number;
}

/**
 * The two statistics of one pair, and `draws` permutation-null draws of the
 * new shoe whose squared deviations from the exact means are added to `sums`.
 */
export function comparePair(prevCards: Uint8Array, next: Uint8Array, draws: number, random: Random, scratch: PairScratch, sums: NullSums): PairResult {
  const prev = previousOrder(prevCards);
  const result = {
    adjacency: adjacencyCount(prev, next),
    adjacencyMean: prev.adjacencyMean,
    rising: risingSequences(prev, next, scratch),
    risingMean: prev.risingMean,
  };
  const shuffled = scratch.shuffled;
  shuffled.set(next);
  for (let d = 0; d < draws; d++) {
    for (let i = FULL_SHOE - 1; i > 0; i--) {
      const j = randomInt(random, i + 1);
      const t = shuffled[i]!;
      shuffled[i] = shuffled[j]!;
      shuffled[j] = t;
    }
    sums.adjacency += (adjacencyCount(prev, shuffled) - prev.adjacencyMean) ** 2;
    sums.rising += (risingSequences(prev, shuffled, scratch) - prev.risingMean) ** 2;
    sums.draws++;
  }
  return result;
}
