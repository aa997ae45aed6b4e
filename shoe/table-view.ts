/**
 * What the dashboards are shown of the table, computed here so the client
 * decides nothing: the coup in play with its rows and call, the stakes, the
 * prison board, the scoreboard players keep on their cards, and the alerts.
 */
import type { HandBack } from './hand-back.ts';
import type { CoupResult, CouleurResult } from './call.ts';
import { announceTotal } from './call.ts';
import type { Coup, FreeStake, PrisonStake, ShoeState, Alert, Phase } from './state.ts';
import { cardsLeft, unconfirmedCoup } from './state.ts';
import type { Rules } from './rules.ts';
import { insurancePremium } from './rules.ts';
import { pullBlocked, pullWaits, type PullBlock, type PullWait } from './pull.ts';
import { handBackMark, type HandBackMark } from './hand-back-mark.ts';
import { fewCards } from './few-cards.ts';
import { activeAlerts } from './active-alerts.ts';
import { settlementTotals, type SettlementRow, type Totals } from './settlement-row.ts';
import type { Chance } from './events.ts';
import { pendingCalls, rulingsAllowed, seatBalances, stakeTotals, standing, type Ruling, type SeatBalance, type Standing } from './live-history.ts';
import { cannotMoveTo } from './move-onto.ts';
import { withFirstCoup } from './prison-first-coup.ts';
import { lyingNow } from './lying-stakes.ts';
import { choicesHoldEnd } from './end-of-shoe.ts';

export interface CoupView {
  coup: number;
  status: Coup['status'];
  exposed: boolean;
  noir: { cards: Coup['noir']['cards']; total: number; announced: string | null };
  rouge: { cards: Coup['rouge']['cards']; total: number; announced: string | null };
  result: CoupResult | null;
  couleur: CouleurResult | null;
  call: string | null;
  settlement: SettlementRow[];
  totals: { perChance: Record<Chance, Totals>; table: Totals } | null;
  /** Whether the settlement may be paid yet (shoe/live-history.ts). */
  standing: Standing;
  confirmed?: Coup['confirmed'];
  dispute?: Coup['dispute'];
  /** For a disputed coup: the rulings the chef still has. */
  rulings?: Ruling[];
  resolution?: Coup['resolution'];
}

export interface TableView {
  table: string;
  shoe: string;
  phase: Phase;
  rules: Rules;
  burnLeft: number;
  lastSeq: number;
  cardsLeft: number;
  exposedCoups: number;
  /** The coup being dealt, or the last one dealt. */
  coup: CoupView | null;
  /** Number of the coup whose call waits for confirmation (or the chef), if any. */
  awaitingConfirm: number | null;
  /** That coup itself: the shuffler may already be dealing the next one, so it is not always `coup`. */
  awaiting: CoupView | null;
  /** Why no card may be pulled now (shoe/pull.ts), or null. */
  pullBlocked: PullBlock | null;
  /** Between coups: what the next card waits for (the bets opened, a call confirmed first); pull.ts. */
  pullWaits: PullWait | null;
  /** Fewer cards left than a coup takes (few-cards.ts): the next coup would be cut short and annulled. */
  fewCards: { fewest: number } | null;
  /** Seq of the card that may still be voided. */
  voidable: number | null;
  /**
   * `insuranceLapsed`: a stake an après left on the layout that was insured on
   * that coup; its insurance is bought per coup and not renewed. A carried stake
   * that was never insured has nothing to lapse (an outsider read "insurance not
   * renewed" on stakes that never had any). `carriedAmount`: of a carried
   * stake, the part the après left on the layout; the rest was bet since.
   */
  stakes: (FreeStake & { premium: number; insuranceLapsed?: true; carriedAmount?: number })[];
  /**
   * Between an après and the next open: the stakes it left lying on the layout (docs/rules.md#apres), back in play as
   * carried bets when the bets open. The payeur's list read "No stakes yet" over chips that were there (outsider pass 33).
   */
  lyingStakes: FreeStake[];
  /** The free stakes per chance, added up. */
  stakeTotals: Record<Chance, number>;
  /** Calls waiting for the tailleur's confirmation or for the chef. */
  pendingCalls: number;
  /** Prison stakes whose choice (leave, move, partager) waits for the payeur. */
  prisonChoices: number;
  /** The last coups completed, newest first, with their settlements. */
  recent: CoupView[];
  /** Each seat's result over the shoe. */
  balances: SeatBalance[];
  /**
   * `waitsForCall`: the choice is open but its 31 après's call is not confirmed or ruled yet (docs/rules.md#prison-choice).
   * `firstCoup`: the coup that first sent a stake deepened since (its `coup` is the deepening's; shoe/prison-first-coup.ts).
   * `cannotMoveTo`: chances a choosable stake may not be moved onto until another stake's choice there is made (shoe/move-onto.ts).
   */
  prison: (PrisonStake & { waitsForCall?: true; firstCoup?: number; cannotMoveTo?: Chance[] })[];
  scoreboard: { coup: number; result: CoupResult | 'annulled'; couleur: CouleurResult | null }[];
  disputes: CoupView[];
  alerts: Alert[];
  end: ShoeState['end'];
  /** An end asked for while calls or prison choices wait (docs/rules.md#held-end): who asked, why, when, the coups whose calls it waits for, and how many prison choices. */
  held: (NonNullable<ShoeState['held']> & { waitsFor: number[]; choices: number }) | null;
  release: SettlementRow[];
  events: number;
  /** Stakes an earlier shoe cut short left to hand back, not yet marked handed back (hand-back.ts); set by the table, which reads that shoe. */
  handBack?: HandBack[];
  /** Whether a "handed back" press is recorded now or waits for the next shoe (hand-back-mark.ts). */
  handBackMark: HandBackMark;
}

const announced = (total: number, complete: boolean) => (complete || total > 30 ? announceTotal(Math.min(Math.max(total, 31), 40)) : null);

const RECENT = 6;

export function coupView(c: Coup, state?: Pick<ShoeState, 'lastSeq'>): CoupView {
  const complete = c.status !== 'dealing';
  return {
    coup: c.coup,
    status: c.status,
    exposed: c.exposed,
    noir: { cards: c.noir.cards, total: c.noir.total, announced: c.noir.total > 30 ? announced(c.noir.total, complete) : null },
    rouge: { cards: c.rouge.cards, total: c.rouge.total, announced: c.rouge.total > 30 ? announced(c.rouge.total, complete) : null },
    result: c.result ?? null,
    couleur: c.couleur ?? null,
    call: c.call ?? null,
    settlement: c.settlement,
    totals: complete ? settlementTotals(c.settlement) : null,
    standing: standing(c),
    ...(state && c.status === 'disputed' && { rulings: rulingsAllowed(state, c) }),
    ...(c.confirmed && { confirmed: c.confirmed }),
    ...(c.dispute && { dispute: c.dispute }),
    ...(c.resolution && { resolution: c.resolution }),
  };
}

export function tableView(state: ShoeState, alertLimit = 30): TableView {
  const last = state.coups.at(-1);
  const waiting = unconfirmedCoup(state);
  return {
    table: state.table,
    shoe: state.shoe,
    phase: state.phase,
    rules: state.rules,
    burnLeft: state.burnLeft,
    lastSeq: state.lastSeq,
    cardsLeft: cardsLeft(state),
    exposedCoups: state.exposedCoups,
    coup: last ? coupView(last, state) : null,
    awaitingConfirm: waiting?.coup ?? null,
    awaiting: waiting ? coupView(waiting, state) : null,
    pullBlocked: pullBlocked(state),
    pullWaits: pullWaits(state),
    fewCards: fewCards(state),
    handBackMark: handBackMark(state),
    voidable: state.undo?.seq ?? null,
    stakes: state.stakes.map((s) => ({
      ...s,
      premium: s.insured ? insurancePremium(s.amount, state.rules) : 0,
      ...(insuranceLapsed(state, s) && { insuranceLapsed: true as const }),
      ...carriedPart(state, s),
    })),
    lyingStakes: lyingNow(state),
    stakeTotals: stakeTotals(state.stakes),
    pendingCalls: pendingCalls(state.coups),
    prisonChoices: state.prison.filter((p) => p.choosable).length,
    recent: recentCoups(state),
    balances: seatBalances(state.coups, state.release),
    prison: state.prison.map((p) => withFirstCoup(state, prisonRow(state, p))),
    scoreboard: state.coups
      .filter((c) => c.status !== 'dealing')
      .map((c) => ({ coup: c.coup, result: c.status === 'annulled' ? 'annulled' : c.result!, couleur: c.status === 'annulled' ? null : (c.couleur ?? null) })),
    disputes: state.coups.filter((c) => c.status === 'disputed').map((c) => coupView(c, state)),
    alerts: activeAlerts(state, alertLimit),
    end: state.end,
    held: state.held && {
      ...state.held,
      waitsFor: state.coups.filter((c) => c.status === 'awaiting-confirm' || c.status === 'disputed').map((c) => c.coup),
      choices: choicesHoldEnd(state, state.held.reason) ? state.prison.filter((p) => p.choosable).length : 0,
    },
    release: state.release,
    events: state.events,
  };
}

function prisonRow(state: ShoeState, p: PrisonStake): PrisonStake & { waitsForCall?: true; cannotMoveTo?: Chance[] } {
  const blocked = cannotMoveTo(state, p);
  return { ...p, ...(waitsForCall(state, p) && { waitsForCall: true as const }), ...(blocked.length > 0 && { cannotMoveTo: blocked }) };
}

function waitsForCall(state: ShoeState, p: PrisonStake): boolean {
  const status = p.choosable && p.coup !== undefined ? state.coups[p.coup - 1]?.status : undefined;
  return status === 'awaiting-confirm' || status === 'disputed';
}

function recentCoups(state: ShoeState): CoupView[] {
  const out: CoupView[] = [];
  for (let i = state.coups.length - 1; i >= 0 && out.length < RECENT; i--) {
    const c = state.coups[i]!;
    if (c.status !== 'dealing') out.push(coupView(c, state));
  }
  return out;
}

/**
 * The push that left a carried stake on the layout (docs/rules.md#apres), as `carriedStakes` (shoe/decide.ts) wrote
 * it: in the last coup settled, not the last coup, which is still dealing once the next coup's first card is out.
 */
function carriedPush(state: ShoeState, s: FreeStake) {
  if (!s.carried) return undefined;
  const carrier = state.coups.findLast((c) => c.status !== 'dealing');
  return carrier?.settlement.find((r) => r.player === s.player && r.chance === s.chance && r.outcome === 'push' && r.level === 0);
}

/** Of a carried stake, the amount the après left: a carried stake topped up read "carried" for the whole amount (an outsider's pass). */
function carriedPart(state: ShoeState, s: FreeStake): { carriedAmount?: number } {
  const pushed = carriedPush(state, s);
  return pushed ? { carriedAmount: pushed.amount } : {};
}

/** Whether `s` was carried from an après on which it was insured (docs/rules.md#apres: insurance is not renewed). */
function insuranceLapsed(state: ShoeState, s: FreeStake): boolean {
  return !s.insured && carriedPush(state, s)?.insured === true;
}
