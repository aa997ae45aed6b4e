/**
 * The table's core: one shoe in play at a time, its record durable before anyone is
 * told (issue "Table server: durable tamper-evident record").
 *
 * Every change goes through one queue, one at a time: decide (the rules) →
 * store.append (fsync inside the store) → fold into the state → publish to
 * subscribers. So what a dashboard or the shuffler is told was stored first,
 * and two commands never meet a stale state. On open, the shoe in play is
 * rebuilt by folding its stored events: a crash at any instant loses nothing
 * acknowledged and never doubles an event.
 *
 * TableService (table-service.ts) adds the shuffler link's side and `open`.
 * Every method here is part of the Table contract (table.ts).
 */
import { pino, type Logger } from 'pino';
import { v7 as uuidv7 } from 'uuid';
import type { Command } from '../../shoe/commands.ts';
import { decide } from '../../shoe/decide.ts';
import { RuleError } from '../../shoe/errors.ts';
import type { EventOf, PrisonCarry, ShoeEvent } from '../../shoe/events.ts';
import { evolve } from '../../shoe/evolve.ts';
import { replayShoe } from '../../shoe/replay.ts';
import type { Rules } from '../../shoe/rules.ts';
import { INITIAL_STATE, type ShoeState } from '../../shoe/state.ts';
import { tableView, type TableView } from '../../shoe/table-view.ts';
import { SerialQueue } from '../store/serial-queue.ts';
import type { StoredEvent } from '../store/stored-event.ts';
import type { TableStore } from '../store/table-store.ts';
import { systemClock, type Clock } from './clock.ts';
import { endDue, holdEnd, type HeldEnd } from './end-after-call.ts';
import { Listeners } from './listeners.ts';
import { prisonToCarry } from './prison-carry.ts';
import type { Actor, LiveMessage, Table } from './table.ts';
import { TableClosedError } from './table-errors.ts';

/** The table itself, for events it writes on no one's command. */
export const SYSTEM: Actor = { user: 'system', role: 'system' };

export interface TableOptions {
  store: TableStore;
  tableId: string;
  /** House rules written on each new shoe's first line. */
  rules: Rules;
  clock?: Clock;
  logger?: Logger;
  /** Prison stakes for the first shoe started when the store holds no shoe yet (a table taken over from another record). */
  carry?: PrisonCarry[];
  /** Cards in a shoe when neither the shuffler nor the tailleur says (SPEC §1: 312). */
  cards?: number;
}

export interface StartOptions {
  serial?: string;
  cards?: number;
}

export abstract class TableCore implements Omit<Table, 'onLink' | 'linkStatus'> {
  readonly tableId: string;

  protected readonly log: Logger;
  protected readonly clock: Clock;
  protected readonly queue = new SerialQueue();
  readonly #store: TableStore;
  readonly #rules: Rules;
  readonly #cards: number;
  #carry: PrisonCarry[];
  #state: ShoeState = INITIAL_STATE;
  #events: StoredEvent[] = [];
  #view: TableView | null = null;
  #closed = false;
  /** An `end` waiting for the last call (kept in memory only: the shuffler repeats EMPTY). */
  #heldEnd: HeldEnd | null = null;
  readonly #live: Listeners<LiveMessage>;

  protected constructor(options: TableOptions) {
    this.tableId = options.tableId;
    this.#store = options.store;
    this.#rules = { ...options.rules };
    this.#cards = options.cards ?? 312;
    this.#carry = options.carry ?? [];
    this.clock = options.clock ?? systemClock;
    this.log = options.logger ?? pino({ level: 'silent' });
    this.#live = new Listeners((e) => this.log.error({ err: e }, 'a live subscriber failed'));
  }

  protected async rebuild(): Promise<void> {
    const shoe = this.#store.currentShoeId() ?? this.#store.listShoes().filter((e) => e.table === this.tableId).at(-1)?.id;
    if (shoe === undefined) return;
    const events = await this.#store.readShoe(shoe);
    const { state, alerts } = replayShoe(events);
    for (const a of alerts.filter((x) => x.kind === 'rule-violation')) this.log.error({ shoe, alert: a }, 'a stored event breaks the rules: run tq verify');
    this.#state = state;
    this.#events = [...events];
    this.#carry = [];
    this.log.info({ shoe, events: events.length, phase: state.phase, lastSeq: state.lastSeq }, 'shoe rebuilt from the store');
  }

  /** The current shoe's first line. */
  protected firstEvent = (): StoredEvent | undefined => this.#events[0];

  state(): ShoeState {
    return this.#state;
  }

  view(): TableView {
    return (this.#view ??= tableView(this.#state));
  }

  /** True while a shoe is in play: started and not ended. */
  get inPlay(): boolean {
    return this.#state.phase !== 'idle' && this.#state.phase !== 'ended';
  }

  command(command: Command, actor: Actor): Promise<StoredEvent[]> {
    if (command.type === 'start') return this.startShoe(actor, { cards: command.cards });
    return this.run(() => this.commit(decide(this.#state, command, this.meta(actor.user))));
  }

  startShoe(actor: Actor, opts: StartOptions = {}): Promise<StoredEvent[]> {
    return this.run(() => this.start(actor, opts));
  }

  /**
   * Starts a shoe (inside the queue). Prison stakes left standing by the last
   * shoe — suspended, or ended without release — go on its first line.
   */
  protected async start(actor: Actor, opts: StartOptions): Promise<StoredEvent[]> {
    if (this.inPlay) throw new RuleError('SHOE_ALREADY_STARTED', `shoe ${this.#state.shoe} is in play`);
    const prison = this.#state.phase === 'ended' ? prisonToCarry(this.#state) : this.#carry;
    const command: Command = { type: 'start', table: this.tableId, shoe: uuidv7(), cards: opts.cards ?? this.#cards, rules: { ...this.#rules } };
    if (prison.length > 0) command.prison = prison;
    // SPEC §6 lets writers add fields: the shuffler's own shoe serial, for the audit.
    if (opts.serial !== undefined) Object.assign(command, { serial: opts.serial });
    const meta = this.meta(actor.user);
    const [first] = decide(INITIAL_STATE, command, meta);
    const stored = await this.#store.createShoe(first as EventOf<'shoe'>, meta);
    this.#state = INITIAL_STATE;
    this.#events = [];
    this.#carry = [];
    this.#heldEnd = null;
    this.fold([stored]);
    this.log.info({ shoe: this.#state.shoe, serial: opts.serial, prison: prison.length }, 'shoe started');
    return [stored];
  }

  /**
   * Appends events decided against the current state, then folds and
   * publishes them. An `end` waits while a call does (end-after-call.ts) and
   * is written by the command that settles the last call.
   */
  protected async commit(events: ShoeEvent[], { endNow = false } = {}): Promise<StoredEvent[]> {
    const { now, held } = endNow ? { now: events, held: null } : holdEnd(this.#state, events);
    if (held !== null) this.log.info({ shoe: this.#state.shoe, reason: held.reason }, 'the end of the shoe waits for the last call');
    this.#heldEnd = held ?? this.#heldEnd;
    const stored = now.length > 0 ? await this.#store.append(this.#state.shoe, now, this.meta(SYSTEM.user)) : [];
    this.fold(stored);
    const end = endDue(this.#state, this.#events.at(-1), this.#heldEnd);
    if (end === null) return stored;
    const { by, ...body } = end;
    const meta = this.meta(by ?? SYSTEM.user);
    const [ended] = await this.#store.append(this.#state.shoe, decide(this.#state, body, meta), meta);
    this.#heldEnd = null;
    this.fold([ended!]);
    return [...stored, ended!];
  }

  private fold(stored: readonly StoredEvent[]): void {
    for (const event of stored) {
      this.#state = evolve(this.#state, event);
      this.#events.push(event);
      this.#view = null;
      const shoe = this.#state.shoe;
      this.log.info({ shoe, i: event.i, type: event.type, by: event.by }, 'event stored');
      if (this.#live.size > 0) this.#live.emit({ id: `${shoe}:${event.i}`, shoe, index: event.i, event, view: this.view() });
    }
  }

  /** Runs a task in the table's queue; refused once the table is closed. */
  protected run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#closed) return Promise.reject(new TableClosedError());
    return this.queue.run(task);
  }

  protected meta(user: string): { at: string; by: string } {
    return { at: this.clock().toISOString(), by: user };
  }

  subscribe = (listener: (message: LiveMessage) => void): (() => void) => this.#live.add(listener);

  async eventsSince(shoe: string, after: number): Promise<StoredEvent[]> {
    const events = shoe === this.#state.shoe ? this.#events : await this.#store.readShoe(shoe).catch(() => []);
    return events.filter((e) => e.i > after);
  }

  /** Waits for the queued commands, then refuses new ones. The store is closed by its owner. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.queue.idle();
  }
}
