/**
 * The live stream back after it was lost (the table server restarted, the
 * network dropped): a page's reads that failed meanwhile are made again. An
 * outsider restarted the server and "The server cannot be reached: nothing was
 * sent" stayed on the surveillance screen 25–90 s, three copies of it, under a
 * header saying the shuffler was connected (outside crew pass 43).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { live } from './live-store.ts';

/** Calls `fn` each time the stream comes back after being lost; returns the unsubscribe. */
export function onBackOnline(fn: () => void): () => void {
  let down = live.snapshot.reconnecting;
  return live.subscribe(() => {
    const { online, reconnecting } = live.snapshot;
    if (online && down) fn();
    down = reconnecting || (down && !online);
  });
}

/** {@link onBackOnline} for as long as its element is on the page. */
export class BackOnline implements ReactiveController {
  #off: (() => void) | undefined;

  constructor(
    host: ReactiveControllerHost,
    private readonly fn: () => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.#off = onBackOnline(this.fn);
  }

  hostDisconnected(): void {
    this.#off?.();
    this.#off = undefined;
  }
}
