/**
 * The cards a shoe brings in over the link (docs/serial-protocol.md#cards):
 * the one expected is stored through the sink and then acknowledged; a seq
 * already stored is acknowledged again, never stored twice (unless it carries
 * another card: then it is refused); a card after a gap is not played
 * (docs/rules.md#dispensing-order); `EMPTY` ends the shoe only once every
 * card up to its last seq is stored, so an early EMPTY waits for the gap.
 */
import type { Logger } from 'pino';
import type { CardSink, LinkAlert } from './card-sink.ts';
import type { ShufflerFrame } from './frame.ts';

export interface CardIntakeCounters {
  /** CARD frames for seqs already stored: acknowledged again, not stored. */
  duplicates: number;
  stored: number;
  /** CARD frames after a gap, not played. */
  dropped: number;
  refused: number;
  /** CARD frames of a shuffler shoe the table's shoe in play is not bound to: refused, never stored. */
  otherShoe: number;
}

/** What the intake asks of the link around it. */
export interface CardIntakeLink {
  sink: CardSink;
  log: Logger;
  ack(seq: number): void;
  /** A card is missing from `from` on: ask for it. */
  openGap(from: number, why: string): void;
  /** A card was stored: a gap whose first card is in closes. */
  stored(): void;
  /** The shoe ended empty after `lastSeq`. */
  emptied(lastSeq: number): void;
  alert(alert: LinkAlert): void;
}

export class CardIntake {
  readonly counters: CardIntakeCounters = { duplicates: 0, stored: 0, dropped: 0, refused: 0, otherShoe: 0 };
  private lastRefusal = '';
  private lastOtherShoe = '';
  /** The last seq of an EMPTY that came before all its cards were stored. */
  private pendingEmpty: number | null = null;
  private emptied = false;

  constructor(private readonly link: CardIntakeLink) {}

  /** The first card not stored yet. */
  expected(): number {
    return this.link.sink.lastStoredSeq() + 1;
  }

  /** A new shoe: no EMPTY pending, none handled. */
  newShoe(): void {
    this.pendingEmpty = null;
    this.emptied = false;
  }

  /** `tag`: the shuffler's shoe and the table's shoe the card is bound to (docs/serial-protocol.md#shoe-identity). */
  async card(frame: Extract<ShufflerFrame, { kind: 'CARD' }>, tag: { serial?: string; shoe?: string } = {}): Promise<void> {
    const expected = this.expected();
    if (frame.seq < expected) return this.repeat(frame);
    if (frame.seq > expected) {
      this.counters.dropped++;
      this.link.openGap(expected, `card ${frame.seq} came while ${expected} is missing`);
      return;
    }
    try {
      await this.link.sink.storeCard({ seq: frame.seq, card: frame.card, exposed: frame.exposed, ...tag });
    } catch (e) {
      this.refuse(`card ${frame.seq} ${frame.card} refused: ${errorText(e)}`, errorCode(e), { seq: frame.seq, card: frame.card });
      return;
    }
    this.counters.stored++;
    this.lastRefusal = '';
    this.link.ack(frame.seq);
    this.link.stored();
    if (this.pendingEmpty !== null && this.link.sink.lastStoredSeq() >= this.pendingEmpty) await this.endShoe(this.pendingEmpty);
  }

  async empty(lastSeq: number): Promise<void> {
    const stored = this.link.sink.lastStoredSeq();
    if (stored === lastSeq) return this.endShoe(lastSeq);
    if (stored < lastSeq) {
      this.pendingEmpty = lastSeq;
      this.link.openGap(stored + 1, `EMPTY after card ${lastSeq}, but only ${stored} stored`);
      return;
    }
    this.link.alert({
      kind: 'shuffler-error',
      code: 'EMPTY_MISMATCH',
      message: `EMPTY after card ${lastSeq}, but ${stored} cards are stored`,
      params: { seq: lastSeq, stored },
    });
  }

  /** A card of another shoe than the table's in play: not stored, not acknowledged, alerted once per binding. */
  otherShoe(refusal: { key: string; message: string }): void {
    this.counters.otherShoe++;
    this.link.log.warn(refusal.message);
    if (refusal.key !== this.lastOtherShoe) this.link.alert({ kind: 'card-refused', code: 'OTHER_SHOE', message: refusal.message });
    this.lastOtherShoe = refusal.key;
  }

  private repeat(frame: Extract<ShufflerFrame, { kind: 'CARD' }>): void {
    const stored = this.link.sink.storedCard?.(frame.seq);
    if (stored !== undefined && stored.card !== frame.card) {
      const message = `card ${frame.seq} ${frame.card} is not the card ${frame.seq} already stored (${stored.card}): not acknowledged — a new shoe whose SHOE frame was lost?`;
      this.refuse(message, 'SEQ_MISMATCH', { seq: frame.seq, card: frame.card, stored: stored.card });
      return;
    }
    this.counters.duplicates++;
    this.link.ack(frame.seq);
  }

  /** A refused card is alerted once, not again with each resend of it. */
  private refuse(message: string, code: string | undefined, params?: LinkAlert['params']): void {
    this.counters.refused++;
    this.link.log.error(message);
    if (message !== this.lastRefusal) this.link.alert({ kind: 'card-refused', code, message, ...(params && { params }) });
    this.lastRefusal = message;
  }

  private async endShoe(lastSeq: number): Promise<void> {
    this.pendingEmpty = null;
    if (this.emptied) return;
    try {
      await this.link.sink.shoeEmpty(lastSeq);
      this.emptied = true;
      this.link.emptied(lastSeq);
      this.link.log.info({ lastSeq }, 'shoe empty');
    } catch (e) {
      this.link.log.error({ err: e }, 'the sink refused the end of the shoe');
    }
  }
}

export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function errorCode(e: unknown): string | undefined {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
