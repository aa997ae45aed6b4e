/**
 * A dispute the chef de table has ruled, kept on the floor as long as an
 * alert about a coup (client/floor-windows.ts): the table's screens drop the
 * dispute's alert at the ruling (shoe/active-alerts.ts), so the floor lost the
 * dispute and never said how it was ruled; a supervisor who looked away for
 * ten seconds never learnt a call was contested (outsider passes 22 and 24).
 * Read from the shoe's rulings and the shoe before's (server/floor/floor-rulings.ts):
 * read from the view's last six coups, a ruling went before its two minutes at
 * a quick table, and at once when the shoe ended (outsider pass 28).
 */
import type { FloorRuling, FloorTable } from '../server/http/contract.ts';
import { ALERT_CURRENT_MS, coupAlertOver, coupsOnFromShoeBefore, shownLongEnough, staleSpells } from './floor-windows.ts';

/** A ruling as the floor row carries it, and the shoe it was ruled in when that is the shoe before this one (its id). */
export type RuledDispute = FloorRuling & { before?: string };

/**
 * The table's disputes ruled within ten minutes of the floor's clock, the time its card was stale not counted, newest
 * first, into the next shoe: a chef's ruling went after two coups and two minutes while a 25 s blip of the table stayed
 * ten (outside floor pass 50, F3). A ruling with no time goes as any coup alert: two coups on.
 */
export function ruledDisputes(
  row: Pick<FloorTable, 'view' | 'lastEventAt' | 'ruled' | 'previous' | 'stale' | 'reportedAt' | 'lastStale' | 'earlierStale'>,
  now: number,
): RuledDispute[] {
  const inPlay = row.view?.coup?.coup ?? 0;
  const ref = row.lastEventAt ? Date.parse(row.lastEventAt) : now;
  const before = row.previous;
  const p = before?.ruled;
  const candidates: [RuledDispute, number][] = [
    ...(row.ruled ?? []).map((r): [RuledDispute, number] => [r, inPlay - r.coup]),
    ...(before && p ? p.rulings.map((r): [RuledDispute, number] => [{ ...r, before: before.shoe }, coupsOnFromShoeBefore(r.coup, p.lastCoup, inPlay)]) : []),
  ];
  const stale = staleSpells(row, now);
  const over = ([r, coupsOn]: [RuledDispute, number]) =>
    r.at === undefined ? coupAlertOver(undefined, coupsOn, now, ref, stale) : shownLongEnough(Date.parse(r.at), now, stale, ALERT_CURRENT_MS);
  return candidates.filter((c) => !over(c)).map(([r]) => r);
}
