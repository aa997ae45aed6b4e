/**
 * The player's choice on a stake just imprisoned or deepened by a 31 après
 * (docs/rules.md#prison-choice; Venice: "dividere con il banco … lasciarla … o farla spostare"):
 * leave it, move it (still imprisoned) to another chance, or partager — half
 * back to the player, half to the bank. The choice is written into the
 * settlement of the 31 après that opened it, so the payeur sees one line per stake.
 * It acts on the one stake it names (docs/rules.md#prison-stake-id).
 */
import type { EventOf } from './events.ts';
import { addPrison } from './settlement.ts';
import { splitHalves, type SettlementRow } from './settlement-row.ts';
import { patch, patchCoup, type PrisonStake, type ShoeState } from './state.ts';

export function applyChoice(s: ShoeState, event: EventOf<'choice'>): ShoeState {
  // A choice names its stake (shoe/prison-id.ts); an old one without `stake` met a seat with one stake there (check.ts).
  const chosen = (p: PrisonStake) =>
    p.player === event.player && p.chance === event.chance && p.choosable && (event.stake === undefined || p.id === event.stake);
  if (event.action === 'leave') return patch(s, { prison: s.prison.map((p) => (chosen(p) ? { ...p, choosable: false, chosen: 'leave' as const } : p)) });
  const moving = s.prison.filter(chosen);
  const staying = s.prison.filter((p) => !chosen(p));
  const isRowOf = (r: SettlementRow, p: PrisonStake) =>
    r.player === p.player && (r.to ?? r.chance) === p.chance && r.outcome === 'prison' && r.level === p.level;

  let coups = s.coups;
  const prison = staying.map((p) => ({ ...p }));
  for (const p of moving) {
    const edit = (f: (r: SettlementRow) => SettlementRow) => {
      coups = coups.map((c) => (c.coup === p.coup ? patchCoup(c, { settlement: c.settlement.map((r) => (isRowOf(r, p) ? f(r) : r)) }) : c));
    };
    if (event.action === 'move') {
      addPrison(prison, { ...p, chance: event.to!, choosable: false, chosen: 'move' });
      edit((r) => ({ ...r, to: event.to! }));
    } else {
      // One split of the whole stake (the bank keeps one odd cent), shared out over
      // the rows it is made of: a move may have merged two of the player's stakes.
      let left = splitHalves(p.amount).returned;
      edit((r) => {
        const share = r.amount - r.returned; // what this row put in prison (an over-max excess went back already)
        const back = Math.min(left, Math.ceil(share / 2));
        left -= back;
        return { ...r, outcome: 'partager', level: 0, returned: r.returned + back, collected: share - back, net: r.net + back };
      });
    }
  }
  return patch(s, { prison, coups });
}
