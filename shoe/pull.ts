/**
 * Whether the tailleur may pull a card now (docs/rules.md#dispute-no-pull).
 * While a dispute waits for the chef de table no card is pulled: the next
 * card would start a coup whose bets never opened and take away the chef's
 * annulment (issue: the tailleur could pull during an open dispute). The
 * server refuses the pull with `DISPUTE_OPEN`, and the view carries the block
 * so the pull button is disabled with its reason.
 */
import { unconfirmedCoup, type ShoeState } from './state.ts';

export interface PullBlock {
  code: 'DISPUTE_OPEN';
  /** The disputed coup the pull waits for. */
  coup: number;
}

export function pullBlocked(state: Pick<ShoeState, 'coups'>): PullBlock | null {
  const disputed = state.coups.find((c) => c.status === 'disputed');
  return disputed ? { code: 'DISPUTE_OPEN', coup: disputed.coup } : null;
}

/**
 * Why the next card would come before its time between coups: the bets of the
 * next coup are not open ("faites vos jeux" comes before the first card), or a
 * call is still to confirm before they can be. The rules record such a card as
 * out of turn and alert the chef (shoe/draw-card.ts); the demo's pull says this
 * instead of drawing (server/http/pull-outcome.ts), and the tailleur's button
 * says it beforehand (an outsider pressed it seven times for a refusal).
 */
export type PullWait = { code: 'CONFIRM_FIRST'; coup: number } | { code: 'BETS_NOT_OPEN' };

export function pullWaits(state: ShoeState): PullWait | null {
  if (state.phase !== 'waiting') return null;
  const waiting = unconfirmedCoup(state);
  return waiting ? { code: 'CONFIRM_FIRST', coup: waiting.coup } : { code: 'BETS_NOT_OPEN' };
}
