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

/** Whether the floor has shown a matter raised at `at` (ms) for ALERT_SHOWN_MS by `now`; one with no time has. */
export function shownLongEnough(at: number | undefined, now: number): boolean {
  return at === undefined || now - at >= ALERT_SHOWN_MS;
}

/**
 * Whether an alert about a coup, raised at `at` (ms), is over for the floor: two coups on and shown long enough, or
 * ALERT_CURRENT_MS of the table's play since (`ref`, its last event). A dispute's alert and its ruling go alike.
 */
export function coupAlertOver(at: number | undefined, coupsOn: number | undefined, now: number, ref: number): boolean {
  return ((coupsOn ?? 0) >= 2 && shownLongEnough(at, now)) || (at !== undefined && ref - at >= ALERT_CURRENT_MS);
}
