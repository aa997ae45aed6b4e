/**
 * One coup of the printable report: its two rows with their cards, the call,
 * who confirmed it and when (or the dispute and the chef's ruling), and its
 * settlement with totals. Everything is escaped (html-escape.ts).
 */
import type { SettlementRow, Totals } from '../../shoe/settlement-row.ts';
import type { Coup } from '../../shoe/state.ts';
import { coupView } from '../../shoe/table-view.ts';
import { html, type Html } from './html-escape.ts';

const SUIT: Record<string, string> = { H: '♥', D: '♦', C: '♣', S: '♠' };

export function money(cents: number): string {
  const sign = cents < 0 ? '−' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function cardHtml(c: { card: string; exposed: boolean }): Html {
  const rank = c.card[0] === 'T' ? '10' : c.card[0];
  const red = c.card[1] === 'H' || c.card[1] === 'D';
  return html`<span class="card${red ? ' red' : ''}" title="${c.card}${c.exposed ? ' (exposed)' : ''}">${rank}${SUIT[c.card[1]!] ?? c.card[1]}${c.exposed ? '*' : ''}</span> `;
}

function who(by?: string, at?: string): string {
  return `${by ?? 'unknown'} at ${at ?? 'unknown time'}`;
}

export function settlementTable(rows: readonly SettlementRow[], totals: Totals | null): Html {
  if (rows.length === 0) return html`<p class="none">No stakes.</p>`;
  return html`<table class="settlement">
<thead><tr><th>Player</th><th>Chance</th><th>Stake</th><th>Outcome</th><th>Paid</th><th>Collected</th><th>Returned</th><th>Premium</th><th>Level</th><th>Net</th></tr></thead>
<tbody>${rows.map((r) => html`<tr><td>${r.player}</td><td>${r.chance}</td><td class="n">${money(r.amount)}</td><td>${r.outcome}${r.forced ? ' (forced)' : ''}${r.to ? ` → ${r.to}` : ''}</td><td class="n">${money(r.paid)}</td><td class="n">${money(r.collected)}</td><td class="n">${money(r.returned)}</td><td class="n">${money(r.premium)}</td><td class="n">${r.level}</td><td class="n">${money(r.net)}</td></tr>`)}</tbody>
${totals ? html`<tfoot><tr><th colspan="4">Totals (bank ${money(totals.bank)})</th><td class="n">${money(totals.paid)}</td><td class="n">${money(totals.collected)}</td><td class="n">${money(totals.returned)}</td><td class="n">${money(totals.premium)}</td><td></td><td></td></tr></tfoot>` : ''}
</table>`;
}

export function coupSection(coup: Coup): Html {
  const v = coupView(coup);
  const row = (name: string, r: typeof v.noir) => html`<tr><th>${name}</th><td>${r.cards.map(cardHtml)}</td><td class="n">${r.total}</td><td>${r.announced ?? ''}</td></tr>`;
  const steps: Html[] = [];
  if (coup.confirmed) steps.push(html`<li>Call confirmed by ${who(coup.confirmed.by, coup.confirmed.at)}</li>`);
  if (coup.dispute) steps.push(html`<li>Disputed by ${who(coup.dispute.by, coup.dispute.at)}: announced “${coup.dispute.announced}”</li>`);
  if (coup.resolution) steps.push(html`<li>Chef's ruling “${coup.resolution.ruling}” by ${who(coup.resolution.by, coup.resolution.at)}: ${coup.resolution.reason}</li>`);
  if (steps.length === 0) steps.push(html`<li>Not confirmed (${coup.status})</li>`);
  return html`<section class="coup">
<h3>Coup ${coup.coup} <small>${coup.status}${coup.exposed ? ', exposed card' : ''}</small></h3>
<table class="rows">${row('Noir', v.noir)}${row('Rouge', v.rouge)}</table>
<p class="call">Call: <strong>${v.call ?? (coup.status === 'annulled' ? 'annulled' : '—')}</strong></p>
<ul class="who">${steps}</ul>
${settlementTable(v.settlement, v.totals?.table ?? null)}
</section>`;
}
