/**
 * The shuffler line as a table reports it to the surveillance room
 * (table_status.link): its state, and the line alerts that are current with
 * the newest of them, so the floor says what it is. The table keeps its last
 * alerts for the tailleur's screen, who acknowledges each (tq-alert-banner);
 * the floor has no such button, so counting that list kept a line that fell
 * silent once and spoke again as "1 shuffler alarm" beside "connected" for as
 * long as the table ran.
 */
import type { LinkStatus } from './table.ts';

/** How long a line alert stays on the floor after it was raised; a line still down keeps the one that says why. */
export const LINK_ALERT_CURRENT_MS = 10 * 60_000;

type LinkAlertEntry = LinkStatus['alerts'][number];

/** The newest current line alert, as the floor shows it. */
export type ReportedLinkAlert = NonNullable<NonNullable<LinkStatus['current']>['last']>;

export interface LinkSummary {
  connected: boolean;
  state?: string;
  remaining?: number;
  lastFrameAt?: string;
  /** Line alerts current now. */
  alerts: number;
  last?: ReportedLinkAlert;
  /** The last silence that ended (LinkStatus.lastSilence), so the floor says it after the shuffler spoke again. */
  lastSilence?: { from: string; to: string };
}

/**
 * A fault the table stored in the shoe (`recorded`: a silence, a gap, a
 * shuffler error while a shoe is in play) is left out: the floor shows it from
 * the shoe's own alerts, where it stays in the record.
 */
export function linkSummary(l: LinkStatus, now: number): LinkSummary {
  const unrecorded = l.alerts.filter((a) => !a.recorded);
  // A silence is over once the shuffler has spoken since: the floor showed the start-up's "no word for 15 s" for ten
  // minutes on every table, beside "connected" (an outsider's pass).
  const spokeSince = (a: LinkAlertEntry) => a.kind === 'silent' && l.lastFrameAt !== undefined && Date.parse(l.lastFrameAt) > Date.parse(a.at);
  const current = unrecorded.filter((a) => now - Date.parse(a.at) < LINK_ALERT_CURRENT_MS && !spokeSince(a));
  // A line still down keeps the alert that says why: the newest of all. When the table recorded it in the shoe, the
  // shoe's fault says it; an older unrecorded one (the start-up's silence) said the line fell silent an hour ago
  // (outsider pass 15: "no word for 15 s (14:30:09)" for a shuffler stopped at 14:33).
  const newest = l.alerts.at(-1);
  if (!l.connected && newest !== undefined && !newest.recorded && !current.includes(newest)) current.push(newest);
  const last = current.at(-1);
  return {
    connected: l.connected,
    ...(l.state !== undefined && { state: l.state }),
    ...(l.remaining !== undefined && { remaining: l.remaining }),
    ...(l.lastFrameAt !== undefined && { lastFrameAt: l.lastFrameAt }),
    alerts: current.length,
    ...(l.lastSilence !== undefined && { lastSilence: l.lastSilence }),
    ...(last !== undefined && {
      last: {
        kind: last.kind,
        message: last.message,
        at: last.at,
        ...(last.code !== undefined && { code: last.code }),
        ...(last.params !== undefined && { params: last.params }),
      },
    }),
  };
}

/** The status as the table screens get it: with the line alerts current at `now` (GET /api/table, the live stream's `link`). */
export function withCurrentAlerts(l: LinkStatus, now: number): LinkStatus {
  const { alerts, last } = linkSummary(l, now);
  return { ...l, current: { alerts, ...(last !== undefined && { last }) } };
}
