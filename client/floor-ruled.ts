/**
 * A dispute the chef de table has ruled, kept on the floor as long as an
 * alert about a coup (client/floor-windows.ts): the table's screens drop the
 * dispute's alert at the ruling (shoe/active-alerts.ts), so the floor lost the
 * dispute and never said how it was ruled; a supervisor who looked away for
 * ten seconds never learnt a call was contested (outsider passes 22 and 24).
 * Read from the view's last coups, which keep the dispute and the ruling.
 */
import type { FloorTable } from '../server/http/contract.ts';
import { coupAlertOver } from './floor-windows.ts';

export interface RuledDispute {
  coup: number;
  announced: string;
  ruling: 'cards' | 'annul';
  reason: string;
  by?: string;
  at?: string;
}

/** The table's disputes ruled within the window, newest first: two coups and two minutes, or ten minutes of its play. */
export function ruledDisputes(row: Pick<FloorTable, 'view' | 'lastEventAt'>, now: number): RuledDispute[] {
  const v = row.view;
  if (!v) return [];
  const inPlay = v.coup?.coup;
  const ref = row.lastEventAt ? Date.parse(row.lastEventAt) : now;
  const out: RuledDispute[] = [];
  for (const c of v.recent) {
    const d = c.dispute;
    const r = c.resolution;
    if (!d || !r || c.status === 'disputed') continue;
    const at = r.at === undefined ? undefined : Date.parse(r.at);
    if (!coupAlertOver(at, inPlay === undefined ? 0 : inPlay - c.coup, now, ref))
      out.push({
        coup: c.coup,
        announced: d.announced,
        ruling: r.ruling,
        reason: r.reason,
        ...(r.by !== undefined && { by: r.by }),
        ...(r.at !== undefined && { at: r.at }),
      });
  }
  return out.sort((a, b) => b.coup - a.coup);
}
