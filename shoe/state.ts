/**
 * The state of one shoe at a table, as folded from its events. It is plain
 * data, treated as immutable: every event gives a new state, so an earlier
 * state is a free snapshot (used to void the card just drawn).
 */
import { AppendList } from './append-list.ts';
import { GrowList } from './grow-list.ts';
import type { Card } from './card.ts';
import type { CouleurResult, CoupResult } from './call.ts';
import type { CoupTally } from './coup.ts';
import type { Chance, HandBack } from './events.ts';
import type { Rules } from './rules.ts';
import type { SettlementRow } from './settlement-row.ts';

export interface DrawnCard {
  seq: number;
  card: string;
  exposed: boolean;
  /** burn: one of the five voided after the shuffle; foreign: a seventh copy, never counted. */
  status: 'burn' | 'play' | 'void' | 'foreign';
  coup?: number;
  row?: 'noir' | 'rouge';
  voidReason?: string;
}

export interface Row {
  cards: { seq: number; card: Card; exposed: boolean }[];
  total: number;
}

export type CoupStatus = 'dealing' | 'awaiting-confirm' | 'confirmed' | 'disputed' | 'resolved' | 'annulled';

export interface Coup {
  coup: number;
  noir: Row;
  rouge: Row;
  tally: CoupTally;
  exposed: boolean;
  status: CoupStatus;
  result?: CoupResult;
  couleur?: CouleurResult | null;
  call?: string;
  settlement: SettlementRow[];
  /** Stakes and prison as they stood when the coup was settled, so the chef can annul it. */
  before?: { stakes: FreeStake[]; prison: PrisonStake[] };
  confirmed?: { by?: string; at?: string };
  dispute?: { announced: string; by?: string; at?: string };
  resolution?: { ruling: 'cards' | 'annul'; reason: string; by?: string; at?: string };
}

/** A player's free stake on one chance this coup (docs/rules.md#stakes: bets add up to one stake). */
export interface FreeStake {
  player: string;
  chance: Chance;
  amount: number;
  insured: boolean;
  /** Left on the layout by an après and written again at the next open (insurance is bought per coup, so not renewed). */
  carried?: boolean;
}

/** A stake in prison after a 31 après (docs/rules.md#31-apres). */
export interface PrisonStake {
  /** Stable name of the stake (shoe/prison-id.ts, docs/rules.md#prison-stake-id): a choice names it. */
  id: string;
  player: string;
  chance: Chance;
  amount: number;
  level: number;
  /** True from the 31 après that imprisoned or deepened it until the next close. */
  choosable: boolean;
  /** The coup whose 31 après imprisoned or last deepened it. */
  coup?: number;
  /** The choice made at that 31 après: one choice per 31 après, so it is no longer offered. */
  chosen?: 'leave' | 'move';
}

export type AlertKind =
  | 'foreign-card'
  | 'exposed-card'
  | 'suspended'
  | 'void'
  | 'rule-violation'
  /** A card drawn while a dispute waits for the chef, or before the bets were opened: counted, and the chef alerted. */
  | 'out-of-turn'
  | 'fault'
  | 'annulled'
  | 'dispute'
  /** A suspension the chef asked, held for a call, then withdrawn (docs/rules.md#unhold): who asked, why, who withdrew it. */
  | 'unheld';

/**
 * What an alert says, as data: the screens and the printed report put these
 * into the crew's language by the alert's kind and code, never showing the
 * English `message` when they know the kind.
 */
export type AlertParams = Readonly<Record<string, string | number>>;

export interface Alert {
  kind: AlertKind;
  /** The English sentence, for logs and for readers that do not know the kind. */
  message: string;
  /** A finer reason within the kind: the fault's code, why a card is out of turn, a coup cut short. */
  code?: string;
  /** The values the sentence names (card, coup, seconds, serial, …), for the translations. */
  params?: AlertParams;
  seq?: number;
  coup?: number;
  /** Index of the event that raised it, within the shoe. */
  index?: number;
  at?: string;
}

export type Phase = 'idle' | 'burning' | 'waiting' | 'open' | 'closed' | 'ended';

export interface ShoeState {
  phase: Phase;
  table: string;
  shoe: string;
  cardsInShoe: number;
  rules: Rules;
  /** Prison stakes the shoe started with (carried from a suspended shoe). */
  carriedPrison: PrisonStake[];
  burnLeft: number;
  /** Every card drawn, in seq order (card `seq` is at index seq − 1), whatever became of it. */
  cards: AppendList<DrawnCard>;
  /** Copies seen of each card by card code (shoe/card.ts), foreign ones excluded; a seventh is foreign. */
  copies: readonly number[];
  lastSeq: number;
  coups: Coup[];
  stakes: FreeStake[];
  prison: PrisonStake[];
  /** Coups completed with an exposed card (docs/rules.md#exposed-cards). */
  exposedCoups: number;
  /**
   * How the shoe ended; `by` and `at` as stored on its `end` line (absent in a log that has none).
   * `annulledCoup`: a held end written by the chef's annulment of the last call (docs/rules.md#held-end):
   * that coup's stakes were still on the layout when the shoe ended, to hand back (hand-back.ts).
   */
  end: null | { reason: 'empty' | 'suspended'; auto: boolean; note?: string; by?: string; at?: string; annulledCoup?: number };
  /** An end asked for while a call waits (a `hold` event): who asked, why, and when; written once no call waits. */
  held: null | { reason: 'empty' | 'suspended'; note?: string; by?: string; at?: string };
  /** Earlier shoes whose stakes were handed back (`handed-back` events), oldest first. */
  handedBack: readonly string[];
  /** What shoes before the previous one left to hand back, unmarked when this shoe began (its first line's `handBack`). */
  carriedHandBack: readonly HandBack[];
  /** Rows returned by the end of the shoe (annulled coup aside): end-of-shoe prison release. */
  release: SettlementRow[];
  /** Every alert of the shoe, oldest first (a GrowList: a replay refusing every event stays linear). */
  alerts: GrowList<Alert>;
  /** The state before the card just drawn, while that card may still be voided. */
  undo: null | { seq: number; before: ShoeState };
  /** Number of events folded so far. */
  events: number;
}

export const INITIAL_STATE: ShoeState = Object.freeze({
  phase: 'idle',
  table: '',
  shoe: '',
  cardsInShoe: 0,
  rules: { burn: 5, min: 500, max: 500_000, insurance: 0.01, maxPrisonLevel: 3, exposedCoupLimit: 3, endOfShoeRelease: true },
  carriedPrison: [],
  burnLeft: 0,
  cards: AppendList.empty<DrawnCard>(),
  copies: Object.freeze(new Array<number>(52).fill(0)),
  lastSeq: 0,
  coups: [],
  stakes: [],
  prison: [],
  exposedCoups: 0,
  end: null,
  held: null,
  handedBack: [],
  carriedHandBack: [],
  release: [],
  alerts: GrowList.empty<Alert>(),
  undo: null,
  events: 0,
}) as ShoeState;

/** Cards still in the shoe in play. */
export function cardsLeft(state: Pick<ShoeState, 'cardsInShoe' | 'lastSeq'>): number {
  return Math.max(0, state.cardsInShoe - state.lastSeq);
}

/** The coup being dealt, if a coup is between its first and last card. */
export function dealingCoup(state: ShoeState): Coup | undefined {
  const last = state.coups.at(-1);
  return last?.status === 'dealing' ? last : undefined;
}

/** The last coup whose call still waits for the tailleur (or the chef). */
export function unconfirmedCoup(state: ShoeState): Coup | undefined {
  return state.coups.find((c) => c.status === 'awaiting-confirm' || c.status === 'disputed');
}

/**
 * A new state with some fields changed. Written out field by field because
 * object spread of this 19-field record costs ~15× more in V8, and `tq verify`
 * folds millions of events.
 */
export function patch(s: ShoeState, changes: Partial<ShoeState>): ShoeState {
  const copy: ShoeState = {
    phase: s.phase,
    table: s.table,
    shoe: s.shoe,
    cardsInShoe: s.cardsInShoe,
    rules: s.rules,
    carriedPrison: s.carriedPrison,
    burnLeft: s.burnLeft,
    cards: s.cards,
    copies: s.copies,
    lastSeq: s.lastSeq,
    coups: s.coups,
    stakes: s.stakes,
    prison: s.prison,
    exposedCoups: s.exposedCoups,
    end: s.end,
    held: s.held,
    handedBack: s.handedBack,
    carriedHandBack: s.carriedHandBack,
    release: s.release,
    alerts: s.alerts,
    undo: s.undo,
    events: s.events,
  };
  return Object.assign(copy, changes);
}

/** A new coup with some fields changed (same reason as {@link patch}). */
export function patchCoup(c: Coup, changes: Partial<Coup>): Coup {
  const copy: Coup = { coup: c.coup, noir: c.noir, rouge: c.rouge, tally: c.tally, exposed: c.exposed, status: c.status, settlement: c.settlement };
  if (c.result !== undefined) copy.result = c.result;
  if (c.couleur !== undefined) copy.couleur = c.couleur;
  if (c.call !== undefined) copy.call = c.call;
  if (c.before !== undefined) copy.before = c.before;
  if (c.confirmed !== undefined) copy.confirmed = c.confirmed;
  if (c.dispute !== undefined) copy.dispute = c.dispute;
  if (c.resolution !== undefined) copy.resolution = c.resolution;
  return Object.assign(copy, changes);
}

/** A new list with one more item (array spread goes through the iterator protocol: slow on hot paths). */
export function append<T>(list: readonly T[], item: T): T[] {
  const copy = list.slice();
  copy.push(item);
  return copy;
}
