/**
 * A deterministic table crew for the crash test: what the tailleur and the
 * payeur do next is decided from the stored table alone (its view), so a run
 * interrupted anywhere and resumed from what was stored makes exactly the
 * moves of an uninterrupted run. One card is pulled at a time, and only once
 * the previous one is stored, so bets always land in the same coups.
 */
import { CHANCES, type Chance } from '../../../shoe/events.ts';
import type { TableView } from '../../../shoe/table-view.ts';

export interface PlannedBet {
  player: string;
  chance: Chance;
  amount: number;
  insured?: true;
}

export type Move =
  | { kind: 'pull' }
  | { kind: 'open' }
  | { kind: 'confirm'; coup: number }
  | { kind: 'bet'; bet: PlannedBet }
  /** A card pulled is not stored yet, or the shoe is not announced or not ended yet. */
  | { kind: 'wait' }
  | { kind: 'done' };

/** Three stakes a coup: one moving round the chances, one insured every third coup, one over the maximum. */
export function plannedBets(coup: number): PlannedBet[] {
  return [
    { player: 's1', chance: CHANCES[coup % 4]!, amount: 1_000 + 100 * (coup % 7) },
    { player: 's2', chance: 'rouge', amount: 2_500, ...(coup % 3 === 0 && { insured: true as const }) },
    { player: 's3', chance: 'couleur', amount: 600_000 },
  ];
}

export function nextMove(view: TableView, pulled: number, cards: number): Move {
  if (pulled > view.lastSeq) return { kind: 'wait' };
  if (view.awaitingConfirm !== null) return { kind: 'confirm', coup: view.awaitingConfirm };
  const pull: Move = pulled < cards ? { kind: 'pull' } : { kind: 'wait' };
  switch (view.phase) {
    case 'ended':
      return { kind: 'done' };
    case 'idle':
      return { kind: 'wait' };
    case 'burning':
    case 'closed':
      return pull;
    case 'waiting':
      return pulled < cards ? { kind: 'open' } : { kind: 'wait' };
    case 'open': {
      const coup = (view.coup?.coup ?? 0) + 1;
      const missing = plannedBets(coup).find((b) => !view.stakes.some((s) => s.player === b.player && s.chance === b.chance));
      return missing ? { kind: 'bet', bet: missing } : pull;
    }
    default: {
      const never: never = view.phase;
      throw new Error(`unknown phase ${String(never)}`);
    }
  }
}
