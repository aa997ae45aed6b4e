/**
 * What the crew needs beside the coup in play, decided here so no screen
 * judges a rule: whether a coup's settlement may be paid (only once its call
 * is confirmed, or the chef has ruled that the cards stand), the rulings the
 * chef still has, each seat's result over the shoe, and the stakes per chance.
 */
import type { Chance } from './events.ts';
import { stakeOrigin } from './prison-id.ts';
import type { SettlementRow } from './settlement-row.ts';
import type { Coup, FreeStake, ShoeState } from './state.ts';

/**
 * dealing: cards still coming; provisional: the call waits for the tailleur's
 * confirmation (do not pay); disputed: waits for the chef (do not pay);
 * payable: confirmed, or the chef ruled that the cards stand; annulled:
 * stakes and premiums go back, nothing is won or lost.
 */
export type Standing = 'dealing' | 'provisional' | 'disputed' | 'payable' | 'annulled';

export function standing(c: Coup): Standing {
  switch (c.status) {
    case 'dealing':
      return 'dealing';
    case 'awaiting-confirm':
      return 'provisional';
    case 'disputed':
      return 'disputed';
    case 'confirmed':
    case 'resolved':
      return 'payable';
    case 'annulled':
      return 'annulled';
    default: {
      const never: never = c.status;
      throw new Error(`unknown coup status ${String(never)}`);
    }
  }
}

export type Ruling = 'cards' | 'annul';

/** The chef may rule that the cards stand at any time; he may annul only before the next card (docs/rules.md, disputes). */
export function rulingsAllowed(state: Pick<ShoeState, 'lastSeq'>, c: Coup): Ruling[] {
  if (c.status !== 'disputed') return [];
  return state.lastSeq === c.rouge.cards.at(-1)?.seq ? ['cards', 'annul'] : ['cards'];
}

/** A seat's result over the shoe: `net` from coups that may be paid, `provisional` from calls not yet confirmed or disputed. */
export interface SeatBalance {
  player: string;
  net: number;
  provisional: number;
  /**
   * The part of `net` from prison stakes carried from the shoe before (docs/rules.md#prison-stake-id): that shoe counted
   * each as out of the player's hands when it went to prison, so one released here comes back as a gain in this shoe's
   * result; a payeur read +75,00 as a win of this shoe (outside crew pass 51). Absent when none.
   */
  fromShoeBefore?: number;
}

export function seatBalances(coups: readonly Coup[], release: readonly SettlementRow[]): SeatBalance[] {
  const seats = new Map<string, SeatBalance>();
  const seat = (player: string) => {
    let b = seats.get(player);
    if (!b) seats.set(player, (b = { player, net: 0, provisional: 0 }));
    return b;
  };
  const counted = (r: SettlementRow) => {
    const b = seat(r.player);
    b.net += r.net;
    const origin = stakeOrigin(r.stake);
    if (r.net !== 0 && origin !== null && 'carried' in origin) b.fromShoeBefore = (b.fromShoeBefore ?? 0) + r.net;
  };
  for (const c of coups) {
    const s = standing(c);
    if (s === 'dealing' || s === 'annulled') continue;
    for (const r of c.settlement) {
      if (s === 'payable') counted(r);
      else seat(r.player).provisional += r.net;
    }
  }
  for (const r of release) counted(r);
  return [...seats.values()].sort((a, b) => a.player.localeCompare(b.player, 'en', { numeric: true }));
}

/** The free stakes on each chance, added up. */
export function stakeTotals(stakes: readonly FreeStake[]): Record<Chance, number> {
  const totals: Record<Chance, number> = { rouge: 0, noir: 0, couleur: 0, inverse: 0 };
  for (const s of stakes) totals[s.chance] += s.amount;
  return totals;
}

/** Calls still waiting: for the tailleur's confirmation, or for the chef. */
export function pendingCalls(coups: readonly Coup[]): number {
  let n = 0;
  for (const c of coups) if (c.status === 'awaiting-confirm' || c.status === 'disputed') n++;
  return n;
}
