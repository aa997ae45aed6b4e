/**
 * GET /api/shoes/:id/report.html (issue "printable HTML report"): a page
 * rendered on the server from a template string, every value escaped: the
 * shoe and its rules, every coup with its rows, call, who confirmed it and
 * when, and its settlement; the end-of-shoe release, the alerts, the totals
 * and each player's net. Print CSS keeps a coup on one page.
 */
import type { ReplayReport } from '../../shoe/replay-report.ts';
import { settlementTotals } from '../../shoe/settlement-row.ts';
import type { ShoeState } from '../../shoe/state.ts';
import type { StoredEvent } from '../store/stored-event.ts';
import { html } from './html-escape.ts';
import { coupSection, money, settlementTable } from './report-html-coup.ts';

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
}

export function reportHtml({ state, events, report, nonce }: ReportPage): string {
  const allRows = [...state.coups.flatMap((c) => c.settlement), ...state.release];
  const totals = settlementTotals(allRows).table;
  const first = events[0];
  const last = events.at(-1);
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shoe ${state.shoe} — table ${state.table}</title>
<style nonce="${nonce}">${STYLE}</style></head>
<body>
<h1>Trente et Quarante — table ${state.table}</h1>
<p>Shoe <code>${state.shoe}</code>, ${state.cardsInShoe} cards. Started ${first?.at ?? '—'} by ${first?.by ?? '—'}; last event ${last?.at ?? '—'}.
Ended: ${state.end ? `${state.end.reason}${state.end.auto ? ' (by the rules)' : ''}` : 'not ended'}. ${events.length} events, ${state.coups.length} coups.</p>
<p>Rules: burn ${state.rules.burn}, minimum ${money(state.rules.min)}, maximum ${money(state.rules.max)}, insurance ${state.rules.insurance * 100} %, prison levels ${state.rules.maxPrisonLevel}, exposed-coup limit ${state.rules.exposedCoupLimit}, end-of-shoe release ${state.rules.endOfShoeRelease ? 'yes' : 'no'}.</p>
<h2>Coups</h2>
${state.coups.length === 0 ? html`<p class="none">No coup was dealt.</p>` : state.coups.map(coupSection)}
<h2>End of shoe</h2>
${settlementTable(state.release, state.release.length > 0 ? settlementTotals(state.release).table : null)}
${state.prison.length > 0 ? html`<p>Still in prison: ${state.prison.map((p) => `${p.player} ${p.chance} ${money(p.amount)} (level ${p.level})`).join('; ')}</p>` : ''}
<h2>Alerts</h2>
${report.alerts.length === 0 ? html`<p class="none">No alerts.</p>` : html`<ul>${report.alerts.map((a) => html`<li><strong>${a.kind}</strong>${a.coup !== undefined ? ` (coup ${a.coup})` : ''}${a.seq !== undefined ? ` (card ${a.seq})` : ''}: ${a.message}</li>`)}</ul>`}
<h2>Totals</h2>
<table><tr><th>Paid</th><td class="n">${money(totals.paid)}</td></tr><tr><th>Collected</th><td class="n">${money(totals.collected)}</td></tr>
<tr><th>Returned</th><td class="n">${money(totals.returned)}</td></tr><tr><th>Premiums</th><td class="n">${money(totals.premium)}</td></tr>
<tr><th>Bank result</th><td class="n">${money(totals.bank)}</td></tr></table>
<h3>Players</h3>
${Object.keys(report.players).length === 0 ? html`<p class="none">No player.</p>` : html`<table><tr><th>Player</th><th>Net</th></tr>${Object.entries(report.players).map(([p, { net }]) => html`<tr><td>${p}</td><td class="n">${money(net)}</td></tr>`)}</table>`}
</body></html>
`.text;
}
