import type { TableView } from '../server/http/contract.ts';

/**
 * The coup the stakes on the layout play: the one being dealt, else the next
 * one. A stake placed for coup 4 and still said "Placed" while coup 5 took
 * its stakes read as one of coup 5's (an outsider's pass).
 */
export function coupOfStakes(v: TableView | null): string {
  if (!v) return '';
  const n = !v.coup ? 1 : v.coup.status === 'dealing' ? v.coup.coup : v.coup.coup + 1;
  return `${v.shoe}:${n}`;
}

/**
 * Whether what was said of the stakes of `said` (coupOfStakes) still stands: while that coup takes stakes, is dealt,
 * and waits for its call, until the next coup's bets open. The stakes not placed went at the coup's last card
 * (outsider pass 14), their chips still on the layout.
 */
export function stillOfStakes(said: string, v: TableView | null): boolean {
  if (said === coupOfStakes(v)) return true;
  return v !== null && v.phase !== 'open' && v.coup !== null && said === `${v.shoe}:${v.coup.coup}`;
}
