/**
 * Small changes several events make to the shoe's state: an alert stamped
 * with the event that raised it, bets closing, one coup replaced.
 */
import type { ShoeEvent } from './events.ts';
import { patch, type Alert, type Coup, type ShoeState } from './state.ts';

export function alert(state: ShoeState, event: ShoeEvent, a: Omit<Alert, 'index' | 'at'>): Alert {
  return event.at === undefined ? { ...a, index: state.events - 1 } : { ...a, index: state.events - 1, at: event.at };
}

/** Bets close; the choice on prison stakes ends with them (docs/rules.md#prison-choice). */
export function closeBets(s: ShoeState): ShoeState {
  const prison = s.prison.some((p) => p.choosable) ? s.prison.map((p) => ({ ...p, choosable: false })) : s.prison;
  return patch(s, { phase: 'closed', prison });
}

export function updateCoup(s: ShoeState, n: number, f: (c: Coup) => Coup): ShoeState {
  return patch(s, { coups: s.coups.map((c) => (c.coup === n ? f(c) : c)) });
}
