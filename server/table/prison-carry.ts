/**
 * Prison stakes that go on to the next shoe (docs/rules.md#end-of-shoe, docs/shoe-log.md#prison-carry). Suspension is
 * not "no cards left": stakes still in prison when a shoe is suspended are
 * listed on the next shoe's first line. A shoe that ran empty under a house
 * rule without end-of-shoe release also leaves its prisons standing.
 */
import type { PrisonCarry } from '../../shoe/events.ts';
import type { ShoeState } from '../../shoe/state.ts';

/** What the next shoe's first line carries from `previous` (the last shoe of the table). */
export function prisonToCarry(previous: ShoeState): PrisonCarry[] {
  if (previous.phase !== 'ended') return [];
  return previous.prison.map((p) => ({ player: p.player, chance: p.chance, amount: p.amount, level: p.level }));
}
