/**
 * The table as the HTTP side sees it: the same interface as the table
 * service (server/table/table.ts `Table`, and what the central witness
 * reads), backed by messages (table-protocol.ts). The shoe state is this
 * side's own fold of the events the card side posts (shoe/evolve.ts, the same
 * fold the table makes), so a dashboard's read never reaches the card thread;
 * commands go there as messages and come back as the stored events or the
 * same RuleError. Past shoes are read from the durable record.
 */
import type { Command } from '../../shoe/commands.ts';
import { evolve } from '../../shoe/evolve.ts';
import { endedHandBack, type HandBack, handBacksOf } from '../../shoe/hand-back.ts';
import { replayShoe } from '../../shoe/replay.ts';
import { INITIAL_STATE, type ShoeState } from '../../shoe/state.ts';
import { tableView, type TableView } from '../../shoe/table-view.ts';
import type { CentralLinkState } from '../central/replication-state.ts';
import type { SimulatedShuffler } from '../http/command-routes.ts';
import type { StoredEvent } from '../store/stored-event.ts';
import { LINK_ALERTS_KEPT } from '../table/link-board.ts';
import { Listeners } from '../table/listeners.ts';
import { readPreviousShoe } from '../table/shoe-link.ts';
import type { DealGuard } from '../table/deal-guards.ts';
import { TableClosedError } from '../table/table-errors.ts';
import type { Actor, LinkStatus, LiveMessage, StartOptions, Table } from '../table/table.ts';
import type { RecordReader } from './record-reader.ts';
import { fromWire, type CardCall, type CardMessage, type HttpMessage } from './table-protocol.ts';

/** Longest the demo's "pull a card" waits for the card side's answer; past it the pull says nothing was dealt. */
export const SIM_DEAL_WAIT_MS = 2000;

/** How often this side's deal guards are asked again (they may change with time alone, as the witness's bound does). */
export const DEAL_GUARDS_EVERY_MS = 1000;

type LinkAlertEntry = LinkStatus['alerts'][number];

export class RemoteTable implements Table {
  #state: ShoeState = INITIAL_STATE;
  #events: StoredEvent[] = [];
  #view: TableView | null = null;
  /** What the previous shoe left to hand back (shoe/hand-back.ts): from the fold when it ended here, else read from the record. */
  #ended: HandBack | null = null;
  #link: LinkStatus = { connected: false, alerts: [] };
  #counters: Record<string, number> | undefined;
  /** The card side's own failures, kept here: a restarted card side starts with a fresh board. */
  #sideAlerts: LinkAlertEntry[] = [];
  #central: (() => CentralLinkState) | null = null;
  #nextId = 1;
  #closed = false;
  #hasSimulator = false;
  #opened: { shoe: string; i: number } | null = null;
  #greeted: () => void = () => {};
  /** Reasons to refuse opening a coup decided on this side (deal-guards.ts); the card side holds what they last said. */
  readonly #guards = new Set<DealGuard>();
  #guardsSent = '[]';
  #guardsTimer: NodeJS.Timeout | null = null;
  /** Resolves at the first `hello`: the fold holds the shoe in play. */
  readonly ready: Promise<void> = new Promise((resolve) => (this.#greeted = resolve));
  readonly #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  readonly #live: Listeners<LiveMessage>;
  readonly #links: Listeners<LinkStatus>;

  constructor(
    readonly tableId: string,
    private readonly post: (m: HttpMessage) => void,
    private readonly record: RecordReader,
    onListenerError: (e: unknown) => void = () => {},
  ) {
    this.#live = new Listeners(onListenerError);
    this.#links = new Listeners(onListenerError);
  }

  /** A message from the card side. */
  receive(m: CardMessage): void {
    switch (m.kind) {
      case 'hello':
        this.#events = [...m.events];
        this.#state = m.events.length === 0 ? INITIAL_STATE : replayShoe(m.events).state;
        this.#view = null;
        this.#ended = null;
        void this.#readEnded(m.events[0]);
        this.#hasSimulator = m.simulator;
        this.#opened = m.opened ?? null;
        this.#setLink(m.link);
        void this.record.refresh();
        this.#greeted();
        this.#sendGuards();
        return;
      case 'event':
        if (m.counters) this.#counters = m.counters;
        this.#fold(m.shoe, m.event);
        this.#sendGuards(); // an event may lift a reason (the chef's acknowledgement of dealing unwitnessed)
        return;
      case 'link':
        this.#setLink(m.status);
        return;
      case 'result': {
        const call = this.#pending.get(m.id);
        this.#pending.delete(m.id);
        if (!call) return;
        // The index is read again after a shoe starts or ends: answer once the archive sees it too.
        if (m.ok) void this.record.settled().then(() => call.resolve(m.value));
        else call.reject(fromWire(m.error));
        return;
      }
      case 'card-side-down':
        this.#sideAlerts = [
          ...this.#sideAlerts,
          { kind: 'card-side-down', message: `the card side stopped (${m.reason}) and reopens from the record`, at: m.at, recorded: false },
        ].slice(-LINK_ALERTS_KEPT);
        this.#setLink({ ...this.#link, connected: false });
        return;
      case 'close':
        return; // the HTTP side's own business (http-side.ts)
      default:
        m satisfies never;
    }
  }

  state(): ShoeState {
    return this.#state;
  }

  view(): TableView {
    return (this.#view ??= { ...tableView(this.#state), handBack: handBacksOf(this.#state, this.#ended) });
  }

  command(command: Command, actor: Actor): Promise<StoredEvent[]> {
    return this.#call('command', [command, actor]) as Promise<StoredEvent[]>;
  }

  startShoe(actor: Actor, opts: StartOptions = {}): Promise<StoredEvent[]> {
    return this.#call('startShoe', [actor, opts]) as Promise<StoredEvent[]>;
  }

  subscribe(listener: (message: LiveMessage) => void): () => void {
    return this.#live.add(listener);
  }

  /** The shoe in play's head when the card side opened the record (table-protocol.ts `hello`). */
  opened(): { shoe: string; i: number } | null {
    return this.#opened;
  }

  /** True while a shoe is in play: started and not ended (as the table service's). */
  get inPlay(): boolean {
    const { phase } = this.#state;
    return phase !== 'idle' && phase !== 'ended';
  }

  /**
   * A reason to refuse opening a coup while it holds, decided here: what the
   * guards say is sent to the card side whenever it changes — asked after
   * every event and every second — and the card side refuses by it. Returns
   * its removal.
   */
  refuseToDealWhen(guard: DealGuard): () => void {
    this.#guards.add(guard);
    if (this.#guardsTimer === null) {
      this.#guardsTimer = setInterval(() => this.#sendGuards(), DEAL_GUARDS_EVERY_MS);
      this.#guardsTimer.unref();
    }
    this.#sendGuards();
    return () => {
      this.#guards.delete(guard);
      this.#sendGuards();
    };
  }

  onLink(listener: (status: LinkStatus) => void): () => void {
    return this.#links.add(listener);
  }

  linkStatus(): LinkStatus {
    const alerts = this.#sideAlerts.length === 0 ? this.#link.alerts : [...this.#link.alerts, ...this.#sideAlerts].slice(-LINK_ALERTS_KEPT);
    return {
      ...this.#link,
      alerts,
      ...(this.#counters && { counters: this.#counters }),
      ...(this.#central && { central: this.#central() }),
    };
  }

  async eventsSince(shoe: string, after: number): Promise<StoredEvent[]> {
    const events = shoe === this.#state.shoe ? this.#events : await this.record.readShoe(shoe).catch(() => []);
    return events.filter((e) => e.i > after);
  }

  /** Where the central witness's state comes from; the returned function pushes a change to the dashboards. */
  centralLink(source: () => CentralLinkState): () => void {
    this.#central = source;
    return () => this.#links.emit(this.linkStatus());
  }

  /**
   * The demo's simulated shuffler, on the card side: the route awaits its
   * answer as a message round trip, so a slow card side holds up that pull
   * only — never this thread's other requests and live streams (it was an
   * `Atomics.wait` that froze the whole HTTP side for up to 2 s).
   */
  simulator(): SimulatedShuffler | undefined {
    if (!this.#hasSimulator) return undefined;
    return {
      deal: (newShoe) =>
        this.#call('simDeal', [newShoe === true], SIM_DEAL_WAIT_MS).then(
          (dealt) => dealt === true,
          (e: unknown) => {
            if (e instanceof CallTimeoutError) return false;
            throw e;
          },
        ),
    };
  }

  async close(): Promise<void> {
    if (this.#guardsTimer) clearInterval(this.#guardsTimer);
    this.#closed = true;
    for (const call of this.#pending.values()) call.reject(new TableClosedError());
    this.#pending.clear();
  }

  /** `within`: the call is given up (its answer dropped) after so many ms, rejecting with CallTimeoutError. */
  #call(method: CardCall, args: unknown[], within?: number): Promise<unknown> {
    if (this.#closed) return Promise.reject(new TableClosedError());
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const timer =
        within === undefined
          ? undefined
          : setTimeout(() => {
              this.#pending.delete(id);
              reject(new CallTimeoutError(method, within));
            }, within);
      const done = () => clearTimeout(timer);
      this.#pending.set(id, {
        resolve: (v) => {
          done();
          resolve(v);
        },
        reject: (e) => {
          done();
          reject(e);
        },
      });
      this.post({ kind: 'call', id, method, args });
    });
  }

  #sendGuards(): void {
    if (this.#closed || this.#guardsTimer === null) return;
    const reasons = [...this.#guards].map((g) => g()).filter((r): r is string => r !== null);
    const text = JSON.stringify(reasons);
    if (text === this.#guardsSent) return;
    this.#guardsSent = text;
    this.#call('dealGuard', [reasons]).catch(() => (this.#guardsSent = '')); // sent again at the next turn
  }

  #setLink(status: LinkStatus): void {
    this.#link = status;
    if (status.counters) this.#counters = status.counters;
    this.#links.emit(this.linkStatus());
  }

  /** The shoe in play's first line names the previous shoe (docs/shoe-log.md#shoe-chain): what it left to hand back, from the record. */
  async #readEnded(first: StoredEvent | undefined): Promise<void> {
    const shoe = this.#state.shoe;
    const previous = await readPreviousShoe(this.record, first).catch(() => null);
    if (previous === null || this.#state.shoe !== shoe) return;
    this.#ended = endedHandBack(replayShoe(previous.events).state);
    this.#view = null;
  }

  /** The table's fold (server/table/shoe-record.ts), on this side: a new shoe starts over; an event already folded is skipped. */
  #fold(shoe: string, event: StoredEvent): void {
    if (shoe === this.#state.shoe && event.i <= (this.#events.at(-1)?.i ?? -1)) return;
    if (event.type === 'shoe') {
      this.#ended = endedHandBack(this.#state);
      this.#state = INITIAL_STATE;
      this.#events = [];
      void this.record.refresh();
    } else if (shoe !== this.#state.shoe) return;
    if (event.type === 'end') void this.record.refresh();
    this.#state = evolve(this.#state, event);
    this.#events.push(event);
    this.#view = null;
    if (this.#live.size > 0) this.#live.emit({ id: `${shoe}:${event.i}`, shoe, index: event.i, event, view: this.view() });
  }
}

/** The card side did not answer a call in time (the demo's pull only: table commands wait for their answer). */
class CallTimeoutError extends Error {
  constructor(method: CardCall, ms: number) {
    super(`the card side did not answer ${method} within ${ms} ms`);
  }
}
