/**
 * The settlement of a coup per chance — Rouge, Noir, Couleur, Inverse — with
 * who is paid what, what is collected, imprisoned (level), released, split or
 * returned, the premiums, and the totals per chance and for the table. Every
 * figure is the server's (CoupView.settlement and CoupView.totals).
 */
import { css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Chance, CoupView, SettlementRow, Totals } from '../../server/http/contract.ts';
import { CHANCE_LIST, CHANCE_NAMES } from '../french.ts';
import { formatCents } from '../format.ts';
import { lang, t } from '../i18n.ts';
import './tq-standing.ts';
import { outcomeLabel } from '../outcome-label.ts';
import { oneOfTwoHeld, stakeOriginText } from '../stake-origin.ts';
import { TqElement, tqStyles } from './tq-element.ts';

const money = (n: number) => (n ? formatCents(n, lang()) : '');

@customElement('tq-settlement')
export class TqSettlement extends TqElement {
  @property({ attribute: false }) accessor coup: CoupView | null = null;
  /** The page keeps the coup's standing (pay or not) in a band of its own, always in sight (the payeur's). */
  @property({ type: Boolean, attribute: 'standing-above' }) accessor standingAbove = false;

  static override styles = tqStyles(
    css`
      :host { display: block; container-type: inline-size; }
      .grid { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; }
      th, td { padding: 3px 5px; }
      .grid > * { min-width: 0; }
      .chance { overflow-x: auto; background: rgba(0, 0, 0, 0.2); border: 1px solid var(--line); border-radius: var(--radius); padding: 8px 10px; }
      .chance.won { border-color: var(--gold); }
      .chance h3 { display: flex; justify-content: space-between; align-items: center; font: 700 1.15rem var(--font-call); }
      .chance[data-chance='rouge'] h3 { color: var(--red-bright); }
      table { font-size: 0.9rem; }
      tfoot td { font-weight: 700; border-bottom: 0; border-top: 2px solid var(--line); }
      .outcome { white-space: nowrap; }
      /* under the outcome, not beside it: on one line it pushed the Premium column out of its box ("P…" at 1366, outsider pass 13) */
      .premium-back { display: block; white-space: normal; }
      .o-win, .o-released { color: #b9f3d2; }
      .o-lose, .o-lost-in-prison { color: #ffc9cb; }
      .o-prison, .o-prison-down, .o-partager { color: #ffd99a; }
      .table-totals { margin-top: 10px; display: flex; flex-wrap: wrap; gap: 6px 22px; font-size: 1.1rem; padding: 10px 14px; }
      .table-totals b { font-variant-numeric: tabular-nums; }
      @container (max-width: 1060px) { .grid { grid-template-columns: 1fr; } }
      tq-standing { margin-bottom: 8px; }
      .unpaid .grid, .unpaid .table-totals { opacity: 0.5; filter: grayscale(1); }
      .unpaid .chance.won { border-color: var(--line); }
      .unpaid td.num, .unpaid .table-totals b { text-decoration: line-through dotted; }
      .annulled .chance.won { border-color: var(--line); }
      .apres31 { background: #4b2a6b; color: #e6d0ff; }
    `,
  );

  /**
   * `named`: the seat has two stakes in prison on this chance, told apart by where each came from (client/stake-origin.ts):
   * "to prison (level 1)" and "partager" side by side did not say which stake was split (outside crew pass 47).
   */
  #outcome(r: SettlementRow, named: boolean) {
    const label = outcomeLabel(r);
    const origin = named ? stakeOriginText(r.stake) : null;
    const extra = [r.to ? `→ ${CHANCE_NAMES[r.to]}` : '', r.forced ? t('outcome.forced') : '', r.insured ? t('outcome.insured') : ''].filter(Boolean).join(' ');
    // an annulled insured stake: the premium to give back if it was taken, in figures (outsider pass 11)
    const back = r.premiumBack
      ? html` <small class="premium-back" data-premium-back=${r.premiumBack}>${t('outcome.premiumBack', { amount: formatCents(r.premiumBack, lang()) })}</small>`
      : '';
    return html`<span class="outcome o-${r.outcome}" data-outcome=${r.outcome}>${label}${extra ? html` <small>${extra}</small>` : ''}${back}${
      origin === null ? '' : html` <small class="origin" data-stake-origin=${r.stake ?? ''}>${origin}</small>`
    }</span>`;
  }

  #totalsRow(tot: Totals | undefined) {
    if (!tot) return '';
    return html`<tfoot><tr data-totals>
      <td colspan="3">${t('common.total')} · ${t('settle.bank')} <span data-total="bank">${formatCents(tot.bank, lang())}</span></td>
      <td class="num" data-total="paid">${formatCents(tot.paid, lang())}</td><td class="num" data-total="collected">${formatCents(tot.collected, lang())}</td>
      <td class="num" data-total="returned">${formatCents(tot.returned, lang())}</td><td class="num" data-total="premium">${formatCents(tot.premium, lang())}</td>
    </tr></tfoot>`;
  }

  #chance(c: CoupView, chance: Chance) {
    const rows = c.settlement.filter((r) => r.chance === chance);
    const won = c.standing !== 'annulled' && (c.result === chance || c.couleur === chance);
    const decided = c.result === 'rouge' || c.result === 'noir';
    const annulled = c.standing === 'annulled';
    const state = annulled
      ? t('settle.annulled')
      : decided
        ? t(won ? 'settle.wins' : 'settle.loses')
        : c.result === 'apres31'
          ? t('call.apres31')
          : c.result
            ? t('settle.apres')
            : '';
    const tone = annulled ? 'muted' : won ? 'ok' : decided ? 'bad' : c.result === 'apres31' ? 'apres31' : 'warn';
    return html`<section class="chance ${won ? 'won' : ''}" data-chance=${chance}>
      <h3>${CHANCE_NAMES[chance]} <span class="badge ${tone}">${state}</span></h3>
      <table>
        <thead><tr><th>${t('col.player')}</th><th class="num">${t('col.stake')}</th><th>${t('col.outcome')}</th>
          <th class="num">${t('col.paid')}</th><th class="num">${t('col.collected')}</th><th class="num">${t('col.returned')}</th><th class="num">${t('col.premium')}</th></tr></thead>
        <tbody>
          ${rows.length === 0 ? html`<tr><td colspan="7" class="muted">${t('settle.noStakes')}</td></tr>` : ''}
          ${rows.map(
            (r) => html`<tr data-row="${r.player}:${r.outcome}" data-stake=${r.stake ?? nothing}>
              <td>${r.player}</td><td class="num">${formatCents(r.amount, lang())}</td><td>${this.#outcome(r, oneOfTwoHeld(rows, r))}</td>
              <td class="num">${money(r.paid)}</td><td class="num">${money(r.collected)}</td><td class="num">${money(r.returned)}</td><td class="num">${money(r.premium)}</td>
            </tr>`,
          )}
        </tbody>
        ${this.#totalsRow(c.totals?.perChance[chance])}
      </table>
    </section>`;
  }

  override render() {
    const c = this.coup;
    if (!c) return html`<p class="muted">${t('settle.none')}</p>`;
    if (!c.totals) return html`<p class="muted">${t('settle.afterCall', { n: c.coup })}</p>`;
    const tt = c.totals.table;
    const unpaid = c.standing === 'provisional' || c.standing === 'disputed';
    return html`<div class="${unpaid ? 'unpaid' : ''} ${c.standing}" data-standing=${c.standing}>
      ${this.standingAbove ? '' : html`<tq-standing .coup=${c}></tq-standing>`}
      <div class="grid">${CHANCE_LIST.map((ch) => this.#chance(c, ch))}</div>
      <div class="panel table-totals" data-table-totals>
        <span>${t('settle.tableTotals', { n: c.coup })}</span>
        <span>${t('col.paid')} <b data-table-total="paid">${formatCents(tt.paid, lang())}</b></span>
        <span>${t('col.collected')} <b data-table-total="collected">${formatCents(tt.collected, lang())}</b></span>
        <span>${t('col.returned')} <b data-table-total="returned">${formatCents(tt.returned, lang())}</b></span>
        <span>${t('col.premium')} <b data-table-total="premium">${formatCents(tt.premium, lang())}</b></span>
        <span>${t('settle.bank')} <b data-table-total="bank">${formatCents(tt.bank, lang())}</b></span>
      </div></div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-settlement': TqSettlement;
  }
}
