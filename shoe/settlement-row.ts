/**
 * One line of a coup's settlement (docs/rules.md#settlement-outcomes): a stake and what became of it.
 *
 * Money columns follow the chips: `paid` goes from the bank to the player,
 * `collected` from the table to the bank, `returned` from the table back to
 * the player, `premium` is insurance collected. `net` is the player's result
 * defines it: a stake counts as handed to the bank when it is lost
 * or enters prison, and as handed back when released, split or returned.
 */
import type { Chance } from './events.ts';

export const OUTCOMES = ['win', 'lose', 'push', 'prison', 'partager', 'prison-down', 'released', 'lost-in-prison', 'returned'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface SettlementRow {
  player: string;
  chance: Chance;
  /** The stake as placed (free stakes: excess over the maximum included). */
  amount: number;
  outcome: Outcome;
  paid: number;
  collected: number;
  returned: number;
  premium: number;
  /** Prison level after this coup: 0 once free (won, released, split); for a stake lost in prison, the level it was lost at. */
  level: number;
  net: number;
  insured?: boolean;
  /** Where a prison stake was moved to by the player's choice. */
  to?: Chance;
  /** True when the partager was forced at the fourth consecutive 31 après. */
  forced?: boolean;
  /**
   * An annulled insured stake: the premium it would have cost, which the payeur gives back if he took it before the
   * annulment (none is due, docs/rules.md#insurance). The screens said "give back any taken" without the amount.
   */
  premiumBack?: number;
  /**
   * A stake in prison, or sent there by this coup: its name (docs/rules.md#prison-stake-id), so a row tells which of a
   * seat's two stakes on one chance it is (surveillance's CSV had only amount and level, outsider pass 12).
   */
  stake?: string;
}

/**
 * A row with the money columns it does not name at zero. Built field by field
 * (no spread) and without `undefined` members: verify settles every coup of
 * thousands of shoes.
 */
export function row(p: Pick<SettlementRow, 'player' | 'chance' | 'amount' | 'outcome'> & Partial<SettlementRow>): SettlementRow {
  const r: SettlementRow = {
    player: p.player,
    chance: p.chance,
    amount: p.amount,
    outcome: p.outcome,
    paid: p.paid ?? 0,
    collected: p.collected ?? 0,
    returned: p.returned ?? 0,
    premium: p.premium ?? 0,
    level: p.level ?? 0,
    net: p.net ?? 0,
  };
  if (p.insured) r.insured = true;
  if (p.to !== undefined) r.to = p.to;
  if (p.forced) r.forced = true;
  if (p.stake !== undefined) r.stake = p.stake;
  if (p.premiumBack) r.premiumBack = p.premiumBack;
  return r;
}

/** Half back to the player, half to the bank, the bank keeping an odd cent (docs/rules.md#prison-choice). */
export function splitHalves(amount: number): { returned: number; collected: number } {
  const returned = Math.floor(amount / 2);
  return { returned, collected: amount - returned };
}

export interface Totals {
  paid: number;
  collected: number;
  returned: number;
  premium: number;
  /** What the bank gains: collected + premium − paid. */
  bank: number;
}

const zero = (): Totals => ({ paid: 0, collected: 0, returned: 0, premium: 0, bank: 0 });

/** What the payeur pays and collects per chance and for the whole table. */
export function settlementTotals(rows: readonly SettlementRow[]): { perChance: Record<Chance, Totals>; table: Totals } {
  const perChance: Record<Chance, Totals> = { rouge: zero(), noir: zero(), couleur: zero(), inverse: zero() };
  const table = zero();
  for (const r of rows) {
    for (const t of [perChance[r.chance], table]) {
      t.paid += r.paid;
      t.collected += r.collected;
      t.returned += r.returned;
      t.premium += r.premium;
      t.bank += r.collected + r.premium - r.paid;
    }
  }
  return { perChance, table };
}
