/**
 * The table service: the table's core (table-core.ts) plus the shuffler's
 * side of it, the link's {@link CardSink} (SPEC §7). A card is acknowledged to
 * the shuffler only once `storeCard` resolves, i.e. once it is on disk.
 *
 * - `shoeReady`: a SHOE frame. While a shoe with cards drawn is still in play
 *   the shuffler was reloaded: that shoe is suspended with a `fault` saying so
 *   (prisons carry over, SPEC §4) and a new one starts.
 * - `storeCard`: a `card` command by the shuffler; the rules refuse a card by
 *   throwing, so the link alerts and does not ACK. A seq already stored with
 *   the same card is a no-op (the link answers duplicates itself; this makes
 *   a second call harmless).
 * - `shoeEmpty`: `end` "empty". `alert`: ERR frames, silence and gaps are
 *   stored as `fault` events in the shoe in play and shown on the link status.
 */
import type { Command } from '../../shoe/commands.ts';
import { RuleError } from '../../shoe/errors.ts';
import type { ShoeEvent } from '../../shoe/events.ts';
import { decide } from '../../shoe/decide.ts';
import { evolve } from '../../shoe/evolve.ts';
import type { CardSink, DealtCard, LinkAlert, ShufflerStatus } from '../serial/card-sink.ts';
import { LinkBoard } from './link-board.ts';
import { Listeners } from './listeners.ts';
import { TableCore, type TableOptions } from './table-core.ts';
import type { Actor, LinkStatus, Table } from './table.ts';

export type TableServiceOptions = TableOptions;

/** The link acts as user "shuffler". */
export const SHUFFLER: Actor = { user: 'shuffler', role: 'shuffler' };

/** Link alerts stored as `fault` events: what the shuffler or the line did, not the host's parser noise. */
const STORED_ALERTS: ReadonlySet<LinkAlert['kind']> = new Set(['shuffler-error', 'silent', 'gap']);

export class TableService extends TableCore implements Table, CardSink {
  /** Demo only: asks the simulated shuffler for one card (set by `tq demo`). */
  simulatorDeal?: () => boolean;
  private readonly linkListeners = new Listeners<LinkStatus>((e) => this.log.error({ err: e }, 'a link listener failed'));
  private readonly board = new LinkBoard((s) => this.linkListeners.emit(this.linkStatus(s)));
  private counters: (() => Record<string, number>) | null = null;

  /** Opens the table on its store, rebuilding the last shoe from its stored events. */
  static async open(options: TableServiceOptions): Promise<TableService> {
    const service = new TableService(options);
    await service.rebuild();
    return service;
  }

  onLink(listener: (status: LinkStatus) => void): () => void {
    return this.linkListeners.add(listener);
  }

  linkStatus(status: LinkStatus = this.board.status): LinkStatus {
    return this.counters ? { ...status, counters: this.counters() } : status;
  }

  /** Where the link's counters come from (frames, ACKs, resends …), shown with the link status. */
  linkCounters(source: () => Record<string, number>): void {
    this.counters = source;
  }

  override async close(): Promise<void> {
    await super.close();
    this.board.disconnected();
  }

  lastStoredSeq(): number {
    return this.state().lastSeq;
  }

  storedCard(seq: number): { card: string; exposed: boolean } | undefined {
    const drawn = seq >= 1 ? this.state().cards.at(seq - 1) : undefined;
    return drawn && { card: drawn.card, exposed: drawn.exposed };
  }

  shoeReady(serial: string, cards: number): Promise<void> {
    return this.run(async () => {
      this.board.heard(this.now());
      const s = this.state();
      if (s.phase !== 'idle' && serialOf(this.firstEvent()) === serial) {
        this.log.info({ serial, shoe: s.shoe }, 'the shuffler announced the shoe already recorded');
        return;
      }
      if (this.inPlay) {
        if (s.lastSeq === 0) {
          this.log.info({ serial, shoe: s.shoe }, 'the shuffler announced its shoe; the shoe in play has no card yet and takes its cards');
          return;
        }
        const meta = this.meta(SHUFFLER.user);
        const fault = decide(s, { type: 'fault', code: 'RELOAD', text: `the shuffler announced a new shoe (${serial}) at card ${s.lastSeq} of this one: suspended` }, meta);
        const next = fault.reduce(evolve, s);
        // One append: the fault and the suspension reach the disk together.
        await this.commit([...fault, ...decide(next, { type: 'end', reason: 'suspended' }, meta)], { endNow: true });
      }
      await this.start(SHUFFLER, { serial, cards });
    });
  }

  storeCard(card: DealtCard): Promise<void> {
    return this.run(async () => {
      this.board.heard(this.now());
      const s = this.state();
      if (card.seq <= s.lastSeq) {
        const stored = s.cards.find((c) => c.seq === card.seq);
        if (stored?.card === card.card) return;
        throw new RuleError('DUPLICATE_SEQ', `card ${card.seq} is stored as ${stored?.card ?? '?'}, the shuffler now sends ${card.card}`);
      }
      if (s.phase === 'idle' && card.seq === 1) {
        // The SHOE frame was missed (e.g. the host stopped before storing it): the cards still need a shoe.
        await this.start(SHUFFLER, {});
        await this.commit(decide(this.state(), { type: 'fault', code: 'NO_SHOE_FRAME', text: 'cards arrived with no SHOE frame: shoe started for them' }, this.meta(SHUFFLER.user)));
      }
      const command = card.exposed ? { type: 'card' as const, seq: card.seq, card: card.card, exposed: true } : { type: 'card' as const, seq: card.seq, card: card.card };
      await this.commit(decide(this.state(), command, this.meta(SHUFFLER.user)));
    });
  }

  shoeEmpty(lastSeq: number): Promise<void> {
    return this.run(async () => {
      this.board.heard(this.now());
      if (!this.inPlay) return;
      const s = this.state();
      if (lastSeq !== s.lastSeq) throw new RuleError('SEQ_GAP', `EMPTY after card ${lastSeq}, but ${s.lastSeq} cards are stored`);
      await this.commit(decide(s, { type: 'end', reason: 'empty' }, this.meta(SHUFFLER.user)));
    });
  }

  alert(alert: LinkAlert): void {
    const recorded = STORED_ALERTS.has(alert.kind) && this.inPlay;
    this.board.alert(alert, this.now(), recorded);
    if (!recorded) return;
    this.run(async () => {
      if (!this.inPlay) return;
      const fault: Command = { type: 'fault', code: alert.code ?? alert.kind.toUpperCase(), text: alert.message };
      await this.commit(decide(this.state(), fault, this.meta(SHUFFLER.user)));
    }).catch((e: unknown) => this.log.error({ err: e, alert }, 'could not store a link fault'));
  }

  status(s: ShufflerStatus): void {
    this.board.update(s, this.now());
  }

  private now(): string {
    return this.clock().toISOString();
  }
}

function serialOf(first: ShoeEvent | undefined): string | undefined {
  const serial = (first as { serial?: unknown } | undefined)?.serial;
  return typeof serial === 'string' ? serial : undefined;
}
