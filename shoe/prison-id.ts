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
