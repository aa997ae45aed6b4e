/**
 * One table of the floor as the surveillance room sees it (docs/central-store.md):
 * what the table last said of itself in `table_status` — its shuffler line and
 * its replication to the central store — read with suspicion, since a table
 * whose server has gone silent keeps its last row: a row older than
 * {@link STALE_AFTER_MS} is shown as stale, whatever it claims. Beside it, what
 * the central store itself holds: the shoe whose events arrived last and the
 * table that shoe's events replay to.
 */
import { z } from 'zod';
import type { TableView } from '../../shoe/table-view.ts';
import type { FloorMoney } from './floor-money.ts';
import type { FloorRuling } from './floor-rulings.ts';
import type { PreviousShoe } from './previous-shoe.ts';

/** A table reports its status about once a second; 15 s of silence means its server (or its link to us) is gone. */
export const STALE_AFTER_MS = 15_000;

/** How many stale spells over the floor keeps before the last: more than two in ten minutes is one long fault. */
export const EARLIER_STALE_KEPT = 2;

/** The table's replication to the central store, as the table reports it. */
export interface CentralLinkState {
  state: 'in-sync' | 'behind' | 'down';
  /** Events stored at the table and not yet acknowledged centrally. */
  behind?: number;
  /** ISO time the central store became unreachable from the table. */
  downSince?: string;
  /** What is wrong beyond being down or behind (a divergence, a key that does not match…). */
  alert?: { code: string; message: string; at: string };
}

/** The shuffler line, as the table summarises it for the floor. */
export interface ReportedLink {
  connected: boolean;
  state?: string;
  remaining?: number;
  lastFrameAt?: string;
  /** Line alerts current at the table (server/table/link-summary.ts). */
  alerts: number;
  /** The newest of them, so the floor says what it is. */
  last?: { kind: string; message: string; at: string; code?: string; params?: Readonly<Record<string, string | number>> };
  /** The shuffler's last silence that ended: its last frame before, and its first after (server/table/link-board.ts). */
  lastSilence?: { from: string; to: string };
}

/** What a table reports in its `table_status` row (the parts the floor shows). */
export interface ReportedStatus {
  link: ReportedLink | null;
  central: CentralLinkState | null;
  shoe: string | null;
  lastEventAt: string | null;
}

export interface FloorTable {
  table: string;
  registeredAt: string;
  /** The table's last status row; null when it never reported. */
  reported: ReportedStatus | null;
  /** When that row was written (the database's clock). */
  reportedAt: string | null;
  /** No status row, or one older than {@link STALE_AFTER_MS}. */
  stale: boolean;
  /**
   * The table's last stale spell that ended, as this floor server saw it: its last report before (`from`) and its first
   * after (`to`). Once a table reported again, nothing on the floor said it had been stale (outsider pass 28).
   */
  lastStale?: { from: string; to: string };
  /**
   * The stale spells over before `lastStale`, newest first, at most {@link EARLIER_STALE_KEPT}: a newer spell replaced
   * the one before, which the floor had said for ten minutes (outside floor pass 44, F1). The floor says each for ten
   * minutes from its end.
   */
  earlierStale?: { from: string; to: string }[];
  /**
   * Since when the table's reports say its replication is behind (the first report of this run of them): a table whose
   * events stopped reaching the store for two minutes kept its card on old play, unflagged (outsider pass 30).
   */
  behindSince?: string;
  /**
   * The table's last spell behind that ended, as this floor server saw it: its first report behind (`from`) and its first
   * in sync after (`to`). Once it caught up, nothing on the floor said its record had been minutes behind (outsider pass 32).
   */
  lastBehind?: { from: string; to: string };
  /** The spells behind over before `lastBehind`, newest first, at most {@link EARLIER_STALE_KEPT}, as `earlierStale` (outside floor pass 45, F2). */
  earlierBehind?: { from: string; to: string }[];
  /**
   * The shuffler's silences over that this floor server heard the table report (its link's `lastSilence`), newest first, at
   * most {@link EARLIER_STALE_KEPT} + 1, whatever shoe they fell in: the table reports only its last, so a new silence
   * replaced the one before on the floor within a minute, and one went when its shoe ended (outside floor pass 50, F2).
   */
  silences?: { from: string; to: string }[];
  /** The shoe whose events reached the central store last; null before the first. */
  shoe: string | null;
  /** Events of that shoe held centrally. */
  events: number;
  /** `at` of the last event held centrally. */
  lastEventAt: string | null;
  /** That shoe replayed through the rules from the central copy. */
  view: TableView | null;
  /** Its money: on the layout, in prison, the last coup's and the shoe's totals (floor-money.ts). */
  money: FloorMoney | null;
  /** The shoe's disputes the chef ruled, the newest first (floor-rulings.ts); absent from a floor server before them. */
  ruled?: FloorRuling[];
  /** How the table's shoe before this one ended (previous-shoe.ts): the floor says a suspension until the new shoe's first coup is settled (client/floor-previous.ts). */
  previous: PreviousShoe | null;
}

/** GET /api/floor and the first message of GET /api/floor/events. */
export interface FloorSnapshot {
  /** The floor's own connection to the central store (its LISTEN session). */
  central: FloorCentralState;
  staleAfterMs: number;
  tables: FloorTable[];
}

export interface FloorCentralState {
  connected: boolean;
  /** Since when it is in that state (ISO). */
  since: string;
  /** Why it is down. */
  error?: string;
}

const linkSchema = z.object({
  connected: z.boolean(),
  state: z.string().optional().catch(undefined),
  remaining: z.number().optional().catch(undefined),
  lastFrameAt: z.string().optional().catch(undefined),
  alerts: z
    .union([z.number().int().nonnegative(), z.array(z.unknown()).transform((a) => a.length)])
    .catch(0)
    .default(0),
  last: z
    .object({
      kind: z.string(),
      message: z.string(),
      at: z.string(),
      code: z.string().optional().catch(undefined),
      params: z
        .record(z.string(), z.union([z.string(), z.number()]))
        .optional()
        .catch(undefined),
    })
    .optional()
    .catch(undefined),
  lastSilence: z.object({ from: z.string(), to: z.string() }).optional().catch(undefined),
});

const centralSchema = z.object({
  state: z.enum(['in-sync', 'behind', 'down']),
  behind: z.number().int().nonnegative().optional().catch(undefined),
  downSince: z.string().optional().catch(undefined),
  alert: z.object({ code: z.string(), message: z.string(), at: z.string() }).optional().catch(undefined),
});

/**
 * Reads a status row's jsonb part by part: a part the floor cannot read is
 * shown as unknown rather than refusing the whole row (the table may be a
 * newer version that reports more, or a broken one that reports less).
 */
export function readReportedStatus(json: unknown): ReportedStatus {
  const o = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  const link = linkSchema.safeParse(o.link);
  const central = centralSchema.safeParse(o.central);
  return {
    link: link.success ? (defined(link.data) as ReportedLink) : null,
    central: central.success ? (defined(central.data) as CentralLinkState) : null,
    shoe: typeof o.shoe === 'string' ? o.shoe : null,
    lastEventAt: typeof o.lastEventAt === 'string' ? o.lastEventAt : null,
  };
}

/** Drops the members zod left undefined (exactOptionalPropertyTypes). */
function defined(o: object): object {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
