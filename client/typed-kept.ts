/**
 * A stake typed in the payeur's entry and not yet entered, kept in the tab's
 * sessionStorage with the coup it was typed for: a reload lost it without a
 * word, its chips on the layout and nothing recorded (an outsider's evening as payeur). It is put
 * back in the fields, never placed by itself, and only while that coup takes
 * stakes (coup-of-stakes.ts).
 */
import type { Chance } from '../server/http/contract.ts';
import { CHANCE_LIST } from './french.ts';
import { readKept, writeKept } from './tab-kept.ts';

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
  return readKept(KEY, (raw) => {
    const kept = raw as Partial<KeptTyped> | null;
    if (typeof kept?.coup !== 'string' || typeof kept.player !== 'string' || typeof kept.amount !== 'string') return null;
    if (!CHANCE_LIST.includes(kept.chance as Chance) || kept.amount.trim() === '') return null;
    return { coup: kept.coup, player: kept.player, chance: kept.chance as Chance, amount: kept.amount };
  });
}

/** Keeps what is typed now, or forgets it (`null`: entered, emptied, or of a coup gone). */
export function keepTyped(typed: KeptTyped | null): void {
  writeKept(KEY, typed);
}
