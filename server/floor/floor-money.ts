/**
 * The money of one table as the surveillance room watches it (the floor overview showed no cards, calls or money): what is on the
 * layout now, what sits in prison, what the last coup paid and collected, and
 * the same over the shoe so far — all from the shoe replayed out of the
 * central store (floor-board.ts), never from what the table says of itself.
 */
import { type HandBack, handBacksOf } from '../../shoe/hand-back.ts';
import { standing, type Standing } from '../../shoe/live-history.ts';
import { lyingNow } from '../../shoe/lying-stakes.ts';
import { settlementTotals, type Totals } from '../../shoe/settlement-row.ts';
import type { ShoeState } from '../../shoe/state.ts';

export interface FloorMoney {
  /**
   * Free stakes on the layout (cents) and how many: those placed for the coup
   * and, until the next open writes them again, those an après (or, insured, a
   * 31 après) left standing (docs/rules.md#apres) — the chips lie there, so the
   * floor read 0.00 between an après and the next open. A stake a 31 après
   * imprisoned is in {@link inPrison} only.
   */
  onLayout: number;
  stakes: number;
  /** Stakes in prison (cents) and how many. */
  inPrison: number;
  prisoners: number;
  /**
   * Of {@link inPrison}, the stakes the shoe's first line carried in from the shoe before (a suspension carries prison
   * on): a new shoe showed "In prison 90.00 (3 stakes)" before its first coup, with no word of where they came from
   * (outsider pass 20, F11).
   */
  carriedPrison: { amount: number; stakes: number };
  /** The last coup completed: its table totals, and whether they may be paid yet (docs/rules.md#confirming-the-call). */
  coup: { coup: number; standing: Standing; totals: Totals } | null;
  /** Every coup of the shoe so far that may be paid (or was annulled), with the end-of-shoe release. */
  shoe: Totals;
  /**
   * Coups whose call still waits for the tailleur's confirmation or for the
   * chef's ruling: nothing of them may be paid yet (docs/rules.md#confirming-the-call),
   * and a ruling may annul them, so they stay out of {@link shoe} and are shown apart.
   */
  held: Totals & { coups: number };
  /**
   * The stakes a shoe's end sent back to the players and nobody has yet marked handed back (cents, how many, and of
   * which shoe): the same entries the table screens list "To hand back" (shoe/hand-back.ts) — the previous shoe's,
   * those carried from earlier ones, and once the shoe in play has ended, its own — each gone once the shoe in play
   * records its `handed-back` (docs/shoe-log.md#handed-back). The floor said 0.00 on the layout and nothing of them.
   */
  handBack: { shoe: string; amount: number; stakes: number }[];
  /** All of {@link handBack} added up: a table whose crew never marks them listed seven entries and no total (outsider pass 20, F10). */
  handBackTotal: { amount: number; stakes: number };
}

/** `ended`: what the table's previous shoe left to hand back (previous-shoe.ts), if anything. */
export function floorMoney(state: ShoeState, ended: HandBack | null = null): FloorMoney {
  const last = state.coups.findLast((c) => c.status !== 'dealing');
  const unpayable = (s: Standing) => s === 'provisional' || s === 'disputed';
  const held = state.coups.filter((c) => unpayable(standing(c)));
  const counted = state.coups.filter((c) => !unpayable(standing(c)));
  // the same stakes the end of a shoe would hand back (shoe/evolve.ts)
  const layout = [...state.stakes, ...lyingNow(state)];
  const carriedIds = new Set(state.carriedPrison.map((p) => p.id));
  const carried = state.prison.filter((p) => carriedIds.has(p.id));
  const handBack = handBacksOf(state, ended).map((h) => ({ shoe: h.shoe, amount: h.rows.reduce((sum, r) => sum + r.amount, 0), stakes: h.rows.length }));
  return {
    onLayout: layout.reduce((sum, s) => sum + s.amount, 0),
    stakes: layout.length,
    inPrison: state.prison.reduce((sum, p) => sum + p.amount, 0),
    prisoners: state.prison.length,
    carriedPrison: { amount: carried.reduce((sum, p) => sum + p.amount, 0), stakes: carried.length },
    coup: last ? { coup: last.coup, standing: standing(last), totals: settlementTotals(last.settlement).table } : null,
    shoe: settlementTotals([...counted.flatMap((c) => c.settlement), ...state.release]).table,
    held: { ...settlementTotals(held.flatMap((c) => c.settlement)).table, coups: held.length },
    handBack,
    handBackTotal: { amount: handBack.reduce((sum, h) => sum + h.amount, 0), stakes: handBack.reduce((sum, h) => sum + h.stakes, 0) },
  };
}
