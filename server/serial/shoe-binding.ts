/**
 * Which table shoe the shuffler's shoe feeds (docs/serial-protocol.md#shoe-identity).
 *
 * TQ/1 cards carry a seq, not a shoe: `CARD,1,QH` of one shoe and of the
 * next look alike. The defect it answers: a shoe ran out, the
 * tailleur started the next one, and the shuffler's heartbeat repeated
 * `EMPTY,312`; the link read that EMPTY against the new, empty shoe, asked
 * `RESEND,1`, and the shuffler — rightly answering for the only shoe it held —
 * poured the 312 cards of the old shoe into the new one. So the link keeps
 * the binding between the shuffler's shoe (its SHOE frame's serial) and the
 * table's shoe, and lets a card, an EMPTY or a RESEND pass only within it:
 *
 * - `bound`: a SHOE frame the table took (or, at start, the table's shoe in
 *   play that already holds cards: a restart mid-shoe, the shuffler deals on);
 * - `over`: that shoe ended empty; nothing is bound until the next SHOE frame;
 * - `refused`: the table refused that shuffler shoe's SHOE frame (one an
 *   earlier table shoe was dealt from): its cards are refused until the next
 *   SHOE frame, even a card 1 to an empty shoe;
 * - `unknown`: the link started with no shoe holding cards and has heard no
 *   SHOE: only a first card (seq 1) may start or fill an empty shoe.
 */
import type { CardSink, ShoeInPlay } from './card-sink.ts';

export type Binding =
  | { kind: 'unknown' }
  | { kind: 'bound'; serial: string | null; table: string }
  | { kind: 'over'; serial: string | null; lastSeq: number }
  | { kind: 'refused'; serial: string };

/** Why a frame of the shuffler's shoe is kept from the table's shoe: the alert's text, and a key so it is alerted once. */
export interface Refusal {
  key: string;
  message: string;
}

export class ShoeBinding {
  #state: Binding = { kind: 'unknown' };

  constructor(private readonly sink: CardSink) {}

  get state(): Binding {
    return this.#state;
  }

  /** At start: a shoe in play that holds cards is the one the shuffler deals on (its SHOE frame is not repeated). */
  resume(): void {
    const inPlay = this.sink.shoeInPlay();
    this.#state = inPlay !== null && this.sink.lastStoredSeq() > 0 ? bound(inPlay) : { kind: 'unknown' };
  }

  /** A SHOE frame the table took: the shoe now in play is the shuffler's `serial`. */
  shoe(serial: string): void {
    const inPlay = this.sink.shoeInPlay();
    this.#state = inPlay === null ? { kind: 'unknown' } : { kind: 'bound', serial, table: inPlay.shoe };
  }

  /** The table refused the SHOE frame of `serial`: nothing is taken until the next SHOE. */
  refused(serial: string): void {
    this.#state = { kind: 'refused', serial };
  }

  /** The bound shoe ended empty. */
  emptied(lastSeq: number): void {
    if (this.#state.kind === 'bound') this.#state = { kind: 'over', serial: this.#state.serial, lastSeq };
  }

  /** A card of an unknown shoe was stored (the table took it as its first): the shoe in play is bound to it. */
  stored(): void {
    if (this.#state.kind !== 'unknown') return;
    const inPlay = this.sink.shoeInPlay();
    if (inPlay !== null) this.#state = bound(inPlay);
  }

  /** True while the shuffler's shoe is the table's shoe in play: only then may a card be stored, an EMPTY end it, a RESEND be asked. */
  get feedsTable(): boolean {
    return this.#state.kind === 'bound' && this.sink.shoeInPlay()?.shoe === this.#state.table;
  }

  /** What a card is tagged with for the table: the shuffler's serial and the table's shoe. */
  tag(): { serial?: string; shoe?: string } {
    const s = this.#state;
    if (s.kind !== 'bound') return {};
    return { shoe: s.table, ...(s.serial !== null && { serial: s.serial }) };
  }

  /** Why card `seq` may not go to the table, or null when it may. */
  cardRefusal(seq: number): Refusal | null {
    const s = this.#state;
    const inPlay = this.sink.shoeInPlay();
    switch (s.kind) {
      case 'bound':
        if (inPlay?.shoe === s.table) return null;
        return {
          key: `bound|${s.serial}|${s.table}|${inPlay?.shoe}`,
          message: `card ${seq} of the shuffler's shoe ${name(s.serial)} refused: that shoe was dealt into table shoe ${s.table}, ${inPlay === null ? 'which has ended' : `not into ${inPlay.shoe}, the shoe in play`}; the shoe in play takes cards once the shuffler announces a new shoe (SHOE)`,
        };
      case 'over':
        return {
          key: `over|${s.serial}|${s.lastSeq}`,
          message: `card ${seq} of the shuffler's shoe ${name(s.serial)} refused: that shoe ran empty after card ${s.lastSeq}; no card is taken before the shuffler announces its next shoe (SHOE)`,
        };
      case 'refused':
        return {
          key: `refused|${s.serial}`,
          message: `card ${seq} of the shuffler's shoe ${s.serial} refused: the table refused that shoe (an earlier table shoe was dealt from it); no card is taken before the shuffler announces a fresh shoe (SHOE)`,
        };
      case 'unknown':
        // The table starts a shoe for a first card with no SHOE frame (a frame missed), or gives it to its shoe with no card yet.
        if (seq === 1 && (inPlay === null || this.sink.lastStoredSeq() === 0)) return null;
        return {
          key: `unknown|${inPlay?.shoe}`,
          message: `card ${seq} refused: no SHOE frame heard since the link started, so its shoe is unknown; the table takes cards once the shuffler announces its shoe (SHOE)`,
        };
      default: {
        const never: never = s;
        throw new Error(`unhandled binding ${JSON.stringify(never)}`);
      }
    }
  }
}

function bound(inPlay: ShoeInPlay): Binding {
  return { kind: 'bound', serial: inPlay.serial ?? null, table: inPlay.shoe };
}

function name(serial: string | null): string {
  return serial ?? '(serial not heard)';
}
