/**
 * The live table: the last TableView and shuffler-line status, kept current by
 * the server's event stream (GET /api/events). EventSource reconnects by itself
 * and resumes with Last-Event-ID; if the stream is refused it is opened again
 * after a pause and the view re-read. The server says `alive` every 5 s: a
 * stream silent for {@link SILENT_AFTER_MS} is a server that stopped answering
 * (held, or a path gone quiet), said as offline and opened again. Alerts that
 * arrive while watching are kept as "new" until someone acknowledges them, so
 * none goes unseen.
 */
import type { ReactiveControllerHost } from 'lit';
import type { CoupView, LinkStatus, StoredEvent, StreamMessage, TableView } from '../server/http/contract.ts';
import { api, type CommandResult } from './api.ts';
import { newShoeNotice } from './new-shoe-notice.ts';
import { StoreController } from './store-controller.ts';
import { withoutSuperseded } from './superseded-alerts.ts';
import { readKept, writeKept } from './tab-kept.ts';

/** Three of the server's `alive` beats missed (server/http/events-route.ts LIVE_ALIVE_MS). */
export const SILENT_AFTER_MS = 15_000;

export interface NewAlert {
  key: string;
  source: 'table' | 'link';
  kind: string;
  message: string;
  at?: string;
  /** The shoe and coup a table alert is about: a dispute's banner goes once the chef has ruled, a shoe's alerts once it is over. */
  shoe?: string;
  coup?: number;
  seq?: number;
  /** A finer reason within the kind (a fault's code), from the server. */
  code?: string;
  /** The values the alert names (from the server, or the client's own notices), for its text in the interface's language (server-text.ts). */
  params?: Readonly<Record<string, string | number>>;
  /** Why the shoe before a new shoe was suspended: its own alert, said in the interface's language too. */
  cause?: { kind: string; message: string; code?: string; params?: Readonly<Record<string, string | number>> };
}

export interface LiveSnapshot {
  view: TableView | null;
  link: LinkStatus | null;
  /** The stream is open. */
  online: boolean;
  /** The stream failed at least once since it last opened (shows the banner). */
  reconnecting: boolean;
  /** Events of the shoe in view, oldest first (history loaded for chef and surveillance). */
  events: StoredEvent[];
  newAlerts: NewAlert[];
  /**
   * The alerts the last "acknowledge all" took down (Esc, or its button), said and offered back for a while: Esc
   * also closes a dialog, and a second Esc took every banner down without a word (outsider pass 12).
   */
  acknowledged: NewAlert[];
  /** Esc (or "acknowledge all") found no alert up: said for a moment rather than nothing (outsider pass 16, payeur and chef). */
  noneToAcknowledge: boolean;
  /** The last view seen of each coup of the shoe in view: the coup awaiting its call may no longer be `view.coup`. */
  coups: Record<number, CoupView>;
}

const MAX_EVENTS = 2000;
/** How long "n alerts acknowledged · show them again" stays, unless a new alert comes first. */
const ACKNOWLEDGED_MS = 20_000;
/** How long "no alert to acknowledge" stays. */
const NONE_TO_ACKNOWLEDGE_MS = 6000;
const RETRY_MS = 2000;

/**
 * The alerts on this tab's screen not yet acknowledged, kept in the tab's
 * sessionStorage: a reload used to drop every banner (the tailleur has no
 * alert list to find them in again). A fresh tab starts from none; logging
 * out (stop) clears them.
 */
const UNACKNOWLEDGED = 'tq.alerts.unacknowledged';

function keptAlerts(): NewAlert[] {
  return (
    readKept(UNACKNOWLEDGED, (kept) =>
      Array.isArray(kept)
        ? kept.filter((a): a is NewAlert => typeof a?.key === 'string' && typeof a?.kind === 'string' && typeof a?.message === 'string')
        : null,
    ) ?? []
  );
}

const tableKey = (shoe: string, a: TableView['alerts'][number]) => `t:${shoe}:${a.index ?? ''}:${a.kind}:${a.seq ?? ''}:${a.message}`;
const linkKey = (a: LinkStatus['alerts'][number]) => `l:${a.at}:${a.kind}:${a.message}`;

export class LiveStore {
  snapshot: LiveSnapshot = {
    view: null,
    link: null,
    online: false,
    reconnecting: false,
    events: [],
    newAlerts: [],
    acknowledged: [],
    noneToAcknowledge: false,
    coups: {},
  };
  #listeners = new Set<() => void>();
  #source: EventSource | null = null;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #seen = new Set<string>();
  #primed = false;
  #watch: ReturnType<typeof setInterval> | undefined;
  /** When the stream last said anything (this page's clock). */
  #heardAt = 0;
  /** Whether the open stream has said the shuffler's line: from then on its word stands over a table read's (which may be older). */
  #streamSaidLink = false;
  #history = false;
  #historyShoe = '';
  #eventsShoe = '';
  #acknowledgedTimer: ReturnType<typeof setTimeout> | undefined;

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Opens the stream; `history` also loads the shoe's past events (chef, surveillance). */
  start(options: { history?: boolean } = {}): void {
    const kept = keptAlerts();
    this.stop();
    // the banners this tab had not acknowledged before a reload; the view drops those of a shoe no longer in play
    for (const a of kept) this.#seen.add(a.key);
    this.#set({ newAlerts: kept });
    this.#history = options.history === true;
    void this.#reload();
    this.#open();
    this.#watch = setInterval(() => this.#checkSilence(), 1_000);
  }

  stop(): void {
    clearInterval(this.#watch);
    clearTimeout(this.#retry);
    clearTimeout(this.#acknowledgedTimer);
    this.#source?.close();
    this.#source = null;
    this.#seen.clear();
    this.#primed = false;
    this.#historyShoe = '';
    this.#eventsShoe = '';
    this.#set({ view: null, link: null, online: false, reconnecting: false, events: [], newAlerts: [], acknowledged: [], noneToAcknowledge: false, coups: {} });
  }

  /** A command's answer carries the view after it: show it at once. */
  applyResult(result: CommandResult | undefined): void {
    if (result?.view) this.#applyView(result.view);
    if (result?.events?.length) this.#addEvents(result.view.shoe, result.events);
  }

  acknowledge(key?: string): void {
    if (key !== undefined) {
      this.#set({ newAlerts: this.snapshot.newAlerts.filter((a) => a.key !== key) });
      return;
    }
    if (this.snapshot.newAlerts.length === 0) {
      // A second Esc keeps "n alerts acknowledged · Show them again": those are still on offer.
      if (this.snapshot.acknowledged.length > 0) return;
      clearTimeout(this.#acknowledgedTimer);
      this.#acknowledgedTimer = setTimeout(() => this.#set({ noneToAcknowledge: false }), NONE_TO_ACKNOWLEDGE_MS);
      this.#set({ noneToAcknowledge: true });
      return;
    }
    clearTimeout(this.#acknowledgedTimer);
    this.#acknowledgedTimer = setTimeout(() => this.#set({ acknowledged: [] }), ACKNOWLEDGED_MS);
    this.#set({ newAlerts: [], acknowledged: this.snapshot.newAlerts, noneToAcknowledge: false });
  }

  /** Puts back the banners the last "acknowledge all" took down. */
  restoreAcknowledged(): void {
    clearTimeout(this.#acknowledgedTimer);
    this.#set({ newAlerts: [...this.snapshot.acknowledged, ...this.snapshot.newAlerts], acknowledged: [] });
  }

  #set(patch: Partial<LiveSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    if (patch.newAlerts !== undefined) writeKept(UNACKNOWLEDGED, patch.newAlerts);
    for (const l of this.#listeners) l();
  }

  async #reload(): Promise<void> {
    try {
      const { view, link } = await api.table();
      this.#applyView(view);
      if (!this.#streamSaidLink) this.#applyLink(link);
      this.#primed = true;
    } catch {
      /* the banner shows the stream's state; 401 is handled by the app */
    }
  }

  /** A stream silent past three of the server's `alive` beats: the server is not answering; said so, and asked again. */
  #checkSilence(): void {
    const source = this.#source;
    if (source === null || source.readyState !== EventSource.OPEN || Date.now() - this.#heardAt < SILENT_AFTER_MS) return;
    source.close();
    this.#set({ online: false, reconnecting: true });
    this.#reopen();
  }

  /** A new stream, the table read afresh beside it (the old stream's place in the record is not resumed). */
  #reopen(): void {
    this.#primed = false;
    void this.#reload();
    this.#open();
  }

  #open(): void {
    const source = new EventSource('/api/events', { withCredentials: true });
    this.#source = source;
    this.#streamSaidLink = false;
    this.#heardAt = Date.now();
    // anything the stream says, `alive` included, is the server answering
    for (const kind of ['open', 'table', 'link', 'reload', 'alive']) source.addEventListener(kind, () => (this.#heardAt = Date.now()));
    source.addEventListener('open', () => {
      if (this.snapshot.reconnecting && !this.#primed) void this.#reload();
      this.#set({ online: true, reconnecting: false });
    });
    source.addEventListener('error', () => {
      this.#set({ online: false, reconnecting: true });
      if (source.readyState === EventSource.CLOSED) {
        source.close();
        this.#retry = setTimeout(() => {
          if (this.#source !== source) return;
          this.#reopen();
        }, RETRY_MS);
      }
    });
    source.addEventListener('table', (e) => {
      const msg = JSON.parse((e as MessageEvent<string>).data) as StreamMessage;
      this.#addEvents(msg.shoe, [msg.event]);
      if (msg.view) this.#applyView(msg.view);
    });
    // Too much was missed to send: the server says so (with the id to resume from next time); read the table afresh.
    source.addEventListener('reload', () => void this.#reload());
    // A stream says the line when it connects and at each change: a table read answered after it may be older (it read
    // the line before), and shown over it stayed until the line next changed (a CI run under load).
    source.addEventListener('link', (e) => {
      this.#streamSaidLink = true;
      this.#applyLink(JSON.parse((e as MessageEvent<string>).data) as LinkStatus);
    });
  }

  #applyView(view: TableView): void {
    const cur = this.snapshot.view;
    if (cur && cur.shoe === view.shoe && view.events < cur.events) return; // an older view arriving late
    const fresh: NewAlert[] = [];
    for (const a of view.alerts) {
      const key = tableKey(view.shoe, a);
      if (this.#seen.has(key)) continue;
      this.#seen.add(key);
      if (cur)
        fresh.push({
          key,
          source: 'table',
          kind: a.kind,
          message: a.message,
          shoe: view.shoe,
          ...(a.code !== undefined && { code: a.code }),
          ...(a.params !== undefined && { params: a.params }),
          ...(a.at && { at: a.at }),
          ...(a.coup !== undefined && { coup: a.coup }),
          ...(a.seq !== undefined && { seq: a.seq }),
        });
    }
    const disputed = new Set(view.disputes.map((d) => d.coup));
    const kept = this.snapshot.newAlerts.filter(
      (a) => a.source !== 'table' || (a.shoe === view.shoe && !(a.kind === 'dispute' && a.coup !== undefined && !disputed.has(a.coup))),
    );
    const otherShoe = this.#eventsShoe !== view.shoe;
    const coups = { ...(cur?.shoe === view.shoe ? this.snapshot.coups : {}) };
    for (const c of [...view.disputes, ...(view.coup ? [view.coup] : [])]) coups[c.coup] = c;
    if (cur?.shoe && view.shoe && cur.shoe !== view.shoe) fresh.push(newShoeNotice(cur, view));
    this.#set({
      view,
      coups,
      newAlerts: withoutSuperseded([...kept, ...fresh]),
      ...(otherShoe && { events: [] }),
      ...(fresh.length > 0 && { acknowledged: [], noneToAcknowledge: false }),
    });
    if (otherShoe) this.#eventsShoe = view.shoe;
    if (this.#history && view.shoe && this.#historyShoe !== view.shoe) void this.#loadHistory(view.shoe);
  }

  #applyLink(link: LinkStatus): void {
    const fresh: NewAlert[] = [];
    const primed = this.snapshot.link !== null;
    for (const a of link.alerts ?? []) {
      const key = linkKey(a);
      if (this.#seen.has(key)) continue;
      this.#seen.add(key);
      // A recorded alert reaches the screen once, as the table's fault alert.
      if (primed && !a.recorded)
        fresh.push({
          key,
          source: 'link',
          kind: a.kind,
          message: a.message,
          at: a.at,
          ...(a.code !== undefined && { code: a.code }),
          ...(a.params !== undefined && { params: a.params }),
        });
    }
    this.#set({ link, newAlerts: [...this.snapshot.newAlerts, ...fresh], ...(fresh.length > 0 && { acknowledged: [], noneToAcknowledge: false }) });
  }

  async #loadHistory(shoe: string): Promise<void> {
    this.#historyShoe = shoe;
    try {
      this.#addEvents(shoe, await api.shoeEvents(shoe));
    } catch {
      this.#historyShoe = '';
    }
  }

  #addEvents(shoe: string, events: readonly StoredEvent[]): void {
    const byIndex = new Map<number, StoredEvent>();
    if (shoe === this.#eventsShoe) for (const e of this.snapshot.events) byIndex.set(e.i, e);
    this.#eventsShoe = shoe;
    for (const e of events) byIndex.set(e.i, e);
    const merged = [...byIndex.values()].sort((a, b) => a.i - b.i).slice(-MAX_EVENTS);
    this.#set({ events: merged });
  }
}

/** The one live table of this page. */
export const live = new LiveStore();

/** Re-renders its host whenever the live table changes. */
export class LiveController extends StoreController {
  constructor(host: ReactiveControllerHost) {
    super(host, live);
  }
  get snapshot(): LiveSnapshot {
    return live.snapshot;
  }
}
