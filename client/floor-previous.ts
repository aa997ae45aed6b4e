/**
 * How long the floor says that a table's shoe before this one was suspended
 * (server/floor/previous-shoe.ts): until the new shoe's first coup is settled
 * or annulled — play has resumed, and the suspension is in the shoe list for
 * whoever looks back. An outsider watched the notice sit among the table's
 * alerts for five minutes and more of an ordinary new shoe (pass 8), crowding
 * out what did need the floor's eyes. A shoe that ran out is never said: that
 * is the evening's routine. At least two minutes after the end, though: at a
 * quick table the first coup is settled seconds after the suspension (outsider
 * pass 22).
 */
import type { FloorTable, PreviousShoe } from '../server/http/contract.ts';
import { ALERT_SHOWN_MS } from './floor-windows.ts';

export function previousToSay(row: Pick<FloorTable, 'previous' | 'view'>, now = Date.now()): PreviousShoe | null {
  const p = row.previous;
  if (!p || p.how === 'empty') return null;
  const resumed = (row.view?.recent ?? []).some((c) => c.standing === 'payable' || c.standing === 'annulled');
  const shown = p.at === undefined || now - Date.parse(p.at) >= ALERT_SHOWN_MS;
  return resumed && shown ? null : p;
}
