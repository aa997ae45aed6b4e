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
