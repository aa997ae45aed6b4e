/**
 * How long the floor says that a table's shoe before this one was suspended
 * (server/floor/previous-shoe.ts): until the new shoe's first coup is settled
 * or annulled — play has resumed, and the suspension is in the shoe list for
 * whoever looks back. An outsider watched the notice sit among the table's
 * alerts for five minutes and more of an ordinary new shoe (pass 8), crowding
 * out what did need the floor's eyes. A shoe that ran out is never said: that
 * is the evening's routine.
 */
import type { FloorTable, PreviousShoe } from '../server/http/contract.ts';

export function previousToSay(row: Pick<FloorTable, 'previous' | 'view'>): PreviousShoe | null {
  const p = row.previous;
  if (!p || p.how === 'empty') return null;
  const resumed = (row.view?.recent ?? []).some((c) => c.standing === 'payable' || c.standing === 'annulled');
  return resumed ? null : p;
}
