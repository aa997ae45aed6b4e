/**
 * The coup whose 31 après first sent a prison stake to prison. A stake's `coup` moves to the 31 après that deepens it
 * (docs/rules.md#31-apres-imprisoned), so a stake imprisoned at coup 3 and deepened at coup 4 read "coup 4" on the
 * payeur's board, which he took for where it went in (outsider pass 23). Its name keeps the card that sent it
 * (shoe/prison-id.ts): that card's coup is the first. None for a stake carried from the shoe before.
 */
import { sentAtCard } from './prison-id.ts';
import type { PrisonStake, ShoeState } from './state.ts';

export function firstImprisoned(state: Pick<ShoeState, 'coups'>, p: PrisonStake): number | undefined {
  const seq = sentAtCard(p.id);
  if (seq === undefined) return undefined;
  const at = state.coups.find((c) => c.noir.cards.some((k) => k.seq === seq) || c.rouge.cards.some((k) => k.seq === seq));
  return at?.coup;
}

/** The view's prison row: `firstCoup` only when the stake has been deepened since it went in, so its `coup` is not where it went in. */
export function withFirstCoup<P extends PrisonStake>(state: Pick<ShoeState, 'coups'>, p: P): P & { firstCoup?: number } {
  const first = firstImprisoned(state, p);
  return first !== undefined && first !== p.coup ? { ...p, firstCoup: first } : p;
}
