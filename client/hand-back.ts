/**
 * Stakes still to hand back from a shoe that is over (shoe/hand-back.ts): the
 * table derives the list from the ended shoe's record and sends it in every
 * view (`handBack`), so the payeur's and the chef's screens show the same
 * entries — in a fresh browser, on another terminal, after a restart — until
 * either says "handed back", which the table records as a `handed-back` event
 * (docs/shoe-log.md#handed-back) and every screen then drops.
 */
import type { HandBack, HandBackRow, TableView } from '../server/http/contract.ts';
import { api } from './api.ts';
import { live } from './live-store.ts';

export type { HandBack, HandBackRow };

/** What the store follows: the live table (live-store.ts), or any source of its views. */
export interface ViewSource {
  subscribe(listener: () => void): () => void;
  readonly snapshot: { view: TableView | null };
}

/** The table's entries not yet handed back, as its last view says. */
export class HandBackStore {
  readonly #source: ViewSource;
  readonly #send: (shoe: string) => Promise<unknown>;

  constructor(source: ViewSource = live, send: (shoe: string) => Promise<unknown> = (shoe) => api.handedBack(shoe)) {
    this.#source = source;
    this.#send = send;
  }

  get list(): readonly HandBack[] {
    return this.#source.snapshot.view?.handBack ?? [];
  }

  /** Whether a "handed back" press is recorded now or waits for the next shoe (the table says: shoe/hand-back-mark.ts). */
  get mark(): TableView['handBackMark'] {
    return this.#source.snapshot.view?.handBackMark ?? 'now';
  }

  /**
   * The shoe in play, whose record a mark goes into (docs/shoe-log.md#handed-back): while the mark waits, it waits
   * for the shoe after this one, which is not "the next shoe" of an entry two shoes back.
   */
  get inPlay(): string | null {
    return this.#source.snapshot.view?.shoe ?? null;
  }

  /**
   * Coups dealt to the end in the shoe in play: an earlier shoe's chips still listed once the next shoe has played one
   * are overdue (the players of the cut coup are waiting for them).
   */
  get coupsInPlay(): number {
    return this.#source.snapshot.view?.scoreboard.length ?? 0;
  }

  subscribe(listener: () => void): () => void {
    return this.#source.subscribe(listener);
  }

  /** The chips of that shoe are back with the players: recorded by the table, dropped from every screen by its next view. */
  handedBack(shoe: string): Promise<unknown> {
    return this.#send(shoe);
  }
}

/** The one list of this page. */
export const handBacks = new HandBackStore();
