/**
 * A CardSink held in memory, for the simulator demo, tests and benchmarks.
 * It keeps the host duties (docs/serial-protocol.md) a real store has: cards only in seq
 * order, never twice, a fresh shoe restarts at 1, and a card bound to another
 * shoe is refused (docs/serial-protocol.md#shoe-identity). Not durable.
 */
import type { CardSink, DealtCard, LinkAlert, ShoeInPlay, ShufflerStatus } from './card-sink.ts';

export class MemoryCardSink implements CardSink {
  /** The shoe in play's cards, as dealt (seq, card, exposed). */
  cards: DealtCard[] = [];
  /** Every card stored, with the shuffler serial and shoe the link bound it to. */
  readonly tagged: DealtCard[] = [];
  /** The shoe in play, or the last one (`ended`). */
  shoe: (ShoeInPlay & { ended: boolean }) | null = null;
  private started = 0;
  readonly alerts: LinkAlert[] = [];
  readonly shoes: { serial: string; cards: number }[] = [];
  readonly statuses: ShufflerStatus[] = [];
  /** Last seq of each EMPTY handed on, one per shoe. */
  readonly empties: number[] = [];

  /** Extra work per stored card (e.g. an fsync'd append); runs before the card counts as stored. */
  constructor(private readonly persist?: (card: DealtCard) => Promise<void>) {}

  lastStoredSeq(): number {
    return this.cards.length === 0 ? 0 : this.cards[this.cards.length - 1]!.seq;
  }

  storedCard(seq: number): { card: string; exposed: boolean } | undefined {
    const stored = seq >= 1 ? this.cards[seq - 1] : undefined;
    return stored && { card: stored.card, exposed: stored.exposed };
  }

  shoeInPlay(): ShoeInPlay | null {
    if (this.shoe === null || this.shoe.ended) return null;
    return { shoe: this.shoe.shoe, ...(this.shoe.serial !== undefined && { serial: this.shoe.serial }) };
  }

  /** A shoe started at the table, not by a SHOE frame (the tailleur's "new shoe"): it has no serial until one is announced. */
  startShoe(): void {
    this.shoe = { shoe: `M${++this.started}`, ended: false };
    this.cards = [];
  }

  async shoeReady(serial: string, cards: number): Promise<void> {
    this.shoes.push({ serial, cards });
    if (this.shoe !== null && !this.shoe.ended && this.cards.length === 0) this.shoe.serial = serial;
    else this.shoe = { shoe: `M${++this.started}`, serial, ended: false };
    this.cards = [];
  }

  async storeCard(card: DealtCard): Promise<void> {
    if (this.shoeInPlay() === null && card.seq === 1) this.startShoe(); // no SHOE frame heard: a shoe for the cards, as the table does
    const inPlay = this.shoeInPlay();
    if (inPlay === null) throw new Error(`card ${card.seq}: no shoe in play`);
    if (card.shoe !== undefined && card.shoe !== inPlay.shoe) throw new Error(`card ${card.seq} is bound to shoe ${card.shoe}, not ${inPlay.shoe}`);
    if (card.serial !== undefined && inPlay.serial !== undefined && card.serial !== inPlay.serial)
      throw new Error(`card ${card.seq} comes from shuffler shoe ${card.serial}, not ${inPlay.serial}`);
    const want = this.lastStoredSeq() + 1;
    if (card.seq !== want) throw new Error(`card ${card.seq} is out of order: ${want} is next`);
    if (this.persist) await this.persist(card);
    this.cards.push({ seq: card.seq, card: card.card, exposed: card.exposed });
    this.tagged.push({ ...card });
    this.shoe!.serial ??= card.serial;
  }

  async shoeEmpty(lastSeq: number): Promise<void> {
    this.empties.push(lastSeq);
    if (this.shoe !== null) this.shoe.ended = true;
  }

  alert(alert: LinkAlert): void {
    this.alerts.push(alert);
  }

  status(s: ShufflerStatus): void {
    this.statuses.push(s);
  }

  alertsOf(kind: LinkAlert['kind']): LinkAlert[] {
    return this.alerts.filter((a) => a.kind === kind);
  }
}
