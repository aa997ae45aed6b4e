/**
 * Replays a recorded shoe through the rules. An event the rules refuse is
 * reported as a `rule-violation` alert and skipped; the replay never stops.
 *
 * A log that records no confirmation at all (no `confirm`, `dispute` or
 * `resolve` line) comes from a system that does not confirm calls: its coups
 * are settled as the cards say and stay unconfirmed, and the next coup's bets
 * open without waiting for a confirmation that log could never hold
 * (docs/shoe-log.md#extensions). A log that does confirm calls is held to the rule.
 */
import { check, type CheckOptions } from './check.ts';
import type { ShoeEvent } from './events.ts';
import { evolve } from './evolve.ts';
import { INITIAL_STATE, patch, type Alert, type ShoeState } from './state.ts';

export interface Replay {
  state: ShoeState;
  alerts: Alert[];
}

/** Whether a log records the confirmation of calls (any `confirm`, `dispute` or `resolve` line). */
export function confirmsCalls(events: readonly ShoeEvent[]): boolean {
  return events.some((e) => e.type === 'confirm' || e.type === 'dispute' || e.type === 'resolve');
}

/** Folds one event, or records why the rules refuse it. */
export function applyEvent(state: ShoeState, event: ShoeEvent, options: CheckOptions = {}): ShoeState {
  try {
    check(state, event, options);
  } catch (e) {
    const code = (e as { code?: string }).code ?? 'ERROR';
    const violation: Alert = {
      kind: 'rule-violation',
      code,
      index: state.events,
      params: { n: state.events, type: String(event.type), code },
      message: `event ${state.events} (${String(event.type)}) refused: ${code}: ${(e as Error).message}`,
    };
    if (event.type === 'card' && typeof event.seq === 'number') violation.seq = event.seq;
    return patch(state, { events: state.events + 1, alerts: state.alerts.push(violation) });
  }
  return evolve(state, event);
}

/**
 * `unconfirmedCalls` defaults to what the events themselves show; give it
 * (from the whole log) when replaying only the start of a log.
 */
export function replayShoe(
  events: readonly ShoeEvent[],
  from: ShoeState = INITIAL_STATE,
  options: CheckOptions = { unconfirmedCalls: !confirmsCalls(events) },
): Replay {
  let state = from;
  for (const e of events) state = applyEvent(state, e, options);
  return { state, alerts: state.alerts.toArray() };
}

/** The state just after event `index` (0-based), for surveillance's step-by-step replay. */
export function stateAt(events: readonly ShoeEvent[], index: number): ShoeState {
  return replayShoe(events.slice(0, index + 1), INITIAL_STATE, { unconfirmedCalls: !confirmsCalls(events) }).state;
}
