/**
 * The coup whose après left a seat's free stake on the layout for this coup
 * (docs/rules.md#apres: the next open writes it again as `carried`), read from
 * the stakes the coup was settled with; undefined for a stake placed for this
 * coup. The printable report and the settlement CSV both say it.
 */
import type { Chance } from './events.ts';
import type { SettlementRow } from './settlement-row.ts';
import type { Coup } from './state.ts';

export function carriedFrom(seat: { player: string; chance: Chance }, coup: Pick<Coup, 'coup' | 'before'>): number | undefined {
  return coup.before?.stakes.some((s) => s.player === seat.player && s.chance === seat.chance && s.carried) ? coup.coup - 1 : undefined;
}

/**
 * The same for a settlement row, which may be a prison stake's: only a stake free at the coup's start can have been
 * carried, the one the coup's own 31 après sent to prison included (its name keeps that 31 après's card,
 * docs/rules.md#prison-stake-id). The CSV left such a stake's `carried_from` empty while the report said "carried".
 */
export function rowCarriedFrom(
  r: Pick<SettlementRow, 'player' | 'chance' | 'stake' | 'level'>,
  coup: Pick<Coup, 'coup' | 'before' | 'noir' | 'rouge'>,
): number | undefined {
  const free = r.stake === undefined ? r.level === 0 : sentBy(r.stake, coup);
  return free ? carriedFrom(r, coup) : undefined;
}

function sentBy(stake: string, coup: Pick<Coup, 'noir' | 'rouge'>): boolean {
  const origin = stake.split('-')[0] ?? '';
  return /^\d+$/.test(origin) && [...coup.noir.cards, ...coup.rouge.cards].some((k) => k.seq === Number(origin));
}
