/**
 * Deals a whole shuffled shoe with no bets, for the simulator and the
 * statistics that check the game's odds. It applies the same rules as the
 * table's state machine — the five burn cards ("Messieurs les cinq cartes"),
 * a seventh copy of a card being foreign and never counted (docs/rules.md#foreign-cards), rows
 * dealt by {@link addPoints} until both pass 30 (docs/rules.md#dealing-the-rows), the lower total
 * winning and Couleur read from the first Noir card (call.ts's own functions,
 * tabulated) — and a coup cut short by the end of the cards is annulled and
 * not counted (docs/rules.md#end-of-shoe).
 *
 * No randomness here: the shoe comes in already shuffled, as card codes of
 * card.ts. No allocation per coup either: counts go into a preallocated
 * {@link DealStats}, so millions of coups cost no garbage.
 */
import { DECKS, POINTS_BY_CODE, RED_BY_CODE } from './card.ts';
import { couleurResult, coupResult, type CoupResult } from './call.ts';
import { addPoints, EMPTY_TALLY, isComplete, noirTotal, rougeTotal, ROW_STOP } from './coup.ts';
import type { Rules } from './rules.ts';

/** Index of each result in {@link DealStats.results}. */
export const RESULT_INDEX = { noir: 0, rouge: 1, apres: 2, apres31: 3 } as const satisfies Record<CoupResult, number>;
/** Index of Couleur and Inverse in {@link DealStats.couleur}. */
export const COULEUR_INDEX = { couleur: 0, inverse: 1 } as const;

export interface DealStats {
  shoes: number;
  /** Coups completed (annulled ones excluded). */
  coups: number;
  /** Coups cut short by the end of the cards: annulled. */
  annulled: number;
  /** Seventh copies met and skipped. */
  foreign: number;
  /** Coups by result, indexed by {@link RESULT_INDEX}. */
  readonly results: Float64Array;
  /** Coups won by Couleur and by Inverse, indexed by {@link COULEUR_INDEX}. */
  readonly couleur: Float64Array;
  /** Completed rows by total: `rowTotals[37]` rows totalled 37. */
  readonly rowTotals: Float64Array;
  /**
   * When given, each completed coup in deal order as `tally | firstNoirRed << 12`
   * (see {@link tracedCoup}); `traced` counts the entries written.
   */
  readonly trace: Uint16Array | null;
  traced: number;
}

export function createDealStats(traceCapacity = 0): DealStats {
  return {
    shoes: 0,
    coups: 0,
    annulled: 0,
    foreign: 0,
    results: new Float64Array(4),
    couleur: new Float64Array(2),
    rowTotals: new Float64Array(41),
    trace: traceCapacity > 0 ? new Uint16Array(traceCapacity) : null,
    traced: 0,
  };
}

/**
 * What a completed coup means, tabulated once from the engine's own rule
 * (`coupResult`, `couleurResult` of call.ts) for every pair of row totals and
 * colour of the first Noir card, so the rule stays in one place and the hot
 * loop pays one lookup a coup. Index: `tally * 2 + firstNoirRed`; value:
 * result index | (Couleur/Inverse index + 1) << 2, 0 meaning neither (après).
 */
const OUTCOME: Int8Array = (() => {
  const cases: [number, number][] = [];
  const highest = ROW_STOP + 10; // a row stops at its first card past 30, worth at most 10
  for (let noir = ROW_STOP + 1; noir <= highest; noir++) {
    for (let rouge = ROW_STOP + 1; rouge <= highest; rouge++) {
      const tally = addPoints(addPoints(EMPTY_TALLY, noir), rouge);
      for (const red of [0, 1]) {
        const result = coupResult(noir, rouge);
        const wins = couleurResult(result, red === 1 ? 'red' : 'black');
        cases.push([tally * 2 + red, RESULT_INDEX[result] | ((wins === null ? 0 : COULEUR_INDEX[wins] + 1) << 2)]);
      }
    }
  }
  const table = new Int8Array(Math.max(...cases.map(([i]) => i)) + 1).fill(-1);
  for (const [i, outcome] of cases) table[i] = outcome;
  return table;
})();

/** Copies of each card the shoe being dealt may still hold (six, counting down); reset at each call. */
const copiesLeft = new Int32Array(52);

/** Deals one shoe of card codes (0..51) to its end, adding what happened to `stats`. */
export function dealShoe(codes: Uint8Array, rules: Pick<Rules, 'burn'>, stats: DealStats): void {
  // Tables in locals: the loop then reads them without going through module bindings.
  const left = copiesLeft.fill(DECKS);
  const points = POINTS_BY_CODE;
  const red = RED_BY_CODE;
  const outcomes = OUTCOME;
  let burnLeft = rules.burn;
  let tally = EMPTY_TALLY;
  let firstRed = 0;
  let coups = 0;
  let foreign = 0;
  const { results, couleur, rowTotals, trace } = stats;
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    const copies = left[code]!;
    if (copies === 0) {
      foreign++;
      continue;
    }
    left[code] = copies - 1;
    if (burnLeft > 0) {
      burnLeft--;
      continue;
    }
    if (tally === EMPTY_TALLY) firstRed = red[code]!;
    tally = addPoints(tally, points[code]!);
    if (!isComplete(tally)) continue;

    const outcome = outcomes[tally * 2 + firstRed]!;
    results[outcome & 3]!++;
    if (outcome > 3) couleur[(outcome >> 2) - 1]!++;
    rowTotals[noirTotal(tally)]!++;
    rowTotals[rougeTotal(tally)]!++;
    if (trace !== null) trace[stats.traced++] = tally | (firstRed << 12);
    coups++;
    tally = EMPTY_TALLY;
  }
  if (tally !== EMPTY_TALLY) stats.annulled++;
  stats.coups += coups;
  stats.foreign += foreign;
  stats.shoes++;
}

/** Unpacks a {@link DealStats.trace} entry. */
export function tracedCoup(entry: number): { noir: number; rouge: number; firstNoirRed: boolean } {
  const tally = entry & 0xfff;
  return { noir: noirTotal(tally), rouge: rougeTotal(tally), firstNoirRed: (entry & 0x1000) !== 0 };
}
