/**
 * The coup whose après left a seat's free stake on the layout for this coup
 * (docs/rules.md#apres: the next open writes it again as `carried`), read from
 * the stakes the coup was settled with; undefined for a stake placed for this
 * coup. The printable report and the settlement CSV both say it.
 */
import type { Chance } from './events.ts';
import { sentAtCard } from './prison-id.ts';
import type { SettlementRow } from './settlement-row.ts';
import type { Coup, ShoeState } from './state.ts';

function carriedFrom(seat: { player: string; chance: Chance }, coup: Pick<Coup, 'coup' | 'before'>): number | undefined {
  return coup.before?.stakes.some((s) => s.player === seat.player && s.chance === seat.chance && s.carried) ? coup.coup - 1 : undefined;
}

/**
 * The same for a settlement row, which may be a prison stake's: only a stake free at the coup's start can have been
 * carried, the one the coup's own 31 après sent to prison included (its name keeps that 31 après's card,
 * docs/rules.md#prison-stake-id). The CSV left such a stake's `carried_from` empty while the report said "carried".
 */
function rowCarriedFrom(
  r: Pick<SettlementRow, 'player' | 'chance' | 'stake' | 'level'>,
  coup: Pick<Coup, 'coup' | 'before' | 'noir' | 'rouge'>,
): number | undefined {
  const free = r.stake === undefined ? r.level === 0 : sentBy(r.stake, coup);
  return free ? carriedFrom(r, coup) : undefined;
}

function sentBy(stake: string, coup: Pick<Coup, 'noir' | 'rouge'>): boolean {
  const seq = sentAtCard(stake);
  return seq !== undefined && [...coup.noir.cards, ...coup.rouge.cards].some((k) => k.seq === seq);
}

/**
 * A row's carried stake: the coup of the après that left it and the amount it left (its push row there), which is
 * less than the row's amount when the player has added to it since. The CSV named the coup only, so a stake of 50
 * carried and 20 added read as 70 carried (outside crew pass 46); the report said the part.
 */
export function rowCarried(
  r: Pick<SettlementRow, 'player' | 'chance' | 'stake' | 'level'>,
  coup: Pick<Coup, 'coup' | 'before' | 'noir' | 'rouge'>,
  coups: ShoeState['coups'],
): { from: number; amount: number } | undefined {
  const from = rowCarriedFrom(r, coup);
  if (from === undefined) return undefined;
  const pushed = coups
    .find((c) => c.coup === from)
    ?.settlement.find((x) => x.player === r.player && x.chance === r.chance && x.outcome === 'push' && x.level === 0 && x.stake === undefined);
  return { from, amount: pushed?.amount ?? 0 };
}
