/**
 * Plays shoes through the table's own state machine (decide/evolve) with one
 * player per chance following an edge policy, exactly as the payeur would
 * record it: a unit bet each coup (an après stake stays on the layout and
 * plays again), insurance bought on every fresh stake for `insured`, the
 * partager chosen at once for `partager`, every call confirmed, the shoe ended
 * empty and, without the end-of-shoe release, the prison carried on.
 */
import { cardFromCode } from '../../../shoe/card.ts';
import type { Command } from '../../../shoe/commands.ts';
import { decide } from '../../../shoe/decide.ts';
import type { Chance, PrisonCarry } from '../../../shoe/events.ts';
import { CHANCES } from '../../../shoe/events.ts';
import { evolve } from '../../../shoe/evolve.ts';
import type { Policy } from '../../../shoe/edge/house-edge.ts';
import type { Rules } from '../../../shoe/rules.ts';
import { INITIAL_STATE, type ShoeState } from '../../../shoe/state.ts';

export function engineNets(shoes: readonly Uint8Array[], rules: Rules, policy: Policy, unit: number): Record<Chance, number> {
  const net: Record<Chance, number> = { rouge: 0, noir: 0, couleur: 0, inverse: 0 };
  let carried: PrisonCarry[] = [];
  shoes.forEach((codes, s) => {
    let state: ShoeState = INITIAL_STATE;
    const apply = (command: Command) => {
      for (const e of decide(state, command)) state = evolve(state, e);
    };
    apply({ type: 'start', table: 'T1', shoe: `edge-${s}`, cards: codes.length, rules: { ...rules }, ...(carried.length > 0 && { prison: carried }) });
    codes.forEach((code, i) => {
      if (state.phase === 'waiting') {
        apply({ type: 'open' });
        for (const chance of CHANCES) {
          const stake = state.stakes.find((x) => x.player === chance);
          if (stake === undefined) apply({ type: 'bet', player: chance, chance, amount: unit, ...(policy === 'insured' && { insured: true }) });
          else if (policy === 'insured' && !stake.insured) apply({ type: 'insure', player: chance, chance });
        }
      }
      apply({ type: 'card', seq: i + 1, card: cardFromCode(code) });
      const last = state.coups.at(-1);
      if (last?.status !== 'awaiting-confirm') return;
      apply({ type: 'confirm', coup: last.coup });
      if (policy !== 'partager') return;
      for (const chance of CHANCES) {
        if (state.prison.some((p) => p.player === chance && p.choosable)) apply({ type: 'choice', player: chance, chance, action: 'partager' });
      }
    });
    apply({ type: 'end', reason: 'empty' });
    for (const coup of state.coups) for (const r of coup.settlement) net[r.chance] += r.net;
    for (const r of state.release) net[r.chance] += r.net;
    carried = state.prison.map((p) => ({ player: p.player, chance: p.chance, amount: p.amount, level: p.level }));
  });
  return net;
}
