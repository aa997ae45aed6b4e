/**
 * Stakes still to hand back from a shoe that is over ("returns of a coup cut by a
 * suspension stay visible"). When a shoe ends
 * — suspended by the chef, by the shuffler's reload (docs/rules.md#end-of-shoe),
 * or run out — the coup cut short is annulled and its stakes go back to the
 * players, as do stakes placed for a coup never dealt and, where the house
 * releases them, the prisons. The table's view is of the shoe in play only,
 * so once the next shoe starts all of that left the screens while the
 * payeur may still be counting out the chips.
 *
 * What a payeur counting chips expects is a list that stays until the chips
 * are out, not a history to dig in: each shoe that ended with money to hand
 * back leaves one entry here (seat, chance, amount, and why), kept until this
 * screen's user says "handed back" — in the browser's storage, so a reload
 * of the page keeps it. Entries are taken from the last view this page saw
 * of the shoe before the new one (the ended view, on the live stream); a page
 * opened only after the new shoe began has no such view and shows none.
 */
import type { Chance, SettlementRow, TableView } from '../server/http/contract.ts';
import { live } from './live-store.ts';

export interface HandBackRow {
  player: string;
  chance: Chance;
  amount: number;
  insured?: boolean;
}

export interface HandBack {
  /** The shoe that ended (its id). */
  shoe: string;
  how: 'suspended' | 'empty' | 'left';
  /** The chef's reason, when given. */
  note?: string;
  /** The coup cut short by the end, annulled. */
  coup?: number;
  rows: HandBackRow[];
}

const STORAGE_KEY = 'tq.handBack';
/** Entries kept at most (the oldest go first): a screen never acknowledged must not grow without end. */
const KEPT = 8;

const handed = (r: SettlementRow): HandBackRow[] =>
  r.returned > 0 ? [{ player: r.player, chance: r.chance, amount: r.returned, ...(r.insured && { insured: true }) }] : [];

/** What goes back to the players from the shoe of `view`, once another shoe has begun; null when nothing does. */
export function handBackOf(view: TableView): HandBack | null {
  const cut = view.alerts.find((a) => a.kind === 'annulled' && a.code === 'CUT_SHORT' && a.coup !== undefined);
  const coup = cut ? [view.coup, ...view.recent].find((c) => c?.coup === cut.coup && c?.standing === 'annulled') : undefined;
  const rows = [...(coup?.settlement ?? []), ...view.release].flatMap(handed);
  if (rows.length === 0) return null;
  const end = view.end;
  return {
    shoe: view.shoe,
    how: !end ? 'left' : end.reason === 'empty' ? 'empty' : 'suspended',
    ...(end?.note !== undefined && { note: end.note }),
    ...(coup && { coup: coup.coup }),
    rows,
  };
}

/** What the store follows: the live table (live-store.ts), or any source of its views. */
export interface ViewSource {
  subscribe(listener: () => void): () => void;
  readonly snapshot: { view: TableView | null };
}

/** The entries not yet handed back, kept current from the live table. */
export class HandBackStore {
  #list: HandBack[] = read();
  #last: TableView | null = null;
  readonly #listeners = new Set<() => void>();

  constructor(source: ViewSource = live) {
    source.subscribe(() => this.#follow(source.snapshot.view));
  }

  get list(): readonly HandBack[] {
    return this.#list;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The chips of that shoe are back with the players. */
  handedBack(shoe: string): void {
    this.#save(this.#list.filter((h) => h.shoe !== shoe));
  }

  #follow(view: TableView | null): void {
    if (!view?.shoe) return;
    const last = this.#last;
    this.#last = view;
    if (!last?.shoe || last.shoe === view.shoe) return;
    const entry = handBackOf(last);
    if (entry && !this.#list.some((h) => h.shoe === entry.shoe)) this.#save([...this.#list, entry].slice(-KEPT));
  }

  #save(list: HandBack[]): void {
    this.#list = list;
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(list));
    } catch {
      /* storage full or refused: the list stays for this page */
    }
    for (const l of this.#listeners) l();
  }
}

function read(): HandBack[] {
  try {
    const saved = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(saved) ? (saved as HandBack[]) : [];
  } catch {
    return [];
  }
}

/** The one list of this page. */
export const handBacks = new HandBackStore();
