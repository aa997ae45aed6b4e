/**
 * The printable report's players' total set against the bank result (docs/rules.md#settlement-outcomes). A row
 * counts a stake as lost to its player when it goes to prison and as the bank's only when lost there, so the two
 * figures differ by the prison: an outside crew's surveillance read a bank result of −5.010,80 against players'
 * +4.920,80 and found the 90,00 between them explained nowhere near the totals (outside crew pass 53, F5).
 * The difference is said with what makes it up — the shoe's own stakes still in prison at its end, and stakes of the
 * shoe before's prison settled here (their players counted them out in that shoe) — only when those make it up exactly.
 */
import { stakeOrigin } from '../../shoe/prison-id.ts';
import type { SettlementRow } from '../../shoe/settlement-row.ts';
import type { ShoeState } from '../../shoe/state.ts';
import { type Html, html } from './html-escape.ts';
import { filled } from './report-terms.ts';
import type { ReportLang, ReportLocale } from './report-words.ts';

const WORDS: Record<ReportLang, { total: string; differ: string; inPrison: string; carried: string }> = {
  en: {
    total: 'All players',
    differ: 'The players’ net and the bank result differ by {gap}',
    inPrison: 'stakes of this shoe still in prison at its end, {amount}: counted as lost by their players when they went to prison, not yet the bank’s',
    carried: 'stakes of the shoe before’s prison settled in this shoe, {amount}: their players counted them out in that shoe',
  },
  it: {
    total: 'Tutti i giocatori',
    differ: 'Il netto dei giocatori e il risultato del banco differiscono di {gap}',
    inPrison:
      'poste di questo sabot ancora in prigione alla sua fine, {amount}: contate come perse dai giocatori quando sono andate in prigione, non ancora del banco',
    carried: 'poste della prigione del sabot precedente regolate in questo sabot, {amount}: i giocatori le hanno contate come uscite in quel sabot',
  },
};

/** Outcomes by which a prison stake leaves prison: returned to its player whole or in part, or collected. */
const LEAVES: ReadonlySet<SettlementRow['outcome']> = new Set(['released', 'returned', 'partager', 'lost-in-prison']);

const carried = (id: string | undefined) => {
  const o = stakeOrigin(id);
  return o !== null && 'carried' in o;
};

export interface Reconciliation {
  /** Players' net plus the bank result: zero when no prison stands between them. */
  gap: number;
  /** This shoe's own stakes in prison at its end. */
  stillInPrison: number;
  /** Stakes carried from the shoe before that left prison in this shoe. */
  carriedSettled: number;
}

export function reconcile(state: Pick<ShoeState, 'coups' | 'release' | 'prison'>, playersNet: number, bank: number): Reconciliation {
  const rows = [...state.coups.flatMap((c) => c.settlement), ...state.release];
  const carriedSettled = rows.filter((r) => LEAVES.has(r.outcome) && carried(r.stake)).reduce((s, r) => s + r.amount, 0);
  const stillInPrison = state.prison.filter((p) => !carried(p.id)).reduce((s, p) => s + p.amount, 0);
  return { gap: playersNet + bank, stillInPrison, carriedSettled };
}

/** The players' total row, and under the table what stands between it and the bank result, when anything does. */
export function reconcileSection(r: Reconciliation, playersNet: number, locale: ReportLocale): { totalRow: Html; note: Html } {
  const w = WORDS[locale.lang];
  const totalRow = html`<tr data-players-total><th>${w.total}</th><td class="n">${locale.money(playersNet)}</td></tr>`;
  if (r.gap === 0) return { totalRow, note: html`` };
  const parts = [
    ...(r.stillInPrison > 0 ? [filled(w.inPrison, { amount: locale.money(r.stillInPrison) })] : []),
    ...(r.carriedSettled > 0 ? [filled(w.carried, { amount: locale.money(r.carriedSettled) })] : []),
  ];
  const explained = r.carriedSettled - r.stillInPrison === r.gap;
  const lead = filled(w.differ, { gap: locale.money(Math.abs(r.gap)) });
  return { totalRow, note: html`<p data-reconcile=${explained ? 'explained' : 'gap'}>${explained ? `${lead}: ${parts.join('; ')}.` : `${lead}.`}</p>` };
}
