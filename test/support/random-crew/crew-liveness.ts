/**
 * No stuck table: from the state the crew reached, some role brings the
 * table to its next coup within a bounded number of legal actions — the chef
 * rules a dispute, the tailleur confirms the waiting call and opens the bets,
 * the payeur leaves the prison stakes whose choice an end held for them waits
 * for (docs/rules.md#held-end), the shuffler deals the next cards of its shoe (or says EMPTY, after which a
 * new shoe can start). Played on the fold with the rules' own decideAtTable,
 * so the real table is not touched. Returns why it is stuck, or null.
 */
import type { Command } from '../../../shoe/commands.ts';
import { decideAtTable } from '../../../shoe/decide.ts';
import { suspensionDue } from '../../../shoe/end-of-shoe.ts';
import { evolve } from '../../../shoe/evolve.ts';
import { pullBlocked } from '../../../shoe/pull.ts';
import { unconfirmedCoup, type ShoeState } from '../../../shoe/state.ts';

export const LIVENESS_BOUND = 80;

export function stuck(start: ShoeState, deck: readonly string[]): string | null {
  let s = start;
  const path: string[] = [];
  for (let k = 0; k < LIVENESS_BOUND; k++) {
    if (s.phase === 'idle' || s.phase === 'ended') return null; // the tailleur (or the shuffler's SHOE frame) starts the next shoe
    const dealing = s.coups.at(-1)?.status === 'dealing';
    if (s.coups.length > start.coups.length && dealing) return null;
    const disputed = s.coups.find((c) => c.status === 'disputed');
    const waiting = unconfirmedCoup(s);
    const open = s.prison.find((p) => p.choosable);
    let command: Command;
    let by: string;
    if (disputed) [command, by] = [{ type: 'resolve', coup: disputed.coup, ruling: 'cards', reason: 'the cards stand' }, 'chef'];
    else if (waiting) [command, by] = [{ type: 'confirm', coup: waiting.coup }, 'tailleur'];
    else if ((s.held || suspensionDue(s)) && open)
      [command, by] = [{ type: 'choice', player: open.player, chance: open.chance, action: 'leave', stake: open.id }, 'payeur'];
    else if (s.phase === 'waiting' && !waiting) [command, by] = [{ type: 'open' }, 'tailleur'];
    else if (pullBlocked(s)) return `no card may be pulled (${pullBlocked(s)!.code}) and no role can act: ${path.join(' → ')}`;
    else if (s.lastSeq < deck.length) [command, by] = [{ type: 'card', seq: s.lastSeq + 1, card: deck[s.lastSeq]! }, 'shuffler'];
    else [command, by] = [{ type: 'end', reason: 'empty' }, 'shuffler'];
    path.push(`${by}:${command.type}`);
    try {
      const { events } = decideAtTable(s, command, { by }, null);
      if (events.length === 0) return `${by}'s ${command.type} changed nothing: ${path.join(' → ')}`;
      for (const e of events) s = evolve(s, e);
    } catch (e) {
      return `${by}'s ${command.type} refused (${(e as Error).message}): ${path.join(' → ')}`;
    }
  }
  return `no next coup within ${LIVENESS_BOUND} actions: ${path.slice(-12).join(' → ')}`;
}
