/**
 * Whether the payeur's "handed back" can be recorded now (docs/shoe-log.md#handed-back):
 * not once the shoe in play has ended, since nothing follows a shoe's `end`, nor
 * after the last coup an exposed card allows. The list is shown at once all the
 * same (hand-back.ts); its mark then waits for the next shoe, and the screens
 * say so rather than offer a press the table would refuse.
 */
import { suspensionDue } from './end-of-shoe.ts';
import type { ShoeState } from './state.ts';

export type HandBackMark = 'now' | 'next-shoe';

export function handBackMark(state: ShoeState): HandBackMark {
  return state.phase !== 'idle' && state.phase !== 'ended' && !suspensionDue(state) ? 'now' : 'next-shoe';
}
