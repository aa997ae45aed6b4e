/**
 * What the crew and the shuffler ask of the table. Commands mirror the events
 * they produce; `decide` adds what the rules imply (the first card closing the
 * bets, the call on a confirmation, the end of the shoe: see end-of-shoe.ts).
 */
import type { BodyOf } from './events.ts';

export type Command =
  | ({ type: 'start' } & Omit<BodyOf<'shoe'>, 'type'>)
  | BodyOf<'card'>
  | BodyOf<'void'>
  | BodyOf<'open'>
  /**
   * `held`: the stake the payeur's screen showed on that seat and chance (0 for none) when the bet was typed. A bet on a
   * stake that changed since is refused (STAKE_CHANGED): two terminals typing one bet at once added it twice (outside crew
   * pass 50). Without it, a bet adds to whatever stands, as an old client's did.
   */
  | (BodyOf<'bet'> & { held?: number })
  | BodyOf<'withdraw'>
  | BodyOf<'insure'>
  | { type: 'close' }
  | BodyOf<'choice'>
  | { type: 'confirm'; coup: number }
  | BodyOf<'dispute'>
  | BodyOf<'resolve'>
  | BodyOf<'fault'>
  | BodyOf<'witness'>
  | BodyOf<'handed-back'>
  /**
   * `again`: asked while the chef's own suspension is held, this one stands in its place (a `hold` marked `again`);
   * without it, a second request is refused (SUSPENSION_PENDING) naming the first (docs/rules.md#held-end).
   */
  | (BodyOf<'end'> & { again?: boolean })
  /** The chef withdraws a held suspension (docs/rules.md#held-end). */
  | BodyOf<'unhold'>
  /** The shuffler announced a shoe with a new serial in the middle of this one: reloaded or power-cycled, so this shoe is suspended. */
  | { type: 'reload'; serial: string };

export type CommandType = Command['type'];

/** Who and when, given to the domain as data (it has no clock). */
export interface CommandMeta {
  at?: string;
  by?: string;
}
