/**
 * A CardSink held in memory, for the simulator demo, tests and benchmarks.
 * It keeps the host duties (docs/serial-protocol.md) a real store has: cards only in seq
 * order, never twice, and a fresh shoe restarts at 1. Not durable.
 */
import type { CardSink, DealtCard, LinkAlert, ShufflerStatus } from './card-sink.ts';

export class MemoryCardSink implements CardSink {
  cards: DealtCard[] = [];
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

  async shoeReady(serial: string, cards: number): Promise<void> {
    this.shoes.push({ serial, cards });
    this.cards = [];
  }

  async storeCard(card: DealtCard): Promise<void> {
    const want = this.lastStoredSeq() + 1;
    if (card.seq !== want) throw new Error(`card ${card.seq} is out of order: ${want} is next`);
    if (this.persist) await this.persist(card);
    this.cards.push({ ...card });
  }

  async shoeEmpty(lastSeq: number): Promise<void> {
    this.empties.push(lastSeq);
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
