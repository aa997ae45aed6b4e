/**
 * What a shoe that ended left on the layout for the players ("returns of a
 * coup cut by a suspension stay visible"). When a shoe ends — suspended by the
 * chef, by the shuffler's reload (docs/rules.md#end-of-shoe), or run out — the
 * coup cut short is annulled and its stakes go back to the players, as do
 * stakes placed for a coup never dealt and, where the house releases them, the
 * prisons. The next shoe's view no longer holds them while the payeur may
 * still be counting out the chips, so the table lists them, derived from the
 * ended shoe's record, until a `handed-back` event of the shoe in play says
 * the chips are out (docs/shoe-log.md#handed-back): the same list on every
 * screen, after a restart and in a fresh browser.
 */
import type { Chance, HandBack } from './events.ts';
import type { SettlementRow } from './settlement-row.ts';
import type { ShoeState } from './state.ts';
import { tableView, type TableView } from './table-view.ts';

export type HandBackRow = HandBack['rows'][number];
export type { HandBack };

/**
 * A row of the shoe's end goes back from prison when the stake had counted as handed to the bank (`net` is the
 * amount back, docs/rules.md#settlement-outcomes), from the layout when it never left the player (`net` 0).
 */
const released = (r: SettlementRow): HandBackRow['from'] => (r.net === 0 ? 'layout' : 'prison');

const handed =
  (from: (r: SettlementRow) => HandBackRow['from']) =>
  (r: SettlementRow): HandBackRow[] =>
    r.returned > 0
      ? [
          {
            player: r.player,
            chance: r.chance as Chance,
            amount: r.returned,
            ...(r.insured && { insured: true }),
            ...(r.premiumBack && { premium: r.premiumBack }),
            from: from(r),
          },
        ]
      : [];

/** What goes back to the players from the shoe of `view` (its last view); null when nothing does. */
export function handBackOf(view: TableView): HandBack | null {
  const cut = view.alerts.find((a) => a.kind === 'annulled' && a.code === 'CUT_SHORT' && a.coup !== undefined);
  // or the coup whose annulment wrote a held end: its stakes were returned in the same moment the shoe ended
  const ruled = cut ? undefined : view.end?.annulledCoup;
  const annulled = cut?.coup ?? ruled;
  const coup = annulled !== undefined ? [view.coup, ...view.recent].find((c) => c?.coup === annulled && c?.standing === 'annulled') : undefined;
  const rows = [...(coup?.settlement ?? []).flatMap(handed(() => 'coup')), ...view.release.flatMap(handed(released))];
  if (rows.length === 0) return null;
  const end = view.end;
  return {
    shoe: view.shoe,
    how: !end ? 'left' : end.reason === 'empty' ? 'empty' : 'suspended',
    ...(end?.note !== undefined && { note: end.note }),
    ...(coup && { coup: coup.coup }),
    ...(coup && ruled !== undefined && { annulled: 'ruling' as const }),
    rows,
  };
}

/** The entries of `ended` (the earlier shoes' hand-backs) not yet marked handed back in the shoe in play. */
export function pendingHandBacks(ended: readonly (HandBack | null)[], handedBack: readonly string[]): HandBack[] {
  return ended.filter((h): h is HandBack => h !== null && !handedBack.includes(h.shoe));
}

/** What the shoe of `state` leaves to hand back once another shoe begins (all its alerts read: the cut is the last of them). */
export function endedHandBack(state: ShoeState): HandBack | null {
  return state.phase === 'idle' ? null : handBackOf(tableView(state, Number.POSITIVE_INFINITY));
}

/**
 * The list the shoe in play shows: the entries its first line carried from
 * earlier shoes, then the previous shoe's (`ended`), less those a
 * `handed-back` event of this shoe names; once the shoe in play has ended, its
 * own entry last. The payeur hands the chips back as soon as the shoe stops,
 * not when the tailleur starts the next one (an outsider found the box missing
 * the shoe just suspended, pass 8), though the mark is recorded only in the
 * next shoe (hand-back-mark.ts).
 */
export function handBacksOf(state: ShoeState, ended: HandBack | null): HandBack[] {
  if (state.phase === 'idle') return [];
  const carried = state.carriedHandBack.filter((h) => h.shoe !== ended?.shoe);
  const own = state.phase === 'ended' ? endedHandBack(state) : null;
  return pendingHandBacks([...carried, ended, own], state.handedBack);
}
