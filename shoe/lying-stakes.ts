/**
 * Stakes an après left on the layout (docs/rules.md#apres): they play the
 * next coup unless the player changes them. The next `open` writes them again
 * as carried bets; a coup whose first card comes before any open (out of
 * turn, alerted) still has them in play — the chips are on the layout — so
 * they are its stakes. Before, such a coup settled without them and they
 * vanished from the books (found by the random crew,
 * test/server/table/random-crew.test.ts).
 */
import type { Coup, FreeStake, ShoeState } from './state.ts';

export function lyingStakes(state: Pick<ShoeState, 'coups' | 'rules'>, last: Coup | undefined = state.coups.at(-1)): FreeStake[] {
  if (!last || last.status === 'dealing' || last.status === 'annulled') return [];
  return last.settlement
    .filter((r) => r.outcome === 'push' && r.level === 0 && state.rules.min <= r.amount)
    .map((r) => ({ player: r.player, chance: r.chance, amount: r.amount, insured: false, carried: true }));
}

/**
 * Those lying on the layout now: between a coup and the next open (phase `waiting`); once the bets open they are the
 * carried bets, and once a coup is dealt they are its stakes. What the end of a shoe hands back, the first card of a coup
 * dealt out of turn plays, the floor counts and the payeur is shown (shoe/table-view.ts `lyingStakes`).
 */
export function lyingNow(state: Pick<ShoeState, 'coups' | 'rules' | 'phase'>): FreeStake[] {
  return state.phase === 'waiting' ? lyingStakes(state) : [];
}
