/**
 * The events of a shoe, exactly the lines of the shoe log (docs/shoe-log.md). State is
 * a fold of these; nothing else is stored. Kinds beyond the format's common
 * list are marked "extension" (docs/shoe-log.md#extensions): other readers ignore them.
 */
import type { Rules } from './rules.ts';

export const CHANCES = ['rouge', 'noir', 'couleur', 'inverse'] as const;
export type Chance = (typeof CHANCES)[number];

export function isChance(value: unknown): value is Chance {
  return typeof value === 'string' && (CHANCES as readonly string[]).includes(value);
}

/** A stake still in prison, carried to the next shoe after a suspension. */
export interface PrisonCarry {
  player: string;
  chance: Chance;
  amount: number;
  level: number;
}

/**
 * extension: the table's previous shoe, named on a shoe's first line — its id,
 * its last event and that event's hash — so a table's shoes form one chain and
 * a shoe removed, or cut before its end, breaks it (docs/shoe-log.md#shoe-chain).
 */
export interface ShoeLink {
  shoe: string;
  i: number;
  hash: string;
}

/** One stake handed back (client and audit read it as written). */
export interface HandedBackRow {
  player: string;
  chance: Chance;
  amount: number;
  insured?: boolean;
  /** An insured stake of the annulled coup: the premium to give back if it was taken (none is due). */
  premium?: number;
}

/**
 * What an ended shoe left on the layout for the players (shoe/hand-back.ts),
 * as the screens list it; a row's `from` says whether it was a stake on the
 * coup the end cut short or a prison stake released with the shoe. A shoe's
 * first line carries the entries still unmarked when it began (`handBack`),
 * so none is dropped when another shoe ends (docs/shoe-log.md#handed-back).
 */
export interface HandBack {
  /** The shoe that ended (its id). */
  shoe: string;
  how: 'suspended' | 'empty' | 'left';
  /** The chef's reason, when given. */
  note?: string;
  /** The coup cut short by the end, annulled; or, with `annulled: "ruling"`, the coup whose annulment by the chef de table ended the shoe. */
  coup?: number;
  annulled?: 'ruling';
  /** `layout`: a stake on the layout for a coup the shoe did not deal (placed, or left standing by an après). */
  rows: (HandedBackRow & { from: 'coup' | 'prison' | 'layout' })[];
}

export const WITNESS_STATES = ['lost', 'restored', 'dealing-unwitnessed', 'unsealed'] as const;
export type WitnessState = (typeof WITNESS_STATES)[number];

/** Fields any line may carry: who and when. Unknown fields are kept as they are. */
export interface EventMeta {
  /** ISO time, given to the domain as data. */
  at?: string;
  /** User (or `shuffler`) who caused the event. */
  by?: string;
}

export type ShoeEventBody =
  /** `ordinal` and `previous` (extension): the shoe's place in the table's chain of shoes. */
  | {
      type: 'shoe';
      table: string;
      shoe: string;
      cards: number;
      rules: Rules;
      prison?: PrisonCarry[];
      ordinal?: number;
      previous?: ShoeLink;
      handBack?: HandBack[];
    }
  | { type: 'card'; seq: number; card: string; exposed?: boolean }
  | { type: 'void'; seq: number; reason: string }
  | { type: 'open' }
  | { type: 'bet'; player: string; chance: Chance; amount: number; insured?: boolean; carried?: boolean }
  | { type: 'withdraw'; player: string; chance: Chance }
  /** extension: insure a whole free stake already placed. */
  | { type: 'insure'; player: string; chance: Chance }
  /** `cause: "card"` when the first card drawn closed the bets. */
  | { type: 'close'; cause?: 'card' }
  /** `stake` (extension): the prison stake's id (docs/rules.md#prison-stake-id); without it the seat has one stake in prison on that chance. */
  | { type: 'choice'; player: string; chance: Chance; action: 'leave' | 'move' | 'partager'; to?: Chance; stake?: string }
  /** `call` (extension) is the call confirmed, so verify can check it against the cards. */
  | { type: 'confirm'; coup: number; call?: string }
  | { type: 'dispute'; coup: number; announced: string }
  /** extension: the chef de table's ruling on a dispute. */
  | { type: 'resolve'; coup: number; ruling: 'cards' | 'annul'; reason: string }
  /** extension: a fault reported by the shuffler line (ERR, silence, gap). */
  | { type: 'fault'; code: string; text: string }
  /**
   * extension: an end asked for while a call waits (docs/rules.md#held-end), held until no call
   * waits; `by` is who asked. The `end` written then carries the same reason, note and `by`.
   */
  /**
   * `again`: the chef asked once more while their own suspension was held, for another reason: this request stands in
   * its place, and the first stays in the record (docs/rules.md#held-end).
   */
  | { type: 'hold'; reason: 'empty' | 'suspended'; note?: string; again?: true }
  /**
   * extension: the chef de table withdraws the suspension a `hold` asked for (docs/rules.md#held-end):
   * the call's settlement no longer ends the shoe. `by` is who withdrew it; `note` why, when given.
   */
  | { type: 'unhold'; note?: string }
  /**
   * extension: the central witness (docs/central-store.md#unwitnessed) — `lost` (unreachable since
   * `since`), `restored`, the chef de table's acknowledgement of `dealing-unwitnessed`, or `unsealed`:
   * events `from`..`to` found unsealed at a restart, which the table did not see being made.
   */
  | { type: 'witness'; state: WitnessState; since?: string; from?: number; to?: number }
  /**
   * extension: the chips a shoe cut short left on the layout (docs/shoe-log.md#handed-back) are back
   * with the players: `shoe` is the ended shoe, `rows` what was handed back; written in the shoe in
   * play by the payeur or the chef, so every screen drops the entry.
   */
  | { type: 'handed-back'; shoe: string; rows?: HandedBackRow[] }
  /** `note` (extension): why the chef de table suspended the shoe. */
  | { type: 'end'; reason: 'empty' | 'suspended'; note?: string };

export type ShoeEvent = ShoeEventBody & EventMeta;

export type ShoeEventType = ShoeEvent['type'];
export type BodyOf<T extends ShoeEventType> = Extract<ShoeEventBody, { type: T }>;
export type EventOf<T extends ShoeEventType> = BodyOf<T> & EventMeta;
