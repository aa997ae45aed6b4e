/**
 * The contract between the table (table-service.ts: domain + durable store +
 * shuffler link) and everything that serves people (HTTP API, live push, CLI).
 * One table, one shoe in play at a time; commands are applied one at a time.
 */
import type { Command } from '../../shoe/commands.ts';
import type { ShoeState } from '../../shoe/state.ts';
import type { TableView } from '../../shoe/table-view.ts';
import type { CentralLinkState } from '../central/replication-state.ts';
import type { StoredEvent } from '../store/stored-event.ts';

export const ROLES = ['tailleur', 'payeur', 'chef', 'surveillance'] as const;
export type Role = (typeof ROLES)[number];

/** Who asks: the user and their role (the shuffler link acts as user "shuffler"). */
export interface Actor {
  user: string;
  role: Role | 'shuffler' | 'system';
}

/** The table itself, for events it writes on no one's command. */
export const SYSTEM: Actor = { user: 'system', role: 'system' };
/** The shuffler link acts as user "shuffler". */
export const SHUFFLER: Actor = { user: 'shuffler', role: 'shuffler' };

/** Status of the shuffler line, for the tailleur's screen. */
export interface LinkStatus {
  connected: boolean;
  model?: string;
  firmware?: string;
  state?: string;
  remaining?: number;
  lastFrameAt?: string;
  /**
   * The shuffler's last silence that ended: `from` its last frame before the silence, `to` its first frame after.
   * Its alert leaves the screens when the shuffler speaks again; this says afterwards that it was silent, and how long.
   */
  lastSilence?: { from: string; to: string };
  /** `recorded`: the table also stored it as a `fault` of the shoe in play, so it shows among the table's alerts. */
  alerts: { kind: string; message: string; at: string; code?: string; params?: Readonly<Record<string, string | number>>; recorded?: boolean }[];
  counters?: Record<string, number>;
  /** The central witness's replication state, when the table replicates (docs/central-store.md). */
  central?: CentralLinkState;
  /**
   * The line alerts current now and the newest of them (server/table/link-summary.ts), as the HTTP side
   * sends the status: every table screen keeps saying a refused card or a silent line, not only the floor.
   */
  current?: { alerts: number; last?: Pick<LinkStatus['alerts'][number], 'kind' | 'message' | 'at' | 'code' | 'params'> };
}

/** One message of the live stream: a stored event and the view after it. */
export interface LiveMessage {
  /** `${shoe}:${index}` — the SSE id; a client resumes after it. */
  id: string;
  shoe: string;
  index: number;
  event: StoredEvent;
  view: TableView;
}

/**
 * A `table` message as the live stream sends it: live ones carry the view;
 * a resume sends the missed events without it and the current view with the
 * last one only (API.md "Live").
 */
export type StreamMessage = Omit<LiveMessage, 'view'> & { view?: TableView };

export interface StartOptions {
  /** The shuffler's own serial for the shoe, written on its first line for the audit. */
  serial?: string;
  cards?: number;
}

export interface Table {
  readonly tableId: string;
  /** Current shoe state (the shoe in play, or the last one if none is in play). */
  state(): ShoeState;
  view(): TableView;
  /** decide → append with fsync → evolve → publish. Throws RuleError (409) on a broken rule. */
  command(command: Command, actor: Actor): Promise<StoredEvent[]>;
  /** Starts a new shoe (carrying prison stakes from a suspended shoe). */
  startShoe(actor: Actor, opts?: StartOptions): Promise<StoredEvent[]>;
  /** Live stream: called after every stored event. Returns an unsubscribe function. */
  subscribe(listener: (message: LiveMessage) => void): () => void;
  /** Link status changes (not stored events). */
  onLink(listener: (status: LinkStatus) => void): () => void;
  linkStatus(): LinkStatus;
  /** Events of a shoe after index `after` (exclusive), for Last-Event-ID resume. */
  eventsSince(shoe: string, after: number): Promise<StoredEvent[]>;
  close(): Promise<void>;
}
