/**
 * Too few cards left for a coup: each row passes 30 with 4 cards at the
 * fewest (K, Q, J and an ace or more), so a coup takes 8; with fewer left in
 * the shoe the next coup will be cut short by the shoe's end and annulled,
 * every stake on it to hand back (docs/rules.md#end-of-shoe). An outsider saw
 * 620,00 bet on a coup opened with 1 card left; every screen now says so, from
 * the view's `fewCards`.
 */
import { cardsLeft, type ShoeState } from './state.ts';

export const FEWEST_CARDS_A_COUP = 8;

/** The fewest cards a coup takes, when fewer are left in the shoe in play after its burn; else null. */
export function fewCards(state: Pick<ShoeState, 'phase' | 'burnLeft' | 'cardsInShoe' | 'lastSeq'>): { fewest: number } | null {
  return state.phase !== 'ended' && state.phase !== 'idle' && state.burnLeft === 0 && cardsLeft(state) < FEWEST_CARDS_A_COUP
    ? { fewest: FEWEST_CARDS_A_COUP }
    : null;
}
