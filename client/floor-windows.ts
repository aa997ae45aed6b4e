import type { FloorTable } from '../server/http/contract.ts';

/**
 * How long the floor keeps a table's matter in sight (client/floor-attention.ts,
 * client/floor-previous.ts).
 */

/** How long a table's alert asks for the floor's eyes once raised: as long as a line alert (server/table/link-summary.ts). */
export const ALERT_CURRENT_MS = 10 * 60_000;

/**
 * The least time an alert stays on the floor however fast the coups go: two coups at a quick table are seconds, and a
 * dispute, its ruling and a withdrawn suspension were gone 12 s after the ruling (outsider pass 22, G2).
 */
export const ALERT_SHOWN_MS = 2 * 60_000;

/**
 * How many coups on from coup `coup` of the shoe before this one (whose last coup was `lastCoup`) the coup in play is:
 * two coups later counts across the shoes, the new shoe's first coup being one coup after the old shoe's last.
 */
export function coupsOnFromShoeBefore(coup: number, lastCoup: number, inPlay: number | undefined): number {
  return lastCoup - coup + (inPlay ?? 0);
}

/** A time the table's card was stale, from its last report before to its first after (ms); not over yet, to now. */
export type StaleSpell = readonly [from: number, to: number];

/**
 * The table's stale spells that may overlap a matter's window: the one now, and the last ones over
 * (server/floor/floor-table.ts). The floor's own clock ran while a table was frozen, and a ruling made just before a
 * 2 min 35 s freeze went 10 s after the table came back (outsider pass 29).
 */
export function staleSpells(row: Pick<FloorTable, 'stale' | 'reportedAt' | 'lastStale' | 'earlierStale'>, now: number): StaleSpell[] {
  const out: StaleSpell[] = [];
  for (const s of [...(row.earlierStale ?? []), ...(row.lastStale ? [row.lastStale] : [])]) out.push([Date.parse(s.from), Date.parse(s.to)]);
  if (row.stale && row.reportedAt !== null) out.push([Date.parse(row.reportedAt), now]);
  return out;
}

/**
 * Whether the floor has shown a matter raised at `at` (ms) for ALERT_SHOWN_MS by `now`, not counting the time its
 * table was stale (`stale`): the card said nothing current then. One with no time has.
 */
export function shownLongEnough(at: number | undefined, now: number, stale: readonly StaleSpell[] = [], ms = ALERT_SHOWN_MS): boolean {
  if (at === undefined) return true;
  const paused = stale.reduce((sum, [from, to]) => sum + Math.max(0, Math.min(to, now) - Math.max(from, at)), 0);
  return now - at - paused >= ms;
}

/**
 * Whether an alert about a coup, raised at `at` (ms), is over for the floor: two coups on and shown long enough, or
 * ALERT_CURRENT_MS of the table's play since (`ref`, its last event). A dispute's alert and its ruling go alike.
 */
export function coupAlertOver(at: number | undefined, coupsOn: number | undefined, now: number, ref: number, stale: readonly StaleSpell[] = []): boolean {
  return ((coupsOn ?? 0) >= 2 && shownLongEnough(at, now, stale)) || (at !== undefined && ref - at >= ALERT_CURRENT_MS);
}

/** How long a table may be behind the central store before the floor says so: a card's events take a moment to go. */
export const BEHIND_SHOWN_MS = 5000;

/** Behind this long, what the floor shows of the table is as old as a stale report's, and said as seriously. */
export const BEHIND_SERIOUS_MS = 30_000;

/**
 * How long (ms) the table has reported its replication behind, once that is {@link BEHIND_SHOWN_MS} or more; null when
 * in sync, stale, or behind only for the moment after each card (the badge flashed amber "behind 1 event", outsider
 * pass 15).
 */
export function behindFor(row: Pick<FloorTable, 'stale' | 'reported' | 'behindSince'>, now: number): number | null {
  if (row.stale || row.reported?.central?.state !== 'behind' || row.behindSince === undefined) return null;
  const ms = now - Date.parse(row.behindSince);
  return ms >= BEHIND_SHOWN_MS ? ms : null;
}
