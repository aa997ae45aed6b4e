/**
 * Where a settlement row's stake came from, in the printable report: a stake an après left on the layout
 * (docs/rules.md#apres: written again by the next `open` as `carried`), a stake already in prison before the coup
 * (docs/rules.md#prison-levels), and a prison stake moved onto another chance (docs/rules.md#prison-choice, its name
 * keeping the chance it was imprisoned on, docs/rules.md#prison-stake-id). The report printed them as new bets, and
 * a moved stake on its new chance without where it came from (outside crew pass 43).
 */
import { rowCarried } from '../../shoe/carried-from.ts';
import type { Chance } from '../../shoe/events.ts';
import { firstImprisoned } from '../../shoe/prison-first-coup.ts';
import type { SettlementRow } from '../../shoe/settlement-row.ts';
import type { Coup, PrisonStake, ShoeState } from '../../shoe/state.ts';
import { html, type Html } from './html-escape.ts';
import { fillTerms } from './report-terms.ts';
import { CHANCE_WORDS, type ReportLang, type ReportLocale } from './report-words.ts';

const EN = {
  carried: 'carried from coup {coup} (après)',
  /** A carried stake the player added to: the part the après left. */
  carriedPart: '{amount} carried from coup {coup} (après), the rest added',
  inPrison: 'in prison since coup {coup}',
  inPrisonFromShoe: 'in prison since the previous shoe',
  movedFrom: 'moved from {chance} at coup {coup}',
};
const IT: Record<keyof typeof EN, string> = {
  carried: 'riportata dal colpo {coup} (après)',
  carriedPart: '{amount} riportati dal colpo {coup} (après), il resto aggiunto',
  inPrison: 'in prigione dal colpo {coup}',
  inPrisonFromShoe: 'in prigione dal sabot precedente',
  movedFrom: 'spostata da {chance} al colpo {coup}',
};

export const ORIGIN_WORDS: Record<ReportLang, typeof EN> = { en: EN, it: IT };

/** The shoe's coups, and the coup whose settlement the row is of (none: the end-of-shoe release, the prison left). */
export interface RowPlace {
  coups: ShoeState['coups'];
  coup?: Coup;
}

/** The row's stake, as the prison stake its name makes it: only the name is read (shoe/prison-first-coup.ts). */
const named = (r: Pick<SettlementRow, 'stake' | 'player' | 'chance' | 'amount'>): PrisonStake | null =>
  r.stake === undefined ? null : { id: r.stake, player: r.player, chance: r.chance, amount: r.amount, level: 0, choosable: false };

/** The notes on a row's stake, in the reader's language; none for a stake placed for this coup. */
export function originNotes(r: Pick<SettlementRow, 'stake' | 'player' | 'chance' | 'amount' | 'level'>, place: RowPlace, locale: ReportLocale): string[] {
  const w = ORIGIN_WORDS[locale.lang];
  const stake = named(r);
  const first = stake ? firstImprisoned(place, stake) : undefined;
  // a stake this coup's 31 après sent to prison was a free stake of this coup: it may have been carried by an après
  if (stake && (place.coup === undefined || first !== place.coup.coup)) {
    // carried in on the shoe's first line (`carried<n>-…`, shoe/prison-id.ts): no coup of this shoe sent it
    const since =
      first !== undefined ? fillTerms(w.inPrison, { coup: locale.number(first) }).text : /^carried\d+-/.test(stake.id) ? w.inPrisonFromShoe : undefined;
    const move = lastMove(stake.id, r.chance, place);
    const moved = move && fillTerms(w.movedFrom, { chance: CHANCE_WORDS[move.chance], coup: locale.number(move.coup) }).text;
    return [since, moved].filter((x): x is string => x !== undefined);
  }
  return place.coup ? carriedNotes(r, place.coup, place.coups, locale) : [];
}

/**
 * The last move that brought the stake onto `chance` before the row's coup: the row of the 31 après whose choice moved
 * it has its chance then and `to` (shoe/prison.ts). Its name's chance is the first one only: moved twice, Rouge → Noir →
 * Couleur, it came to Couleur from Noir.
 */
function lastMove(id: string, chance: Chance, { coups, coup }: RowPlace): { chance: Chance; coup: number } | undefined {
  for (let k = coups.length - 1; k >= 0; k--) {
    const c = coups[k]!;
    if (coup !== undefined && c.coup >= coup.coup) continue;
    const moved = c.settlement.find((x) => x.stake === id && x.to !== undefined);
    if (moved) return moved.to === chance ? { chance: moved.chance, coup: c.coup } : undefined;
  }
  return undefined;
}

/**
 * A free stake the après of the coup before left on the layout (`carried` on the stakes the coup was settled with):
 * with the amount it left when the player has added to it since, as the payeur's list says it (shoe/table-view.ts).
 */
function carriedNotes(
  r: Pick<SettlementRow, 'player' | 'chance' | 'amount' | 'stake' | 'level'>,
  coup: Coup,
  coups: ShoeState['coups'],
  locale: ReportLocale,
): string[] {
  const carried = rowCarried(r, coup, coups);
  if (carried === undefined) return [];
  const w = ORIGIN_WORDS[locale.lang];
  const values = { coup: locale.number(carried.from), amount: locale.money(carried.amount) };
  return [fillTerms(carried.amount > 0 && carried.amount < r.amount ? w.carriedPart : w.carried, values).text];
}

/** The notes under a row's outcome, or nothing. */
export function originHtml(r: SettlementRow, place: RowPlace | undefined, locale: ReportLocale): Html | '' {
  const notes = place ? originNotes(r, place, locale) : [];
  return notes.length === 0 ? '' : html`<br><small class="origin">${notes.join('; ')}</small>`;
}
