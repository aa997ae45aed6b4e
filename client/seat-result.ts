/**
 * A seat's result in one coup as the payeur reads it in the shoe's history:
 * the money that moved, and the stakes that changed hands without being won
 * or lost. A row's `net` counts a stake entering prison as handed to the bank
 * (docs/rules.md#settlement-outcomes), so a 31 après summed by `net` showed
 * −500 for stakes that are held, not collected, and may come back. Here the
 * money is what the payeur pays and collects (paid − collected − premium), and
 * a stake held in prison, released or returned is named with its amount.
 */
import type { SettlementRow } from '../server/http/contract.ts';
import { CHANCE_NAMES } from './french.ts';
import { formatCents } from './format.ts';
import { lang, t } from './i18n.ts';
import { outcomeLabel } from './outcome-label.ts';
import { oneOfTwoHeld, stakeOriginText } from './stake-origin.ts';

export interface SeatResult {
  player: string;
  /** Paid minus collected and insurance premium: what the seat won or lost in money this coup. */
  money: number;
  /**
   * Stakes named with what became of them: those that moved no money to or from the bank ("Rouge in prigione
   * (livello 1) 500,00", "Noir liberata 500,00"), and a prison stake split or lost, whose money is in `money`
   * but which read as a bare "s4 −150,00" beside another stake's words (outsider pass 10).
   */
  held: { outcome: SettlementRow['outcome']; text: string }[];
}

/** Whether a row's stake is named in words: all but a free stake's plain win or loss, which its money says. */
function named(outcome: SettlementRow['outcome']): boolean {
  switch (outcome) {
    case 'prison':
    case 'prison-down':
    case 'released':
    case 'returned':
    // a stake an après left standing (or in prison) moved no money: said as such, not as a bare "s5 0,00" (outsider pass 6)
    case 'push':
    // a prison stake split or lost: its money alone did not say which stake (outsider pass 10)
    case 'partager':
    case 'lost-in-prison':
      return true;
    case 'win':
    case 'lose':
      return false;
    default: {
      const never: never = outcome;
      throw new Error(`unknown outcome ${String(never)}`);
    }
  }
}

/**
 * The part of a free stake over the table maximum, handed back as the coup settles
 * (docs/rules.md#settlement-outcomes): a row's `amount` is the stake as placed, so
 * 7.000 at a 5.000 maximum read "7.000 in prison" when 5.000 went there. On a win,
 * a loss or a prison entry the row's `returned` is exactly that excess.
 */
function excessReturned(r: SettlementRow): number {
  return r.outcome === 'prison' || r.outcome === 'win' || r.outcome === 'lose' ? r.returned : 0;
}

/** Each seat of a coup's settlement, in the order of its first row. */
export function seatResults(rows: readonly SettlementRow[]): SeatResult[] {
  const seats = new Map<string, SeatResult>();
  for (const r of rows) {
    const seat = seats.get(r.player) ?? { player: r.player, money: 0, held: [] };
    seats.set(r.player, seat);
    seat.money += r.paid - r.collected - r.premium;
    const excess = excessReturned(r);
    if (named(r.outcome)) {
      // a seat with two prison stakes on a chance: each says where it came from, as the settlement's rows do (outside crew pass 48)
      const origin = oneOfTwoHeld(rows, r) ? stakeOriginText(r.stake) : null;
      seat.held.push({
        outcome: r.outcome,
        // a prison stake the player moved says where it went, as the settlement's "→ Rouge" and the CSV's moved_to do (outsider pass 9)
        text: `${CHANCE_NAMES[r.chance]} ${outcomeLabel(r)}${r.to ? `, ${t('outcome.movedTo', { chance: CHANCE_NAMES[r.to] })}` : ''} ${formatCents(r.amount - excess, lang())}${origin === null ? '' : ` (${origin})`}`,
      });
    }
    if (excess > 0) seat.held.push({ outcome: 'returned', text: `${CHANCE_NAMES[r.chance]} ${t('outcome.excess')} ${formatCents(excess, lang())}` });
  }
  return [...seats.values()];
}
