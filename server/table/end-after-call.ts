/**
 * The end of a shoe waits for the last call. The rules let a call be
 * confirmed, disputed or resolved after the shoe has ended (the last coup's
 * call is made after the shuffler is empty, or after the card that suspends
 * the shoe), but the store closes a shoe's file at its `end` event and takes
 * nothing after it. So the table writes `end` once no call waits: the cards
 * and the settlement are unchanged, and the log reads in the order things
 * were settled at the table.
 *
 * The suspension at the third exposed coup (SPEC §4) shows at once: the card
 * that completes that coup already ends the shoe in the state (`end.auto`).
 */
import type { EventOf, ShoeEvent } from '../../shoe/events.ts';
import { evolve } from '../../shoe/evolve.ts';
import { unconfirmedCoup, type ShoeState } from '../../shoe/state.ts';

/** An `end` held back as it was decided: who asked (the shuffler's EMPTY, the chef) and any note; its time is when it is written. */
export type HeldEnd = Omit<EventOf<'end'>, 'at'>;

/** Splits a batch whose last event is an `end` that must wait for a call: the events to store now, and the end held back. */
export function holdEnd(state: ShoeState, events: readonly ShoeEvent[]): { now: ShoeEvent[]; held: HeldEnd | null } {
  const last = events.at(-1);
  if (last?.type !== 'end') return { now: [...events], held: null };
  const before = events.slice(0, -1).reduce(evolve, state);
  if (!unconfirmedCoup(before)) return { now: [...events], held: null };
  const { at: _, ...held } = last;
  return { now: events.slice(0, -1), held };
}

/** The `end` now due: one was held, or the rules ended the shoe by themselves; none once it is written or while a call waits. */
export function endDue(state: ShoeState, lastEvent: ShoeEvent | undefined, held: HeldEnd | null): HeldEnd | null {
  if (lastEvent?.type === 'end' || unconfirmedCoup(state)) return null;
  return held ?? (state.end?.auto ? { type: 'end', reason: state.end.reason } : null);
}
