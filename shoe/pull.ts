/**
 * Whether the tailleur may pull a card now (docs/rules.md#dispute-no-pull).
 * While a dispute waits for the chef de table no card is pulled: the next
 * card would start a coup whose bets never opened and take away the chef's
 * annulment (issue: the tailleur could pull during an open dispute). The
 * server refuses the pull with `DISPUTE_OPEN`, and the view carries the block
 * so the pull button is disabled with its reason.
 */
import type { ShoeState } from './state.ts';

export interface PullBlock {
  code: 'DISPUTE_OPEN';
  /** The disputed coup the pull waits for. */
  coup: number;
}

export function pullBlocked(state: Pick<ShoeState, 'coups'>): PullBlock | null {
  const disputed = state.coups.find((c) => c.status === 'disputed');
  return disputed ? { code: 'DISPUTE_OPEN', coup: disputed.coup } : null;
}
