/**
 * Replays a recorded shoe through the rules. An event the rules refuse is
 * reported as a `rule-violation` alert and skipped; the replay never stops.
 */
import { check } from './check.ts';
import type { ShoeEvent } from './events.ts';
import { evolve } from './evolve.ts';
import { append, INITIAL_STATE, patch, type Alert, type ShoeState } from './state.ts';

export interface Replay {
  state: ShoeState;
  alerts: Alert[];
}

/** Folds one event, or records why the rules refuse it. */
export function applyEvent(state: ShoeState, event: ShoeEvent): ShoeState {
  try {
    check(state, event);
  } catch (e) {
    const code = (e as { code?: string }).code ?? 'ERROR';
    const violation: Alert = { kind: 'rule-violation', index: state.events, message: `event ${state.events} (${String(event.type)}) refused: ${code}: ${(e as Error).message}` };
    if (event.type === 'card' && typeof event.seq === 'number') violation.seq = event.seq;
    return patch(state, { events: state.events + 1, alerts: append(state.alerts, violation) });
  }
  return evolve(state, event);
}

export function replayShoe(events: readonly ShoeEvent[], from: ShoeState = INITIAL_STATE): Replay {
  let state = from;
  for (const e of events) state = applyEvent(state, e);
  return { state, alerts: state.alerts };
}

/** The state just after event `index` (0-based), for surveillance's step-by-step replay. */
export function stateAt(events: readonly ShoeEvent[], index: number): ShoeState {
  return replayShoe(events.slice(0, index + 1)).state;
}
