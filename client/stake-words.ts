/** A stake as the payeur's lines name it ("s4 · Rouge · 100.00"): its seat, its chance's French name, its amount in the screen's language. */
import type { Chance } from '../server/http/contract.ts';
import { CHANCE_NAMES } from './french.ts';
import { formatCents } from './format.ts';
import { lang } from './i18n.ts';

export function stakeWords(player: string, chance: Chance, cents: number): { player: string; chance: string; amount: string } {
  return { player, chance: CHANCE_NAMES[chance], amount: formatCents(cents, lang()) };
}
