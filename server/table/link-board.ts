/**
 * The shuffler line as the tailleur's screen shows it (LinkStatus): connected
 * or not, the machine's model and state, when it last spoke, and its recent
 * alerts. Not stored: the stored record of a fault is the `fault` event.
 */
import type { LinkAlert, ShufflerStatus } from '../serial/card-sink.ts';
import type { CentralLinkState } from '../central/replication-state.ts';
import { Listeners } from './listeners.ts';
import type { LinkStatus } from './table.ts';

/** Alerts kept for display, newest last. */
export const LINK_ALERTS_KEPT = 20;

export class LinkBoard {
  #status: LinkStatus = { connected: false, alerts: [] };
  #counters: (() => Record<string, number>) | null = null;
  #central: (() => CentralLinkState) | null = null;
  /** The last frame before the silence the line is in now, if it is silent. */
  #silentFrom: string | null = null;
  readonly #listeners: Listeners<LinkStatus>;

  constructor(onListenerError: (e: unknown) => void) {
    this.#listeners = new Listeners(onListenerError);
  }

  /** The status with the link's counters as they are now. */
  get status(): LinkStatus {
    return this.withCounters(this.#status);
  }

  onChange(listener: (status: LinkStatus) => void): () => void {
    return this.#listeners.add(listener);
  }

  /** Where the link's counters come from (frames, ACKs, resends …), shown with the status. */
  countersFrom(source: () => Record<string, number>): void {
    this.#counters = source;
  }

  /** Where the central witness's state comes from (docs/central-store.md); returns how to announce that it changed. */
  centralFrom(source: () => CentralLinkState): () => void {
    this.#central = source;
    return () => this.changed(this.#status);
  }

  private changed(status: LinkStatus): void {
    this.#listeners.emit(this.withCounters(status));
  }

  private withCounters(status: LinkStatus): LinkStatus {
    const counted = this.#counters ? { ...status, counters: this.#counters() } : status;
    return this.#central ? { ...counted, central: this.#central() } : counted;
  }

  /**
   * Any frame from the shuffler: the line is up. Silent unless it was down.
   * Returns the silence it ended, if any (the table closes it in the shoe's record: silence-over.ts).
   */
  heard(at: string): { from: string; to: string } | null {
    const wasDown = !this.#status.connected;
    const ended = this.#silenceEnded(at);
    this.#status = { ...this.#status, ...ended, connected: true, lastFrameAt: at };
    if (wasDown) this.changed(this.#status);
    return ended.lastSilence ?? null;
  }

  /** Whether the shuffler has spoken since the table started. */
  get spoken(): boolean {
    return this.#status.lastFrameAt !== undefined;
  }

  /** A frame after a silence ends it: kept as the last silence, from the frame before to this one. */
  #silenceEnded(at: string): Pick<LinkStatus, 'lastSilence'> {
    const from = this.#silentFrom;
    if (from === null) return {};
    this.#silentFrom = null;
    return { lastSilence: { from, to: at } };
  }

  /** HELLO or STAT. Returns the silence it ended, if any, as `heard`. */
  update(s: ShufflerStatus, at: string): { from: string; to: string } | null {
    const ended = this.#silenceEnded(at);
    this.#status = { ...this.#status, ...definedOnly(s), ...ended, connected: true, lastFrameAt: at };
    this.changed(this.#status);
    return ended.lastSilence ?? null;
  }

  /** `recorded`: the alert is also stored as a fault of the shoe in play. */
  alert(a: LinkAlert, at: string, recorded = false): void {
    const entry = {
      kind: a.kind,
      message: a.message,
      at,
      ...(a.code !== undefined && { code: a.code }),
      ...(a.params !== undefined && { params: a.params }),
      ...(recorded && { recorded }),
    };
    // the silence began at the shuffler's last frame, not when the alert was raised 15 s into it; a shuffler that has
    // not spoken since the server started is not yet a line that fell silent: five tables of a room starting together
    // kept "Shuffler was silent" for ten minutes after their first HELLO (outsider pass 21, N6)
    const spoke = this.#status.lastFrameAt;
    if (a.kind === 'silent' && this.#silentFrom === null && spoke !== undefined) this.#silentFrom = spoke;
    const connected = a.kind === 'port-lost' || a.kind === 'silent' ? false : a.kind === 'port-reopened' ? true : this.#status.connected;
    this.#status = { ...this.#status, connected, alerts: [...this.#status.alerts, entry].slice(-LINK_ALERTS_KEPT) };
    this.changed(this.#status);
  }

  disconnected(): void {
    this.#status = { ...this.#status, connected: false };
    this.changed(this.#status);
  }
}

function definedOnly(s: ShufflerStatus): ShufflerStatus {
  return Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined)) as ShufflerStatus;
}
