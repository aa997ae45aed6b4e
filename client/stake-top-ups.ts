/**
 * Which bets in "who did what" top up a stake already on the layout, and what
 * stood there before: the shoe log writes one `bet` per placement, so 30.00
 * added to 100.00 read as a second stake of 30.00 (an outsider's evening as payeur).
 *
 * Read from the events before each bet as the rules fold them (shoe/evolve.ts
 * `bet` and `withdraw`): a coup's stakes start empty at its `open` (a stake an
 * après left on the layout is written again right after it, so it counts),
 * add up per seat and chance, and go at a withdrawal. Where the list does not
 * reach back to the `open` (a gap, or a list that starts mid-coup) nothing is
 * known and the bet reads as before.
 */
import type { StoredEvent } from '../server/http/contract.ts';

/** Stored index of a bet that tops up a stake → the amount held before it (cents). */
export type TopUps = ReadonlyMap<number, number>;

export function stakeTopUps(events: readonly StoredEvent[]): TopUps {
  const before = new Map<number, number>();
  let held: Map<string, number> | null = null; // null: the coup's start is not in the list
  let last: number | undefined;
  for (const e of events) {
    if (last !== undefined && e.i !== last + 1) held = null;
    last = e.i;
    switch (e.type) {
      case 'shoe':
      case 'open':
        held = new Map();
        break;
      case 'close':
      case 'end':
        held = null;
        break;
      case 'bet': {
        if (!held) break;
        const key = `${e.player}\u0000${e.chance}`;
        const was = held.get(key) ?? 0;
        if (was > 0 && !e.carried) before.set(e.i, was);
        held.set(key, was + e.amount);
        break;
      }
      case 'withdraw':
        held?.delete(`${e.player}\u0000${e.chance}`);
        break;
      default:
        break;
    }
  }
  return before;
}
