/**
 * The disputes the chef de table ruled in a shoe, for the floor: the floor
 * keeps a ruling in sight two coups and two minutes, or ten minutes of the
 * table's play (client/floor-windows.ts), but read them from the view's last
 * six coups, which a quick table deals in under two minutes, and a new shoe
 * starts without: a ruling went from the floor 44 s after it was made when
 * the shoe ended (outsider pass 28). So the floor row carries the shoe's last
 * rulings, and the previous shoe's (previous-shoe.ts), whatever their age;
 * the client judges which are still to say.
 */
import type { ShoeState } from '../../shoe/state.ts';

export interface FloorRuling {
  coup: number;
  /** The call the tailleur announced, which was disputed. */
  announced: string;
  ruling: 'cards' | 'annul';
  /** The chef's reason, as typed with the ruling. */
  reason: string;
  by?: string;
  at?: string;
}

/** The most rulings a shoe carries to the floor: more than the floor's window ever holds (two coups, ten minutes). */
export const RULINGS_KEPT = 6;

/** The shoe's ruled disputes, the newest first. */
export function floorRulings(state: Pick<ShoeState, 'coups'>, most = RULINGS_KEPT): FloorRuling[] {
  const out: FloorRuling[] = [];
  for (let i = state.coups.length - 1; i >= 0 && out.length < most; i--) {
    const c = state.coups[i]!;
    const d = c.dispute;
    const r = c.resolution;
    if (!d || !r || c.status === 'disputed') continue;
    out.push({
      coup: c.coup,
      announced: d.announced,
      ruling: r.ruling,
      reason: r.reason,
      ...(r.by !== undefined && { by: r.by }),
      ...(r.at !== undefined && { at: r.at }),
    });
  }
  return out;
}
