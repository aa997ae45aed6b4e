/**
 * GET /api/shoes/:id/report.html (server/http/API.md): a page
 * rendered on the server from a template string, every value escaped: the
 * shoe and its rules, every coup with its rows, call, who confirmed it and
 * when, and its settlement; the end-of-shoe release, the alerts, the totals
 * and each player's net. Print CSS keeps a coup on one page. The integrity
 * statement is put in its mark at each read (report-integrity.ts).
 */
import { standingHold } from '../../shoe/end-of-shoe.ts';
import type { ReplayReport } from '../../shoe/replay-report.ts';
import { settlementTotals } from '../../shoe/settlement-row.ts';
import { reconcile, reconcileSection } from './report-reconcile.ts';
import type { ShoeState } from '../../shoe/state.ts';
import type { StoredEvent } from '../store/stored-event.ts';
import { Html, html } from './html-escape.ts';
import { INTEGRITY_MARK } from './report-integrity.ts';
import { coupSection, settlementTable } from './report-html-coup.ts';
import { originNotes } from './report-stake-origin.ts';
import { alertInWords, counted, filled, fillTerms, REPORT_TERMS } from './report-terms.ts';
import { actorWords, CHANCE_WORDS, reportLocale, type ReportLocale } from './report-words.ts';

const STYLE = `
body { font: 12pt/1.35 Georgia, serif; margin: 2em; color: #111; }
h1 { font-size: 18pt; margin: 0 0 .2em; } h2 { font-size: 14pt; border-bottom: 1px solid #999; margin-top: 1.5em; }
h3 { font-size: 12pt; margin: 1em 0 .3em; } h3 small { font-weight: normal; color: #555; }
table { border-collapse: collapse; margin: .3em 0; } th, td { border: 1px solid #bbb; padding: .15em .45em; text-align: left; }
td.n { text-align: right; font-variant-numeric: tabular-nums; } .card { font-family: monospace; } .red { color: #b00; }
.coup { page-break-inside: avoid; break-inside: avoid; } .none { color: #666; font-style: italic; } ul.who { margin: .2em 0; }
@media print { body { margin: 0; font-size: 10pt; } a { color: inherit; text-decoration: none; } h2 { break-after: avoid; } }
`;

export interface ReportPage {
  state: ShoeState;
  events: readonly StoredEvent[];
  report: ReplayReport;
  /** Nonce of the one inline style block, allowed by this page's CSP. */
  nonce: string;
  /** The reader's language and time zone (English and UTC by default). */
  locale?: ReportLocale;
}

export function reportHtml({ state, events, report, nonce, locale = reportLocale('en', 'UTC') }: ReportPage): string {
  const w = locale.words;
  const { money, number } = locale;
  const terms = REPORT_TERMS[locale.lang];
  const allRows = [...state.coups.flatMap((c) => c.settlement), ...state.release];
  const totals = settlementTotals(allRows).table;
  const playersNet = Object.values(report.players).reduce((s, p) => s + p.net, 0);
  const balance = reconcileSection(reconcile(state, playersNet, totals.bank), playersNet, locale);
  const first = events[0];
  const last = events.at(-1);
  return html`<!doctype html>
<html lang="${locale.lang}"><head><meta charset="utf-8"><title>${w.shoe} ${state.shoe} — ${w.table} ${state.table}</title>
<style nonce="${nonce}">${STYLE}</style></head>
<body>
<h1>Trente et Quarante — ${w.table} ${state.table}</h1>
<p>${w.shoe} <code>${state.shoe}</code>, ${counted(locale.lang, state.cardsInShoe, 'cards')}. ${w.started} ${locale.time(first?.at)} ${w.by} ${first?.by === undefined ? '—' : actorWords(w, first.by)}; ${w.lastEvent} ${locale.time(last?.at)}.
${state.end ? `${w.ended}: ${terms.end[state.end.reason]}${state.end.auto ? ` (${w.byRules})` : ''}${endDetails(events, locale)}` : w.notEnded}. ${counted(locale.lang, events.length, 'events')}, ${counted(locale.lang, state.coups.length, 'coups')}. <small>${w.times} ${locale.zone}.</small></p>
<p>${w.rules}: ${w.burn} ${number(state.rules.burn)}, ${w.minimum} ${money(state.rules.min)}, ${w.maximum} ${money(state.rules.max)}, ${w.insurance} ${number(Math.round(state.rules.insurance * 1e6) / 1e4)} %, ${w.prisonLevels} ${number(state.rules.maxPrisonLevel)}, ${w.exposedLimit} ${number(state.rules.exposedCoupLimit)}, ${w.release} ${state.rules.endOfShoeRelease ? w.yes : w.no}.</p>
${new Html(INTEGRITY_MARK)}
<h2>${w.coupsTitle}</h2>
${state.coups.length === 0 ? html`<p class="none">${w.noCoup}</p>` : state.coups.map((c) => coupSection(c, locale, state.coups))}
<h2>${w.endTitle}</h2>
${settlementTable(state.release, state.release.length > 0 ? settlementTotals(state.release).table : null, locale, { coups: state.coups })}
${handedBackList(events, locale)}
${state.prison.length > 0 ? html`<p>${w.stillInPrison}: ${state.prison.map((p) => `${p.player} ${CHANCE_WORDS[p.chance]} ${money(p.amount)} (${[`${w.level} ${number(p.level)}`, `${w.stakeId} ${p.id}`, ...originNotes({ ...p, stake: p.id }, { coups: state.coups }, locale)].join(', ')})`).join('; ')}</p>` : ''}
<h2>${w.alerts}</h2>
${state.alerts.length === 0 ? html`<p class="none">${w.noAlerts}</p>` : html`<ul>${state.alerts.toArray().map((a) => html`<li><strong>${(a.code !== undefined ? terms.kind[`${a.kind}.${a.code}`] : undefined) ?? terms.kind[a.kind] ?? a.kind}</strong>${a.coup !== undefined ? ` (${w.coup} ${number(a.coup)})` : ''}${a.seq !== undefined ? ` (${w.card} ${number(a.seq)})` : ''}: ${alertInWords(locale.lang, a)}</li>`)}</ul>`}
<h2>${w.totals}</h2>
<table><tr><th>${w.paid}</th><td class="n">${money(totals.paid)}</td></tr><tr><th>${w.collected}</th><td class="n">${money(totals.collected)}</td></tr>
<tr><th>${w.returned}</th><td class="n">${money(totals.returned)}</td></tr><tr><th>${w.premiums}</th><td class="n">${money(totals.premium)}</td></tr>
<tr><th>${w.bankResult}</th><td class="n">${money(totals.bank)}</td></tr></table>
<h3>${w.players}</h3>
${Object.keys(report.players).length === 0 ? html`<p class="none">${w.noPlayer}</p>` : html`<table><tr><th>${w.player}</th><th>${w.net}</th></tr>${Object.entries(report.players).map(([p, { net }]) => html`<tr><td>${p}</td><td class="n">${money(net)}</td></tr>`)}${balance.totalRow}</table>${balance.note}`}
</body></html>
`.text;
}

/**
 * Who ended the shoe, when and why, and, for an end asked while a call
 * waited (docs/rules.md#held-end), when it was asked: the report said only
 * "Ended: suspended" though the record names the chef, his reason and the
 * wait (an outsider's pass). Values are escaped by the page's template.
 */
function endDetails(events: readonly StoredEvent[], locale: ReportLocale): string {
  const w = locale.words;
  const end = events.findLast((e) => e.type === 'end');
  if (!end) return '';
  const held = standingHold(events.filter((e) => e.i < end.i));
  const note = end.type === 'end' ? end.note : undefined;
  const parts = [
    held
      ? // the shuffler's EMPTY held behind a call is no one's request: "asked by shuffler" read oddly (outsider pass 18)
        filled(held.reason === 'empty' ? w.endHeldEmpty : w.endHeld, { by: actorWords(w, held.by), at: locale.time(held.at) })
      : filled(w.endBy, { by: actorWords(w, end.by), at: locale.time(end.at) }),
    note === undefined ? '' : filled(w.endReason, { note }),
  ].filter(Boolean);
  return ` (${parts.join('; ')})`;
}

/**
 * The hand-backs recorded in this shoe (docs/shoe-log.md#handed-back): the report of the shoe the payeur marked them in
 * said nothing of them, nor did the ended shoe's, so 815.00 handed back was in no report (outsider pass 37).
 */
function handedBackList(events: readonly StoredEvent[], locale: ReportLocale): Html | '' {
  const w = locale.words;
  const marked = events.filter((e): e is StoredEvent & { type: 'handed-back' } => e.type === 'handed-back');
  if (marked.length === 0) return '';
  const line = (e: StoredEvent & { type: 'handed-back' }) => {
    const rows = e.rows ?? [];
    const { text } = fillTerms(w.handedBackOf, {
      shoe: e.shoe,
      amount: locale.money(rows.reduce((sum, r) => sum + r.amount, 0)),
      stakes: counted(locale.lang, rows.length, 'stakes'),
      by: e.by === undefined ? '—' : actorWords(w, e.by),
      at: locale.time(e.at),
    });
    return html`<li>${text}</li>`;
  };
  return html`<h3>${w.handedBack}</h3><ul>${marked.map(line)}</ul>`;
}
