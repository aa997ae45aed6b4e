/**
 * A stake typed in the payeur's entry and not yet entered, kept in the tab's
 * sessionStorage with the coup it was typed for: a reload lost it without a
 * word, its chips on the layout and nothing recorded (an outsider's evening as payeur). It is put
 * back in the fields, never placed by itself, and only while that coup takes
 * stakes (coup-of-stakes.ts).
 */
import type { Chance } from '../server/http/contract.ts';
import { CHANCE_LIST } from './french.ts';

const KEY = 'tq.payeur.typed';

export interface KeptTyped {
  /** coup-of-stakes.ts: `shoe:coup`. */
  coup: string;
  player: string;
  chance: Chance;
  /** As typed ("50", "50,5"): put back as it was. */
  amount: string;
}

export function keptTyped(): KeptTyped | null {
  try {
    const kept = JSON.parse(globalThis.sessionStorage?.getItem(KEY) ?? 'null') as Partial<KeptTyped> | null;
    if (typeof kept?.coup !== 'string' || typeof kept.player !== 'string' || typeof kept.amount !== 'string') return null;
    if (!CHANCE_LIST.includes(kept.chance as Chance) || kept.amount.trim() === '') return null;
    return { coup: kept.coup, player: kept.player, chance: kept.chance as Chance, amount: kept.amount };
  } catch {
    return null;
  }
}

/** Keeps what is typed now, or forgets it (`null`: entered, emptied, or of a coup gone). */
export function keepTyped(typed: KeptTyped | null): void {
  try {
    if (typed === null) globalThis.sessionStorage?.removeItem(KEY);
    else globalThis.sessionStorage?.setItem(KEY, JSON.stringify(typed));
  } catch {
    /* a full or disabled storage: what is typed lives as long as the page */
  }
}
