/**
 * The floor as the surveillance room sees it: every table's row, kept current
 * by the floor's stream (GET /api/floor/events): the whole floor when the
 * stream opens, then one table at a time as the central store hears from it.
 * EventSource reconnects by itself; each reconnection starts with the whole
 * floor again, so nothing missed meanwhile stays missing.
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
}

const EMPTY: FloorView = { tables: [], central: null, staleAfterMs: 15_000, online: false, reconnecting: false };

export class FloorStore {
  view: FloorView = EMPTY;
  #source: EventSource | null = null;
  #listeners = new Set<() => void>();

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  start(): void {
    this.stop();
    const source = new EventSource('/api/floor/events', { withCredentials: true });
    this.#source = source;
    source.addEventListener('open', () => this.#set({ online: true, reconnecting: false }));
    source.addEventListener('error', () => this.#set({ online: false, reconnecting: true }));
    source.addEventListener('floor', (e) => {
      const s = JSON.parse((e as MessageEvent<string>).data) as FloorSnapshot;
      this.#set({ tables: s.tables, central: s.central, staleAfterMs: s.staleAfterMs });
    });
    source.addEventListener('table', (e) => {
      const row = JSON.parse((e as MessageEvent<string>).data) as FloorTable;
      const others = this.view.tables.filter((t) => t.table !== row.table);
      this.#set({ tables: [...others, row].sort((a, b) => (a.table < b.table ? -1 : 1)) });
    });
    source.addEventListener('central', (e) => this.#set({ central: JSON.parse((e as MessageEvent<string>).data) as FloorCentralState }));
  }

  stop(): void {
    this.#source?.close();
    this.#source = null;
    this.#set(EMPTY);
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
