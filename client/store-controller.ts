/**
 * Re-renders a component whenever a page-wide store tells of a change: what
 * the live table (live-store.ts) and the floor (floor-store.ts) give the
 * components that show them.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** A store that calls its listeners on every change; `subscribe` returns the listener's removal. */
export interface Subscribable {
  subscribe(listener: () => void): () => void;
}

export class StoreController implements ReactiveController {
  #off: (() => void) | undefined;
  constructor(
    readonly host: ReactiveControllerHost,
    private readonly store: Subscribable,
  ) {
    host.addController(this);
  }
  hostConnected(): void {
    this.#off = this.store.subscribe(() => this.host.requestUpdate());
  }
  hostDisconnected(): void {
    this.#off?.();
  }
}
