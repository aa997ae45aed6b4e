/**
 * The record of the shoe in play: its stored events and the state folded
 * from them, rebuilt from the store on open. Every change is stored first
 * (the store fsyncs) and only then folded and published, so what anyone is
 * told was on disk, and the state is always the fold of the stored log.
 */
import type { Logger } from 'pino';
import type { EventOf, ShoeEvent } from '../../shoe/events.ts';
import { evolve } from '../../shoe/evolve.ts';
import { endedHandBack, type HandBack, handBacksOf } from '../../shoe/hand-back.ts';
import { replayShoe } from '../../shoe/replay.ts';
import { INITIAL_STATE, type ShoeState } from '../../shoe/state.ts';
import { tableView, type TableView } from '../../shoe/table-view.ts';
import type { StoredEvent } from '../store/stored-event.ts';
import type { TableStore } from '../store/table-store.ts';
import { DealGuards } from './deal-guards.ts';
import { Listeners } from './listeners.ts';
import { cardSerial } from './shuffler-shoe.ts';
import { serialOf } from './first-line.ts';
import { linkedFirstLine, readPreviousShoe } from './shoe-link.ts';

export type { DealGuard } from './deal-guards.ts';
import type { LiveMessage } from './table.ts';

export class ShoeRecord {
  #state: ShoeState = INITIAL_STATE;
  #events: StoredEvent[] = [];
  #view: TableView | null = null;
  /** What the table's previous shoe left to hand back (shoe/hand-back.ts), read from its record. */
  #ended: HandBack | null = null;
  /** The shuffler's shoe (SHOE serial) this shoe is bound to: docs/serial-protocol.md#shoe-identity. */
  #serial: string | undefined;
  /** The shuffler's shoe the table's previous shoe was dealt from, and that shoe: never to feed another (docs/serial-protocol.md#shoe-identity). */
  #spent: { serial: string; shoe: string } | null = null;
  readonly #live: Listeners<LiveMessage>;
  /** Told each stored event without the view: the card side's post to the HTTP side, which folds its own view (server/app/README.md#the-card-side-and-the-http-side). */
  readonly #stored: Listeners<{ shoe: string; event: StoredEvent }>;
  /** What may refuse a new coup (deal-guards.ts): checked before any `open` is stored. */
  readonly guards = new DealGuards();

  constructor(
    private readonly store: TableStore,
    private readonly tableId: string,
    private readonly log: Logger,
  ) {
    this.#live = new Listeners((e) => this.log.error({ err: e }, 'a live subscriber failed'));
    this.#stored = new Listeners((e) => this.log.error({ err: e }, 'a stored-event listener failed'));
  }

  /** Folds the table's last shoe from the store; false when the store holds none. */
  async rebuild(): Promise<boolean> {
    const shoe =
      this.store.currentShoeId() ??
      this.store
        .listShoes()
        .filter((e) => e.table === this.tableId)
        .at(-1)?.id;
    if (shoe === undefined) return false;
    const events = await this.store.readShoe(shoe);
    const { state, alerts } = replayShoe(events);
    for (const a of alerts.filter((x) => x.kind === 'rule-violation')) this.log.error({ shoe, alert: a }, 'a stored event breaks the rules: run tq verify');
    this.#state = state;
    this.#events = [...events];
    this.#serial = undefined;
    for (const e of events) this.bindFrom(e);
    [this.#spent, this.#ended] = await this.fromPrevious(events[0]);
    this.log.info({ shoe, events: events.length, phase: state.phase, lastSeq: state.lastSeq }, 'shoe rebuilt from the store');
    return true;
  }

  get state(): ShoeState {
    return this.#state;
  }

  view(): TableView {
    return (this.#view ??= { ...tableView(this.#state), handBack: this.handBacks() });
  }

  /** The previous shoe's stakes still to hand back, unless marked in the shoe in play. */
  handBacks(): HandBack[] {
    return handBacksOf(this.#state, this.#ended);
  }

  /** The shuffler's shoe this one is bound to, as `{ serial }` (empty when none is known). */
  bound(): { serial?: string } {
    return this.#serial === undefined ? {} : { serial: this.#serial };
  }

  /** The table shoe that was dealt from the shuffler's shoe `serial` before the shoe in play, if one was. */
  spentBy(serial: string): string | undefined {
    return this.#spent?.serial === serial ? this.#spent.shoe : undefined;
  }

  /** A SHOE frame taken by this shoe before its first card: bound in memory until that card records the serial. */
  bind(serial: string): void {
    this.#serial = serial;
  }

  /** The current shoe's first line. */
  first(): StoredEvent | undefined {
    return this.#events[0];
  }

  /** Creates a new shoe's file with its first line, linked to the table's previous shoe (shoe-link.ts), and makes it the shoe in play. */
  async create(first: EventOf<'shoe'>, meta: { at: string; by: string }): Promise<StoredEvent> {
    const before = this.store.listShoes().filter((e) => e.table === this.tableId).length;
    // what earlier shoes left to hand back and nobody has marked yet goes on the new first line: none is dropped when a second shoe ends
    const carried = this.#state.phase === 'idle' ? [] : this.handBacks().filter((h) => h.shoe !== this.#state.shoe);
    const line = carried.length > 0 ? { ...first, handBack: carried } : first;
    const stored = await this.store.createShoe(linkedFirstLine(line, this.#events, before), meta);
    if (this.#serial !== undefined && this.#state.shoe) this.#spent = { serial: this.#serial, shoe: this.#state.shoe };
    this.#ended = endedHandBack(this.#state);
    this.#state = INITIAL_STATE;
    this.#events = [];
    this.#serial = undefined;
    this.fold([stored]);
    return stored;
  }

  /** Appends events to the shoe in play (on disk first), then folds and publishes them. */
  async append(events: readonly ShoeEvent[], meta: { at: string; by: string }): Promise<StoredEvent[]> {
    if (events.length === 0) return [];
    if (events.some((e) => e.type === 'open')) this.guards.check();
    const stored = await this.store.append(this.#state.shoe, [...events], meta);
    this.fold(stored);
    return stored;
  }

  subscribe(listener: (message: LiveMessage) => void): () => void {
    return this.#live.add(listener);
  }

  /**
   * Each stored event, without the view. A whole view is ~7 KB built per event:
   * on the card thread, built for a listener that dropped it, it was garbage
   * collected between a CARD frame and its ACK.
   */
  onStored(listener: (stored: { shoe: string; event: StoredEvent }) => void): () => void {
    return this.#stored.add(listener);
  }

  async eventsSince(shoe: string, after: number): Promise<StoredEvent[]> {
    const events = shoe === this.#state.shoe ? this.#events : await this.store.readShoe(shoe).catch(() => []);
    return events.filter((e) => e.i > after);
  }

  /**
   * What the shoe the first line names as previous (shoe-link.ts) left behind,
   * read once from the store: the shuffler's shoe it was dealt from (never to
   * feed another) and the stakes it left to hand back (shoe/hand-back.ts).
   */
  private async fromPrevious(first: StoredEvent | undefined): Promise<[{ serial: string; shoe: string } | null, HandBack | null]> {
    const previous = await readPreviousShoe(this.store, first).catch(() => null);
    if (previous === null) return [null, null];
    const { shoe, events } = previous;
    const serial = serialOf(events[0]) ?? events.map(cardSerial).find((x) => x !== undefined);
    return [serial === undefined ? null : { serial, shoe }, endedHandBack(replayShoe(events).state)];
  }

  /** The first line's serial, else the first card's that names one. */
  private bindFrom(event: StoredEvent): void {
    if (this.#serial === undefined) this.#serial = event.type === 'shoe' ? serialOf(event) : event.type === 'card' ? cardSerial(event) : undefined;
  }

  private fold(stored: readonly StoredEvent[]): void {
    for (const event of stored) {
      this.#state = evolve(this.#state, event);
      this.#events.push(event);
      this.bindFrom(event);
      this.#view = null;
      const shoe = this.#state.shoe;
      this.log.info({ shoe, i: event.i, type: event.type, by: event.by }, 'event stored');
      if (this.#stored.size > 0) this.#stored.emit({ shoe, event });
      if (this.#live.size > 0) this.#live.emit({ id: `${shoe}:${event.i}`, shoe, index: event.i, event, view: this.view() });
    }
  }
}
