/**
 * What a completed coup means for each chance, tabulated once from the
 * engine's own rule (coupResult, couleurResult, winningChances of call.ts) for
 * every coup the dealer can trace (shoe-dealer.ts: `tally | firstNoirRed << 12`),
 * so the edge simulator pays one lookup a coup and the rule stays in one place.
 */
import { couleurResult, coupResult, winningChances } from '../call.ts';
import { CHANCES, type Chance } from '../events.ts';
import { tracedCoup } from '../shoe-dealer.ts';
import { addPoints, EMPTY_TALLY, ROW_STOP } from '../coup.ts';

/** A stake's fate on one coup: it wins, loses, stays (après) or meets a 31 après. */
export const SYMBOL = { win: 0, lose: 1, apres: 2, apres31: 3 } as const;

/** Index of each chance in the simulator's arrays: the order of events.ts. */
export const CHANCE_INDEX: Readonly<Record<Chance, number>> = Object.freeze(Object.fromEntries(CHANCES.map((c, i) => [c, i])) as Record<Chance, number>);

/**
 * `OUTCOMES[traceEntry]`: the four chances' symbols packed two bits each,
 * chance i at bits 2i..2i+1 (CHANCES order). Entries the dealer never writes hold 0.
 */
export const OUTCOMES: Uint8Array = (() => {
  const table = new Uint8Array(1 << 13);
  for (let noir = ROW_STOP + 1; noir <= ROW_STOP + 10; noir++) {
    for (let rouge = ROW_STOP + 1; rouge <= ROW_STOP + 10; rouge++) {
      const tally = addPoints(addPoints(EMPTY_TALLY, noir), rouge);
      for (const red of [0, 1]) {
        const entry = tally | (red << 12);
        const coup = tracedCoup(entry);
        const result = coupResult(coup.noir, coup.rouge);
        const winners = winningChances(result, couleurResult(result, coup.firstNoirRed ? 'red' : 'black'));
        let packed = 0;
        CHANCES.forEach((chance, i) => {
          const symbol = result === 'apres31' ? SYMBOL.apres31 : result === 'apres' ? SYMBOL.apres : winners.has(chance) ? SYMBOL.win : SYMBOL.lose;
          packed |= symbol << (2 * i);
        });
        table[entry] = packed;
      }
    }
  }
  return table;
})();
