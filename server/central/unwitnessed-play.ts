/**
 * Bounded unwitnessed play (docs/central-store.md#unwitnessed). While the
 * central store cannot be reached, whoever holds the table's box (and its
 * key) could rewrite play before it is sent, sealed and all.
 * So the outage is written into the shoe itself — `witness` `lost` (with
 * since when) and `restored` — and once the witness has been unreachable
 * longer than the bound (default 10 minutes) the table refuses to open a new
 * coup until the chef de table acknowledges `dealing-unwitnessed`, also
 * recorded in the shoe. Verification then flags that play.
 */
import type { Logger } from 'pino';
import type { Command } from '../../shoe/commands.ts';
import type { StoredEvent } from '../store/stored-event.ts';
import type { DealGuard } from '../table/deal-guards.ts';
import type { Actor, LiveMessage } from '../table/table.ts';
import type { CentralLinkState } from './replication-state.ts';

/** Longest time the table deals without its witness before the chef must acknowledge it. */
export const UNWITNESSED_LIMIT_MS = 10 * 60_000;

/** The table itself (as server/table/table.ts's SYSTEM): what it records on no one's command. */
export /** How long the first connection may take before `down` since the start is an outage. */
const FIRST_CONTACT_MS = 5_000;

/** The table itself (as server/table/table.ts's SYSTEM): what it records on no one's command. */
export const SYSTEM_ACTOR: Actor = { user: 'system', role: 'system' };

/** What this needs of the table (TableService offers it). */
export interface GuardedTable {
  command(command: Command, actor: Actor): Promise<StoredEvent[]>;
  refuseToDealWhen(guard: DealGuard): () => void;
  subscribe(listener: (message: LiveMessage) => void): () => void;
  readonly inPlay: boolean;
}

export class UnwitnessedPlay {
  #down: string | null;
  /** The outage recorded in the shoe in play (a `lost` stored, no `restored` yet). */
  #recorded = false;
  /** The store answered once: a later `down` is an outage, not the start. */
  #reached = false;
  /** When the chef last acknowledged dealing unwitnessed. */
  #acknowledgedAt: string | null = null;
  readonly #off: (() => void)[];

  constructor(
    private readonly table: GuardedTable,
    initial: CentralLinkState,
    private readonly o: { limitMs?: number; logger: Logger; now?: () => number },
  ) {
    this.#down = initial.state === 'down' ? (initial.downSince ?? new Date(this.#now()).toISOString()) : null;
    // An outage becomes one when the first contact has taken too long, with no change of state to say so: checked every second.
    const timer = setInterval(() => this.#recordOutage(), 1000);
    timer.unref();
    this.#off = [
      () => clearInterval(timer),
      table.refuseToDealWhen(() => this.reason()),
      table.subscribe((m) => {
        if (m.event.type === 'shoe') {
          // A shoe started during an outage records it from its start.
          this.#recorded = false;
          if (this.#outage()) this.#record({ type: 'witness', state: 'lost', since: this.#down! });
        }
        if (m.event.type !== 'witness') return;
        if (m.event.state === 'dealing-unwitnessed') this.#acknowledgedAt = m.event.at;
        if (m.event.state === 'lost') this.#recorded = true;
        if (m.event.state === 'restored') this.#recorded = false;
      }),
    ];
  }

  /** Why the table must not open a coup now, or null. */
  reason(): string | null {
    if (this.#down === null) return null;
    const limit = this.o.limitMs ?? UNWITNESSED_LIMIT_MS;
    const downFor = this.#now() - Date.parse(this.#down);
    if (downFor <= limit) return null;
    if (this.#acknowledgedAt !== null && this.#acknowledgedAt >= this.#down) return null;
    return `the central witness has been unreachable since ${this.#down} (more than ${Math.round(limit / 60_000)} min): the chef de table must acknowledge dealing unwitnessed`;
  }

  /** The replication state changed: record the outage and its end in the shoe in play. */
  changed(state: CentralLinkState): void {
    if (state.state === 'down') {
      this.#down ??= state.downSince ?? new Date(this.#now()).toISOString();
      this.#recordOutage();
      return;
    }
    this.#reached = true;
    this.#down = null;
    if (this.#recorded && this.table.inPlay) {
      this.#recorded = false;
      this.#record({ type: 'witness', state: 'restored' });
    }
  }

  /** An outage not yet written in the shoe in play is written. */
  #recordOutage(): void {
    if (!this.#recorded && this.table.inPlay && this.#outage()) this.#record({ type: 'witness', state: 'lost', since: this.#down! });
  }

  /** Down after the store was reached, or never reached for longer than the first connection may take. */
  #outage(): boolean {
    return this.#down !== null && (this.#reached || this.#now() - Date.parse(this.#down) > FIRST_CONTACT_MS);
  }

  close(): void {
    for (const off of this.#off) off();
  }

  #record(command: Command): void {
    if (command.type === 'witness' && command.state === 'lost') this.#recorded = true;
    this.table
      .command(command, SYSTEM_ACTOR)
      .catch((e: unknown) => this.o.logger.warn({ reason: (e as Error).message }, 'could not record the witness link in the shoe'));
  }

  #now(): number {
    return this.o.now?.() ?? Date.now();
  }
}
