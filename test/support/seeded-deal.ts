/**
 * What the simulated shuffler deals on a seed, for tests that must know the
 * cards: the seeded shoe itself (server/simulator/shuffled-shoe.ts, the shoe
 * `tq demo --seed` deals), cut into the five burnt cards and coups by this
 * folder's own reading of the rules (rows.ts, call.ts), not copied from a run.
 */
import { shuffledShoe } from '../../server/simulator/shuffled-shoe.ts';
import { call } from './call.ts';
import { colour } from './deck.ts';
import { dealCoup, total } from './rows.ts';

/** docs/rules.md#burn: five cards are burnt before the first coup. */
export const BURNT = 5;

export interface SeededCoup {
  noir: string[];
  rouge: string[];
  /** Running total of each row after each of its cards. */
  noirTotals: number[];
  rougeTotals: number[];
  call: string;
  /** The seq of the coup's first card. */
  firstSeq: number;
}

export interface SeededDeal {
  cards: string[];
  burnt: string[];
  coups: SeededCoup[];
  /** The seq of the card after the coups. */
  nextSeq: number;
}

const running = (row: readonly string[]) => row.map((_, k) => total(row.slice(0, k + 1)));

/** The first `coups` coups the shuffler deals on `seed`, with no card voided. */
export function seededDeal(seed: number | string, coups: number): SeededDeal {
  const cards = shuffledShoe(seed).map((c) => c.card as string);
  const out: SeededCoup[] = [];
  let next = BURNT;
  for (let k = 0; k < coups; k++) {
    const coup = dealCoup(cards, next);
    if (!coup) throw new Error(`seed ${seed} runs out of cards before coup ${k + 1}`);
    const noirTotal = total(coup.noir);
    const rougeTotal = total(coup.rouge);
    out.push({
      ...coup,
      noirTotals: running(coup.noir),
      rougeTotals: running(coup.rouge),
      call: call(noirTotal, rougeTotal, colour(coup.noir[0]!)),
      firstSeq: next + 1,
    });
    next += coup.noir.length + coup.rouge.length;
  }
  return { cards, burnt: cards.slice(0, BURNT), coups: out, nextSeq: next + 1 };
}

/** How many cards a coup takes. */
export const cardsIn = (coup: SeededCoup): number => coup.noir.length + coup.rouge.length;
