/**
 * The end of a shoe, decided once. A shoe ends when the shuffler is empty,
 * when the chef de table suspends it, when the shuffler is reloaded in the
 * middle of it, or by the rules at the last coup allowed with an exposed card
 * (docs/rules.md). Whatever asks for it, the `end` waits for the last call:
 * a call may still be confirmed, disputed or resolved after the last card,
 * but the log closes at its `end` line, so `end` is written once no call
 * waits — and once the prison choices that call opened are made
 * (docs/rules.md#held-end). The state is a fold of the log: it is ended only
 * by an `end` event.
 */
import type { CommandMeta } from './commands.ts';
import type { EventOf, ShoeEvent } from './events.ts';
import { unconfirmedCoup, type ShoeState } from './state.ts';

/** Who writes the end the rules impose (the table itself, on no one's command). */
export const RULES_ACTOR = 'system';

/** An `end` asked for while a call waits: who asked and why; its time is when it is written. */
export type WaitingEnd = Omit<EventOf<'end'>, 'at'>;

/** The last coup allowed with an exposed card is complete: the shoe is to be suspended (its end may still wait for the call). */
export function suspensionDue(state: ShoeState): boolean {
  return state.end === null && state.phase !== 'idle' && state.exposedCoups >= state.rules.exposedCoupLimit && state.exposedCoups > 0;
}

/** The `end` a `hold` event asked for (docs/rules.md#held-end), with who asked. */
function heldEnd(state: ShoeState): WaitingEnd | null {
  const h = state.held;
  if (h === null) return null;
  const end: WaitingEnd = { type: 'end', reason: h.reason };
  if (h.note !== undefined) end.note = h.note;
  if (h.by !== undefined) end.by = h.by;
  return end;
}

/**
 * An end of this kind waits for the prison choices still open: the players' choice after a 31 après is theirs, and a
 * suspension asked around it took it from them (the stakes went on to the next shoe as they stood; outside crew pass
 * 45). An empty shoe under the end-of-shoe release does not wait: the release returns every prison stake in full, more
 * than any choice would (docs/rules.md#held-end).
 */
export function choicesHoldEnd(state: ShoeState, reason: EventOf<'end'>['reason']): boolean {
  if (reason === 'empty' && state.rules.endOfShoeRelease) return false;
  return state.prison.some((p) => p.choosable);
}

/** True when an `end` asked for now must wait for the call still to settle, or for the prison choices it opened. */
export function endMustWait(state: ShoeState, reason: EventOf<'end'>['reason']): boolean {
  return state.end === null && (unconfirmedCoup(state) !== undefined || choicesHoldEnd(state, reason));
}

/**
 * The `end` now due after a state is reached: the one held (the first asked), else
 * the one that waited, or the suspension the rules impose; none while a call or a prison choice waits, or once the
 * shoe ended.
 */
export function endDue(state: ShoeState, waiting: WaitingEnd | null, meta: CommandMeta): ShoeEvent | null {
  if (state.end !== null || state.phase === 'idle' || unconfirmedCoup(state)) return null;
  const end: WaitingEnd | null = heldEnd(state) ?? waiting ?? (suspensionDue(state) ? { type: 'end', reason: 'suspended', by: RULES_ACTOR } : null);
  if (end === null || choicesHoldEnd(state, end.reason)) return null;
  const by = end.by ?? meta.by;
  return { ...end, ...(meta.at !== undefined && { at: meta.at }), ...(by !== undefined && { by }) };
}

/**
 * The `hold` standing at the end of `events`: the last one not withdrawn by an `unhold` (docs/rules.md#held-end),
 * so a record names who asked for the end — never the chef of a suspension he took back.
 */
export function standingHold<E extends ShoeEvent>(events: readonly E[]): (E & EventOf<'hold'>) | undefined {
  const last = events.findLast((e) => e.type === 'hold' || e.type === 'unhold');
  return last?.type === 'hold' ? (last as E & EventOf<'hold'>) : undefined;
}
