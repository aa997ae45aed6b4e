/**
 * Events found unsealed when the table server started again (docs/shoe-log.md, `witness`): the seals after them vouch
 * for them as found then, not as seen made. Said to every screen as a fault the table records about itself; only
 * surveillance's integrity badge said it (outside crew pass 51). `reason: 'one'` for a single event, so it is said as one.
 */
import type { EventOf } from './events.ts';
import type { Alert, ShoeState } from './state.ts';
import { alert } from './state-changes.ts';

export function unsealedAlert(s: ShoeState, event: EventOf<'witness'>): Alert {
  const [from, to] = [event.from ?? 0, event.to ?? event.from ?? 0];
  const text =
    from === to ? `event ${from} was found unsealed when the table started again` : `events ${from} to ${to} were found unsealed when the table started again`;
  return alert(s, event, {
    kind: 'fault',
    code: 'UNSEALED',
    message: `UNSEALED: ${text}`,
    params: { code: 'UNSEALED', text, from, to, ...(from === to && { reason: 'one' }) },
  });
}
