/**
 * The floor as the surveillance room sees it: every table's row, kept current
 * by the floor's stream (GET /api/floor/events): the whole floor when the
 * stream opens, then one table at a time as the central store hears from it.
 * EventSource reconnects by itself; each reconnection starts with the whole
 * floor again, so nothing missed meanwhile stays missing. The floor says
 * `alive` every 5 s: a stream silent for {@link SILENT_AFTER_MS} is a floor
 * that stopped answering (held, or a path that dropped without a word), taken
 * as down from its last word and opened again.
 */
import type { ReactiveControllerHost } from 'lit';
import type { FloorCentralState, FloorSnapshot, FloorTable } from '../server/http/contract.ts';
import { StoreController } from './store-controller.ts';

export interface FloorView {
  tables: FloorTable[];
  /** The floor server's own link to the central store. */
  central: FloorCentralState | null;
  staleAfterMs: number;
  online: boolean;
  reconnecting: boolean;
  /** While reconnecting: when the floor was last heard (ms, this page's clock), if it fell silent rather than dropped. */
  silentSince: number | null;
}

const EMPTY: FloorView = { tables: [], central: null, staleAfterMs: 15_000, online: false, reconnecting: false, silentSince: null };

/** Three of the floor's `alive` beats missed (server/floor/floor-routes.ts FLOOR_ALIVE_MS). */
export const SILENT_AFTER_MS = 15_000;

export class FloorStore {
  view: FloorView = EMPTY;
  #source: EventSource | null = null;
  #listeners = new Set<() => void>();
  #watch: ReturnType<typeof setInterval> | undefined;
  /** When the stream last said anything (this page's clock). */
  #heardAt = 0;

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  start(): void {
    this.stop();
    this.#open();
    this.#watch = setInterval(() => this.#checkSilence(), 1_000);
  }

  stop(): void {
    clearInterval(this.#watch);
    this.#source?.close();
    this.#source = null;
    this.#set(EMPTY);
  }

  #open(): void {
    const source = new EventSource('/api/floor/events', { withCredentials: true });
    this.#source = source;
    this.#heardAt = Date.now();
    const heard = (): void => {
      this.#heardAt = Date.now();
      if (this.view.silentSince !== null) this.#set({ online: true, reconnecting: false, silentSince: null });
    };
    source.addEventListener('open', () => this.view.silentSince === null && this.#set({ online: true, reconnecting: false }));
    source.addEventListener('error', () => this.#set({ online: false, reconnecting: true }));
    source.addEventListener('floor', (e) => {
      const s = JSON.parse((e as MessageEvent<string>).data) as FloorSnapshot;
      heard();
      this.#set({ tables: s.tables, central: s.central, staleAfterMs: s.staleAfterMs, online: true, reconnecting: false });
    });
    source.addEventListener('table', (e) => {
      const row = JSON.parse((e as MessageEvent<string>).data) as FloorTable;
      heard();
      const others = this.view.tables.filter((t) => t.table !== row.table);
      this.#set({ tables: [...others, row].sort((a, b) => (a.table < b.table ? -1 : 1)) });
    });
    source.addEventListener('central', (e) => {
      heard();
      this.#set({ central: JSON.parse((e as MessageEvent<string>).data) as FloorCentralState });
    });
    source.addEventListener('alive', heard);
  }

  /** A floor silent past its beats is down as of its last word: said so, and asked again from the start. */
  #checkSilence(): void {
    if (this.#source === null || this.view.silentSince !== null || Date.now() - this.#heardAt < SILENT_AFTER_MS) return;
    this.#set({ online: false, reconnecting: true, silentSince: this.#heardAt });
    this.#source.close();
    this.#open();
  }

  #set(patch: Partial<FloorView>): void {
    this.view = { ...this.view, ...patch };
    for (const l of this.#listeners) l();
  }
}

/** The one floor of this page. */
export const floor = new FloorStore();

/** Re-renders its host whenever the floor changes. */
export class FloorController extends StoreController {
  constructor(host: ReactiveControllerHost) {
    super(host, floor);
  }
  get view(): FloorView {
    return floor.view;
  }
}
