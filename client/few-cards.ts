/**
 * Too few cards left for a coup: each row passes 30 with 4 cards at the
 * fewest (K, Q, J and an ace or more), so a coup takes 8; with fewer left in
 * the shoe the next coup will be cut short by the shoe's end and annulled,
 * every stake on it to hand back (docs/rules.md#end-of-shoe). An outsider saw
 * 620,00 bet on a coup opened with 1 card left; every screen now says so.
 */
import type { TableView } from '../server/http/contract.ts';

export const FEWEST_CARDS_A_COUP = 8;

export function tooFewCards(v: Pick<TableView, 'phase' | 'burnLeft' | 'cardsLeft'>): boolean {
  return v.phase !== 'ended' && v.phase !== 'idle' && v.burnLeft === 0 && v.cardsLeft < FEWEST_CARDS_A_COUP;
}
