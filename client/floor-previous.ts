/**
 * How long the floor says that a table's shoe before this one was suspended
 * (server/floor/previous-shoe.ts): until the new shoe's first coup is settled
 * or annulled — play has resumed, and the suspension is in the shoe list for
 * whoever looks back. An outsider watched the notice sit among the table's
 * alerts for five minutes and more of an ordinary new shoe (pass 8), crowding
 * out what did need the floor's eyes. A shoe that ran out is never said: that
 * is the evening's routine. At least ten minutes after the end, though, as
 * long as a spell over is said: at a quick table the first coup is settled
 * seconds after the suspension (outsider pass 22), and a suspension for marked
 * cards went from the card after two minutes while a 41 s blip stayed ten
 * (outside floor pass 48, F1). Once play has resumed it is said after what is
 * going on now (floor-attention.ts), so it crowds nothing out.
 */
import type { FloorTable, PreviousShoe } from '../server/http/contract.ts';
import { ALERT_CURRENT_MS } from './floor-windows.ts';

/** Whether the new shoe has settled or annulled a coup: play has resumed since the shoe before ended. */
export function playResumed(row: Pick<FloorTable, 'view'>): boolean {
  return (row.view?.recent ?? []).some((c) => c.standing === 'payable' || c.standing === 'annulled');
}

export function previousToSay(row: Pick<FloorTable, 'previous' | 'view'>, now = Date.now()): PreviousShoe | null {
  const p = row.previous;
  if (!p || p.how === 'empty') return null;
  const shown = p.at === undefined || now - Date.parse(p.at) >= ALERT_CURRENT_MS;
  return playResumed(row) && shown ? null : p;
}
