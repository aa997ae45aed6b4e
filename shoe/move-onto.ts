/**
 * Where a prison stake may not be moved now (docs/rules.md#prison-choice): onto a
 * chance where the same seat has a stake at the same level whose own choice is
 * still open. The move would merge the two and share that open choice, so a
 * partager there would split the moved money too, a second choice on it in one
 * 31 après. That stake's choice is made first. The rule (shoe/check.ts) and the
 * view (each prison row's `cannotMoveTo`, so the payeur's menu does not offer
 * what the rule will refuse) read it here.
 */
import { CHANCES, type Chance } from './events.ts';
import type { PrisonStake, ShoeState } from './state.ts';

/** The seat's stake with an open choice a move of `p` onto `to` would merge with, if any. */
export function openChoiceOn(state: Pick<ShoeState, 'prison'>, p: Pick<PrisonStake, 'player' | 'level'>, to: Chance): PrisonStake | undefined {
  return state.prison.find((o) => o.player === p.player && o.chance === to && o.level === p.level && o.choosable);
}

/** The chances other than its own that a choosable stake may not be moved onto now. */
export function cannotMoveTo(state: Pick<ShoeState, 'prison'>, p: PrisonStake): Chance[] {
  if (!p.choosable) return [];
  return CHANCES.filter((c) => c !== p.chance && openChoiceOn(state, p, c) !== undefined);
}
