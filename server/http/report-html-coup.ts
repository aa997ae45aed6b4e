/**
 * One coup of the printable report: its two rows with their cards, the call,
 * who confirmed it and when (or the dispute and the chef's ruling), and its
 * settlement with totals. Everything is escaped (html-escape.ts).
 */
import type { SettlementRow, Totals } from '../../shoe/settlement-row.ts';
import type { Coup, ShoeState } from '../../shoe/state.ts';
import { coupView } from '../../shoe/table-view.ts';
import { html, type Html } from './html-escape.ts';
import { originHtml, type RowPlace } from './report-stake-origin.ts';
import { cardInGlyphs, REPORT_TERMS } from './report-terms.ts';
import { actorWords, CHANCE_WORDS, reportLocale, type ReportLocale } from './report-words.ts';

const ENGLISH = reportLocale('en', 'UTC');

function cardHtml(c: { card: string; exposed: boolean }, exposedWord: string): Html {
  const red = c.card[1] === 'H' || c.card[1] === 'D';
  return html`<span class="card${red ? ' red' : ''}" title="${c.card}${c.exposed ? ` (${exposedWord})` : ''}">${cardInGlyphs(c.card)}${c.exposed ? '*' : ''}</span> `;
}

function who(locale: ReportLocale, by?: string, at?: string): string {
  return `${actorWords(locale.words, by)} ${locale.words.at} ${locale.time(at)}`;
}

/**
 * A prison stake's name (docs/rules.md#prison-stake-id), as the CSV's `stake` column gives it: a seat's two stakes on
 * one chance, sent to prison at different 31 après, made two rows the report could not tell apart.
 */
function stakeName(r: SettlementRow, word: string): Html | string {
  return r.stake === undefined ? '' : html` <small class="stake-id" data-stake="${r.stake}">(${word} ${r.stake})</small>`;
}

/** `place`: where the rows are in the shoe, to say where each stake came from (report-stake-origin.ts). */
export function settlementTable(rows: readonly SettlementRow[], totals: Totals | null, locale: ReportLocale = ENGLISH, place?: RowPlace): Html {
  const w = locale.words;
  const outcome = REPORT_TERMS[locale.lang].outcome;
  const { money } = locale;
  if (rows.length === 0) return html`<p class="none">${w.noStakes}</p>`;
  return html`<table class="settlement">
<thead><tr><th>${w.player}</th><th>${w.chance}</th><th>${w.stake}</th><th>${w.outcome}</th><th>${w.paid}</th><th>${w.collected}</th><th>${w.returned}</th><th>${w.premium}</th><th>${w.prisonLevel}</th><th>${w.net}</th></tr></thead>
<tbody>${rows.map((r) => html`<tr><td>${r.player}</td><td>${CHANCE_WORDS[r.chance]}</td><td class="n">${money(r.amount)}</td><td>${outcome[r.outcome]}${r.forced ? ` (${w.forced})` : ''}${r.to ? ` → ${CHANCE_WORDS[r.to]}` : ''}${stakeName(r, w.stakeId)}${originHtml(r, place, locale)}</td><td class="n">${money(r.paid)}</td><td class="n">${money(r.collected)}</td><td class="n">${money(r.returned)}</td><td class="n">${money(r.premium)}</td><td class="n">${locale.number(r.level)}</td><td class="n">${money(r.net)}</td></tr>`)}</tbody>
${totals ? html`<tfoot><tr><th colspan="4">${w.totalsBank} ${money(totals.bank)})</th><td class="n">${money(totals.paid)}</td><td class="n">${money(totals.collected)}</td><td class="n">${money(totals.returned)}</td><td class="n">${money(totals.premium)}</td><td></td><td></td></tr></tfoot>` : ''}
</table>`;
}

/** `coups`: the shoe's, to say where each stake of the coup came from. */
export function coupSection(coup: Coup, locale: ReportLocale = ENGLISH, coups: ShoeState['coups'] = [coup]): Html {
  const v = coupView(coup);
  const w = locale.words;
  const terms = REPORT_TERMS[locale.lang];
  const row = (name: string, r: typeof v.noir) =>
    html`<tr><th>${name}</th><td>${r.cards.map((c) => cardHtml(c, w.exposedCard))}</td><td class="n">${locale.number(r.total)}</td><td>${r.announced ?? ''}</td></tr>`;
  const steps: Html[] = [];
  if (coup.confirmed) steps.push(html`<li>${w.confirmedBy} ${who(locale, coup.confirmed.by, coup.confirmed.at)}</li>`);
  if (coup.dispute) steps.push(html`<li>${w.disputedBy} ${who(locale, coup.dispute.by, coup.dispute.at)}: ${w.announced} “${coup.dispute.announced}”</li>`);
  if (coup.resolution)
    steps.push(
      html`<li>${w.ruling} “${terms.ruling[coup.resolution.ruling]}” ${w.by} ${who(locale, coup.resolution.by, coup.resolution.at)}: ${coup.resolution.reason}</li>`,
    );
  if (steps.length === 0) steps.push(html`<li>${w.notConfirmed} (${terms.status[coup.status]})</li>`);
  return html`<section class="coup">
<h3>${w.coup[0]!.toUpperCase() + w.coup.slice(1)} ${locale.number(coup.coup)} <small>${terms.status[coup.status]}${coup.exposed ? `, ${w.exposedCard}` : ''}</small></h3>
<table class="rows">${row('Noir', v.noir)}${row('Rouge', v.rouge)}</table>
<p class="call">${w.call}: <strong>${v.call ?? (coup.status === 'annulled' ? w.annulled : '—')}</strong></p>
<ul class="who">${steps}</ul>
${settlementTable(v.settlement, v.totals?.table ?? null, locale, { coups, coup })}
</section>`;
}
