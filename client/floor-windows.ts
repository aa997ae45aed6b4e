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
