/**
 * The name of a stake in prison (docs/rules.md#prison-stake-id; issue: two of a
 * seat's stakes in prison on one chance — 100000 at level 2 and 30000 at
 * level 1 after two 31 après in a row — could not be told apart, so a
 * partager split both). Derived from the log alone, never random: the card
 * (`seq`) whose 31 après put the stake in prison, the seat and the chance;
 * `carried<n>` for the n-th stake carried in on the shoe's first line. The
 * id stays with the stake while it is deepened, goes down, or is moved.
 */
import type { Chance } from './events.ts';

export function prisonStakeId(origin: number | string, player: string, chance: Chance): string {
  return `${origin}-${player}-${chance}`;
}

/** The id of the n-th (0-based) carried stake of a shoe's first line. */
export function carriedStakeId(index: number, player: string, chance: Chance): string {
  return prisonStakeId(`carried${index + 1}`, player, chance);
}

/** Where a prison stake's name says it comes from: the card of the 31 après that sent it, or its place on the shoe's first line. */
export type StakeOrigin = { card: number } | { carried: number };

/** The origin read back from a stake's name; null for a name of neither form. The one reading of it: the view, the CSV and the screens. */
export function stakeOrigin(id: string | undefined): StakeOrigin | null {
  const origin = id?.split('-')[0] ?? '';
  const carried = /^carried(\d+)$/.exec(origin);
  if (carried) return { carried: Number(carried[1]) };
  return /^\d+$/.test(origin) ? { card: Number(origin) } : null;
}

/** The card whose 31 après sent the stake to prison, or undefined for a stake carried in or a name of neither form. */
export function sentAtCard(id: string | undefined): number | undefined {
  const o = stakeOrigin(id);
  return o !== null && 'card' in o ? o.card : undefined;
}
