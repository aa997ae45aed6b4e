/**
 * A small in-memory Table for the HTTP tests and bench, built on the real
 * rules engine (decide → evolve → tableView): commands meet the real rules,
 * but nothing touches a disk. Events are numbered and chained like stored
 * ones (i, prev, hash over the event's JSON without hash — not the store's
 * canonical form). Tests deal cards with `deal`, as the shuffler would.
 */
import type { SimulatedShuffler } from '../../server/http/command-routes.ts';
import { createHash } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { Command } from '../../shoe/commands.ts';
import { decide } from '../../shoe/decide.ts';
import { evolve } from '../../shoe/evolve.ts';
import { VENICE_RULES, type Rules } from '../../shoe/rules.ts';
import { INITIAL_STATE, type ShoeState } from '../../shoe/state.ts';
import { tableView, type TableView } from '../../shoe/table-view.ts';
import type { StoredEvent } from '../../server/store/stored-event.ts';
import { steppingClock } from '../../server/table/clock.ts';
import { prisonToCarry } from '../../server/table/first-line.ts';
import type { Actor, LinkStatus, LiveMessage, Table } from '../../server/table/table.ts';
import { NotFoundError } from '../../server/http/errors.ts';
import type { ShoeArchive, ShoeSummary, VerifyResult } from '../../server/http/shoe-archive.ts';

export const SHUFFLER: Actor = { user: 'shuffler', role: 'shuffler' };
const GENESIS = '0'.repeat(64);

export interface FakeTableOptions {
  rules?: Partial<Rules>;
  cards?: number;
  /** Cards the simulated shuffler hands out on `simulator.deal`; without it the table has no simulator. */
  simulator?: string[];
}

const hashOf = (event: object) => createHash('sha256').update(JSON.stringify(event)).digest('hex');

export class FakeTable implements Table {
  readonly tableId = 'T1';
  /** The demo's simulated shuffler, dealing into this table (given to the app, not part of the Table contract). */
  simulator?: SimulatedShuffler;
  readonly #rules: Rules;
  readonly #cards: number;
  #state: ShoeState = INITIAL_STATE;
  #view: TableView | undefined;
  readonly #shoes = new Map<string, StoredEvent[]>();
  readonly #live = new Set<(m: LiveMessage) => void>();
  readonly #link = new Set<(s: LinkStatus) => void>();
  #linkStatus: LinkStatus = { connected: true, model: 'FAKE', firmware: '1.0', alerts: [] };
  readonly #clock = steppingClock();

  constructor(options: FakeTableOptions = {}) {
    this.#rules = { ...VENICE_RULES, ...options.rules };
    this.#cards = options.cards ?? 312;
    const pile = options.simulator;
    if (pile) {
      this.simulator = {
        deal: () => {
          const card = pile.shift();
          if (card === undefined) return false;
          void this.deal(card);
          return true;
        },
      };
    }
  }

  state(): ShoeState {
    return this.#state;
  }

  view(): TableView {
    return (this.#view ??= tableView(this.#state));
  }

  async command(command: Command, actor: Actor): Promise<StoredEvent[]> {
    if (command.type === 'start') return this.startShoe(actor, { cards: command.cards });
    return this.#commit(decide(this.#state, command, this.#meta(actor)));
  }

  async startShoe(actor: Actor, opts: { serial?: string; cards?: number } = {}): Promise<StoredEvent[]> {
    const prison = prisonToCarry(this.#state);
    const command: Command = { type: 'start', table: this.tableId, shoe: uuidv7(), cards: opts.cards ?? this.#cards, rules: { ...this.#rules } };
    if (prison.length > 0) command.prison = prison;
    const events = decide(this.#state.phase === 'ended' ? INITIAL_STATE : this.#state, command, this.#meta(actor));
    this.#state = INITIAL_STATE;
    return this.#commit(events);
  }

  /** Test helper: the shuffler dispenses the next card. */
  deal(card: string, exposed = false): Promise<StoredEvent[]> {
    const seq = this.#state.lastSeq + 1;
    return this.command(exposed ? { type: 'card', seq, card, exposed } : { type: 'card', seq, card }, SHUFFLER);
  }

  /** Test helper: deals several cards in order. */
  async dealAll(cards: readonly string[]): Promise<void> {
    for (const card of cards) await this.deal(card);
  }

  subscribe(listener: (message: LiveMessage) => void): () => void {
    this.#live.add(listener);
    return () => void this.#live.delete(listener);
  }

  onLink(listener: (status: LinkStatus) => void): () => void {
    this.#link.add(listener);
    return () => void this.#link.delete(listener);
  }

  linkStatus(): LinkStatus {
    return this.#linkStatus;
  }

  /** Test helper: the shuffler line changes state. */
  setLink(status: LinkStatus): void {
    this.#linkStatus = status;
    for (const l of [...this.#link]) l(status);
  }

  /** Listeners still attached (live, link): 0 once every stream has closed. */
  listenerCount(): { live: number; link: number } {
    return { live: this.#live.size, link: this.#link.size };
  }

  async eventsSince(shoe: string, after: number): Promise<StoredEvent[]> {
    return (this.#shoes.get(shoe) ?? []).filter((e) => e.i > after);
  }

  /** The events of every shoe, to be served as the surveillance archive. */
  archive(): ShoeArchive {
    const events = (id: string) => {
      const list = this.#shoes.get(id);
      if (!list) throw new NotFoundError(`no shoe ${id}`);
      return list;
    };
    return {
      listShoes: async () => [...this.#shoes].map(([id, list]) => summary(id, list)),
      readShoe: async (id) => [...events(id)],
      verifyShoe: async (id) => verifyChain(events(id)),
    };
  }

  /** Test helper: rewrites a stored event behind the chain's back, as a forger would. */
  tamper(shoe: string, index: number, change: Record<string, unknown>): void {
    const list = this.#shoes.get(shoe)!;
    list[index] = { ...list[index]!, ...change } as StoredEvent;
  }

  async close(): Promise<void> {
    this.#live.clear();
    this.#link.clear();
  }

  #meta(actor: Actor): { at: string; by: string } {
    return { at: this.#clock().toISOString(), by: actor.user };
  }

  async #commit(events: ReturnType<typeof decide>): Promise<StoredEvent[]> {
    const stored: StoredEvent[] = [];
    for (const e of events) {
      this.#state = evolve(this.#state, e);
      this.#view = undefined;
      const shoe = this.#state.shoe;
      const list = this.#shoes.get(shoe) ?? [];
      this.#shoes.set(shoe, list);
      const body = { ...e, i: list.length, prev: list.at(-1)?.hash ?? GENESIS } as Omit<StoredEvent, 'hash'>;
      const event = { ...body, hash: hashOf(body) } as StoredEvent;
      list.push(event);
      stored.push(event);
      const message: LiveMessage = { id: `${shoe}:${event.i}`, shoe, index: event.i, event, view: this.view() };
      for (const l of [...this.#live]) l(message);
    }
    return stored;
  }
}

function summary(id: string, list: readonly StoredEvent[]): ShoeSummary {
  const first = list[0]!;
  const end = list.find((e) => e.type === 'end');
  return {
    id,
    table: first.type === 'shoe' ? first.table : '',
    startedAt: first.at,
    ...(end?.type === 'end' && { endedAt: end.at, end: end.reason }),
    events: list.length,
  };
}

function verifyChain(list: readonly StoredEvent[]): VerifyResult {
  const problems: VerifyResult['problems'] = [];
  list.forEach((e, index) => {
    const { hash, ...body } = e;
    if (e.i !== index) problems.push({ index, kind: 'index-mismatch', message: `event ${index} says i=${e.i}` });
    if (e.prev !== (index === 0 ? GENESIS : list[index - 1]!.hash))
      problems.push({ index, kind: 'prev-mismatch', message: `event ${index} does not follow the previous one` });
    if (hash !== hashOf(body)) problems.push({ index, kind: 'hash-mismatch', message: `event ${index} was changed after it was written` });
  });
  return { ok: problems.length === 0, problems };
}
