/**
 * The table: the one implementation of the Table contract (table.ts) and the
 * shuffler link's {@link CardSink}. Every change goes through one queue:
 * decide (the rules, which also end the shoe: shoe/end-of-shoe.ts) → append
 * with fsync → fold → publish, so what anyone is told was stored first and the
 * state is the fold of the stored log (rebuilt from it on open). A card is
 * acknowledged to the shuffler only once `storeCard` resolves (on disk).
 */
import { pino, type Logger } from 'pino';
import type { Command } from '../../shoe/commands.ts';
import { decide, decideAtTable } from '../../shoe/decide.ts';
import type { WaitingEnd } from '../../shoe/end-of-shoe.ts';
import { RuleError } from '../../shoe/errors.ts';
import type { EventOf, PrisonCarry } from '../../shoe/events.ts';
import type { Rules } from '../../shoe/rules.ts';
import { INITIAL_STATE, type ShoeState } from '../../shoe/state.ts';
import type { TableView } from '../../shoe/table-view.ts';
import type { CentralLinkState } from '../central/replication-state.ts';
import type { CardSink, DealtCard, LinkAlert, ShoeInPlay, ShufflerStatus } from '../serial/card-sink.ts';
import { SerialQueue } from '../store/serial-queue.ts';
import type { StoredEvent } from '../store/stored-event.ts';
import { systemClock, type Clock } from './clock.ts';
import { LinkBoard } from './link-board.ts';
import { silenceOver } from './silence-over.ts';
import { startCommand } from './first-line.ts';
import { checkCardShoe, refuseSpentShoe, withSerial } from './shuffler-shoe.ts';
import { ShoeRecord, type DealGuard } from './shoe-record.ts';
import { SHUFFLER, SYSTEM, type Actor, type LinkStatus, type LiveMessage, type StartOptions, type Table } from './table.ts';
import { TableClosedError } from './table-errors.ts';
import type { TableOptions } from './table-options.ts';

/** Link alerts stored as `fault` events: what the shuffler or the line did, not the host's parser noise. */
const STORED_ALERTS: ReadonlySet<LinkAlert['kind']> = new Set(['shuffler-error', 'silent', 'gap']);

export class TableService implements Table, CardSink {
  readonly tableId: string;
  private readonly log: Logger;
  private readonly clock: Clock;
  private readonly queue = new SerialQueue();
  private readonly record: ShoeRecord;
  private readonly rules: Rules;
  private readonly cards: number;
  private carry: PrisonCarry[];
  private closed = false;
  /** An `end` waiting for the last call (kept in memory only: the shuffler repeats EMPTY). */
  private waitingEnd: WaitingEnd | null = null;
  private readonly board: LinkBoard;

  /** Opens the table on its store, rebuilding the last shoe from its stored events. */
  static async open(options: TableOptions): Promise<TableService> {
    const table = new TableService(options);
    if (await table.record.rebuild()) table.carry = [];
    return table;
  }

  private constructor(options: TableOptions) {
    this.tableId = options.tableId;
    this.rules = { ...options.rules };
    this.cards = options.cards ?? 312;
    this.carry = options.carry ?? [];
    this.clock = options.clock ?? systemClock;
    this.log = options.logger ?? pino({ level: 'silent' });
    this.record = new ShoeRecord(options.store, this.tableId, this.log);
    this.board = new LinkBoard((e) => this.log.error({ err: e }, 'a link listener failed'));
  }

  state(): ShoeState {
    return this.record.state;
  }

  view(): TableView {
    return this.record.view();
  }

  /** True while a shoe is in play: started and not ended. */
  get inPlay(): boolean {
    const { phase } = this.record.state;
    return phase !== 'idle' && phase !== 'ended';
  }

  command(command: Command, actor: Actor): Promise<StoredEvent[]> {
    if (command.type === 'start') return this.startShoe(actor, { cards: command.cards });
    return this.run(() => this.decideAndCommit(command, actor.user));
  }

  startShoe(actor: Actor, opts: StartOptions = {}): Promise<StoredEvent[]> {
    return this.run(() => this.start(actor, opts));
  }

  /** A reason to refuse opening a coup while it holds (deal-guards.ts); returns its removal. */
  refuseToDealWhen = (guard: DealGuard): (() => void) => this.record.guards.add(guard);
  subscribe = (listener: (message: LiveMessage) => void): (() => void) => this.record.subscribe(listener);
  /** Each stored event without the view (shoe-record.ts): what the card side posts to the HTTP side. */
  onStored = (listener: (stored: { shoe: string; event: StoredEvent }) => void): (() => void) => this.record.onStored(listener);

  eventsSince(shoe: string, after: number): Promise<StoredEvent[]> {
    return this.record.eventsSince(shoe, after);
  }

  onLink(listener: (status: LinkStatus) => void): () => void {
    return this.board.onChange(listener);
  }

  linkStatus(): LinkStatus {
    return this.board.status;
  }

  /** Where the link's counters come from (frames, ACKs, resends …), shown with the link status. */
  linkCounters(source: () => Record<string, number>): void {
    this.board.countersFrom(source);
  }

  /** Where the central witness's state comes from (docs/central-store.md); the returned function pushes a change to the dashboards. */
  centralLink(source: () => CentralLinkState): () => void {
    return this.board.centralFrom(source);
  }

  /** Waits for the queued commands, then refuses new ones. The store is closed by its owner. */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue.idle();
    this.board.disconnected();
  }

  lastStoredSeq = (): number => this.state().lastSeq;

  storedCard(seq: number): { card: string; exposed: boolean } | undefined {
    const drawn = seq >= 1 ? this.state().cards.at(seq - 1) : undefined;
    return drawn && { card: drawn.card, exposed: drawn.exposed };
  }

  /** The table shoe the shuffler's shoe `serial` was dealt into before the shoe in play, if one was: it feeds no other (docs/serial-protocol.md#shoe-identity). */
  spentBy(serial: string): string | undefined {
    return this.record.spentBy(serial);
  }

  shoeInPlay = (): ShoeInPlay | null => (this.inPlay ? { shoe: this.state().shoe, ...this.record.bound() } : null);

  /** A SHOE frame. A new serial while cards of the shoe in play are drawn: the shuffler was reloaded, and the rules suspend that shoe. */
  shoeReady(serial: string, cards: number): Promise<void> {
    return this.run(async () => {
      await this.heardFrame();
      const s = this.state();
      if (s.phase !== 'idle' && this.record.bound().serial === serial) {
        this.log.info({ serial, shoe: s.shoe }, 'the shuffler announced the shoe already recorded');
        return;
      }
      refuseSpentShoe(serial, this.record.spentBy(serial));
      if (this.inPlay) {
        if (s.lastSeq === 0) {
          this.log.info({ serial, shoe: s.shoe }, 'the shuffler announced its shoe; the shoe in play has no card yet and takes its cards');
          return this.record.bind(serial);
        }
        // The rules end this shoe at once (shoe/end-of-shoe.ts): the fault and the suspension reach the disk together.
        await this.decideAndCommit({ type: 'reload', serial }, SHUFFLER.user);
      }
      await this.start(SHUFFLER, { serial, cards });
    });
  }

  storeCard(card: DealtCard): Promise<void> {
    return this.run(async () => {
      await this.heardFrame();
      const s = this.state();
      if (this.inPlay) checkCardShoe(card, s.shoe, this.record.bound().serial);
      if (card.seq <= s.lastSeq) {
        const stored = s.cards.find((c) => c.seq === card.seq);
        if (stored?.card === card.card) return;
        throw new RuleError('DUPLICATE_SEQ', `card ${card.seq} is stored as ${stored?.card ?? '?'}, the shuffler now sends ${card.card}`);
      }
      if (s.phase === 'idle' && card.seq === 1) {
        // The SHOE frame was missed (e.g. the host stopped before storing it): the cards still need a shoe.
        await this.start(SHUFFLER, {});
        await this.decideAndCommit({ type: 'fault', code: 'NO_SHOE_FRAME', text: 'cards arrived with no SHOE frame: shoe started for them' }, SHUFFLER.user);
      }
      const command = { type: 'card' as const, seq: card.seq, card: card.card, ...(card.exposed && { exposed: true }) };
      await this.decideAndCommit(command, SHUFFLER.user, card.serial);
    });
  }

  shoeEmpty(lastSeq: number): Promise<void> {
    return this.run(async () => {
      await this.heardFrame();
      if (!this.inPlay) return;
      const s = this.state();
      if (lastSeq !== s.lastSeq) throw new RuleError('SEQ_GAP', `EMPTY after card ${lastSeq}, but ${s.lastSeq} cards are stored`);
      await this.decideAndCommit({ type: 'end', reason: 'empty' }, SHUFFLER.user);
    });
  }

  /**
   * A server start with a shoe in play, a card dealt, is an incident of that shoe: stored as a
   * RESTART fault (docs/shoe-log.md#events), so the replay shows where the coup
   * was cut off, which the record alone did not say.
   */
  recordRestart(): Promise<void> {
    return this.run(async () => {
      if (!this.inPlay || this.state().lastSeq === 0) return;
      const text = `the table server started again with this shoe in play: it resumes after card ${this.state().lastSeq}`;
      await this.decideAndCommit({ type: 'fault', code: 'RESTART', text }, SYSTEM.user);
    });
  }

  /** ERR frames, silence and gaps are also stored as `fault` events of the shoe in play. */
  alert(alert: LinkAlert): void {
    const recorded = STORED_ALERTS.has(alert.kind) && this.inPlay;
    this.board.alert(alert, this.now(), recorded);
    if (!recorded) return;
    this.run(async () => {
      if (!this.inPlay) return;
      const fault: Command = { type: 'fault', code: alert.code ?? alert.kind.toUpperCase(), text: alert.message };
      await this.decideAndCommit(fault, SHUFFLER.user);
    }).catch((e: unknown) => this.log.error({ err: e, alert }, 'could not store a link fault'));
  }

  status(s: ShufflerStatus): void {
    const first = !this.board.spoken;
    const at = this.now();
    const ended = this.board.update(s, at);
    if (ended !== null || first)
      this.run(() => this.closeSilence(at, ended, first)).catch((e: unknown) => this.log.error({ err: e }, 'could not close a silence'));
  }

  /** A frame from the shuffler (inside the queue): the line is up, and a silence stored in the shoe is closed in the record. */
  private async heardFrame(): Promise<void> {
    const first = !this.board.spoken;
    const at = this.now();
    await this.closeSilence(at, this.board.heard(at), first);
  }

  /**
   * Closes a silence stored in the shoe in play (silence-over.ts), inside the queue: read when the link saw a silence
   * end, and at the first frame after a start, when a silence stored before a restart may still be open. A failure to
   * store it never stops the frame's card.
   */
  private async closeSilence(at: string, ended: { from: string } | null, first: boolean): Promise<void> {
    if (!this.inPlay || (ended === null && !first)) return;
    const fault = silenceOver(this.state(), at, ended?.from ?? null);
    if (fault === null) return;
    try {
      await this.decideAndCommit(fault, SHUFFLER.user);
    } catch (e) {
      this.log.error({ err: e }, 'could not store the end of a silence');
    }
  }

  /**
   * Starts a shoe (inside the queue). Prison stakes left standing by the last
   * shoe — suspended, or ended without release — go on its first line.
   */
  private async start(actor: Actor, opts: StartOptions): Promise<StoredEvent[]> {
    const s = this.state();
    if (this.inPlay) throw new RuleError('SHOE_ALREADY_STARTED', `shoe ${s.shoe} is in play`);
    const command = startCommand(s, { tableId: this.tableId, cards: this.cards, rules: this.rules, carry: this.carry }, opts);
    const meta = this.meta(actor.user);
    const [first] = decide(INITIAL_STATE, command, meta);
    const stored = await this.record.create(first as EventOf<'shoe'>, meta);
    this.carry = [];
    this.waitingEnd = null;
    this.log.info({ shoe: this.state().shoe, serial: opts.serial, prison: command.prison?.length ?? 0 }, 'shoe started');
    return [stored];
  }

  /** Decides a command against the current state (with any end that waits for the last call), then stores (a card with its shuffler `serial`), folds and publishes. */
  private async decideAndCommit(command: Command, user: string, serial?: string): Promise<StoredEvent[]> {
    const { events, waiting } = decideAtTable(this.state(), command, this.meta(user), this.waitingEnd);
    if (waiting !== null && waiting !== this.waitingEnd)
      this.log.info({ shoe: this.state().shoe, reason: waiting.reason }, 'the end of the shoe waits for the last call');
    this.waitingEnd = waiting;
    return this.record.append(withSerial(events, serial), this.meta(SYSTEM.user));
  }

  /** Runs a task in the table's queue; refused once the table is closed. */
  private run<T>(task: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new TableClosedError());
    return this.queue.run(task);
  }

  private meta = (user: string): { at: string; by: string } => ({ at: this.now(), by: user });
  private now = (): string => this.clock().toISOString();
}
