/**
 * The coup whose après left a seat's free stake on the layout for this coup
 * (docs/rules.md#apres: the next open writes it again as `carried`), read from
 * the stakes the coup was settled with; undefined for a stake placed for this
 * coup. The printable report and the settlement CSV both say it.
 */
import type { Chance } from './events.ts';
import type { Coup } from './state.ts';

export function carriedFrom(seat: { player: string; chance: Chance }, coup: Pick<Coup, 'coup' | 'before'>): number | undefined {
  return coup.before?.stakes.some((s) => s.player === seat.player && s.chance === seat.chance && s.carried) ? coup.coup - 1 : undefined;
}
