/**
 * The central link's state as every dashboard shows it (docs/central-store.md):
 * in sync, behind N events, or down since a time — plus the last alert
 * (a divergence, a key that does not match, a table not registered…).
 */
export const REPLICATION_STATES = ['in-sync', 'behind', 'down'] as const;
export type ReplicationStateName = (typeof REPLICATION_STATES)[number];

export interface CentralLinkState {
  state: ReplicationStateName;
  /** Events stored locally and not yet confirmed by the central store. */
  behind: number;
  /** ISO time the central store stopped answering; set while `down`. */
  downSince?: string;
  /** What is wrong beyond being down or behind, in one sentence, and its code. */
  alert?: { code: string; message: string; at: string };
}

/** Keeps the state, tells a listener when what a dashboard shows changes. */
export class ReplicationTracker {
  #state: CentralLinkState = { state: 'down', behind: 0, downSince: new Date().toISOString() };

  constructor(private readonly changed: (state: CentralLinkState) => void) {}

  get current(): CentralLinkState {
    return this.#state;
  }

  /** The central store answered; `behind` events are still to send. */
  up(behind: number): void {
    const state: ReplicationStateName = behind === 0 ? 'in-sync' : 'behind';
    this.#set({ state, behind, ...(this.#state.alert && { alert: this.#state.alert }) });
  }

  /** The central store did not answer; keeps the first time it did not. */
  down(behind: number, at: string): void {
    const downSince = this.#state.state === 'down' && this.#state.downSince !== undefined ? this.#state.downSince : at;
    this.#set({ state: 'down', behind, downSince, ...(this.#state.alert && { alert: this.#state.alert }) });
  }

  /** Only the count moved (events queued while down or behind). */
  behind(behind: number): void {
    if (behind === this.#state.behind) return;
    if (this.#state.state === 'down') this.#set({ ...this.#state, behind });
    else this.up(behind);
  }

  alert(code: string, message: string, at: string): void {
    this.#set({ ...this.#state, alert: { code, message, at } });
  }

  clearAlert(code: string): void {
    if (this.#state.alert?.code !== code) return;
    const { alert: _, ...rest } = this.#state;
    this.#set(rest);
  }

  #set(next: CentralLinkState): void {
    const before = this.#state;
    this.#state = next;
    if (before.state !== next.state || before.behind !== next.behind || before.alert !== next.alert || before.downSince !== next.downSince) this.changed(next);
  }
}
