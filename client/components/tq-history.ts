/**
 * The shoe so far, beside the coup in play: the scoreboard, the last coups
 * with their settlement (and whether it may be paid yet), and each seat's
 * result over the shoe. Every figure is the server's (TableView.recent,
 * TableView.balances).
 */
import { css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { CoupView, TableView } from '../../server/http/contract.ts';
import { formatCents } from '../format.ts';
import { lang, t, type Key } from '../i18n.ts';
import { seatResults, type SeatResult } from '../seat-result.ts';
import './tq-scoreboard.ts';
import { TqElement, tqStyles } from './tq-element.ts';

const TONE: Record<CoupView['standing'], string> = { dealing: 'muted', provisional: 'provisional', disputed: 'bad', payable: 'ok', annulled: 'muted' };

/** Money with its sign, a gain with its plus: "+75,00", "-40,00". */
const signedCents = (n: number) => `${n > 0 ? '+' : ''}${formatCents(n, lang())}`;

@customElement('tq-history')
export class TqHistory extends TqElement {
  @property({ attribute: false }) accessor view: TableView | null = null;
  /** The tailleur's short form: no per-seat lines under each coup. */
  @property({ type: Boolean }) accessor compact = false;

  static override styles = tqStyles(
    css`
      :host { display: block; }
      .cols { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 12px; }
      :host([compact]) .cols { grid-template-columns: 1fr; }
      td, th { padding: 3px 5px; font-size: 0.9rem; }
      .call { font-family: var(--font-call); font-style: italic; }
      .apres31 { color: #d9b8ff; font-weight: 700; }
      .annulled { text-decoration: line-through; color: var(--ink-dim); }
      .provisional { background: #3a3a3a; color: #f0f0f0; border: 1px dashed #bbb; }
      .seats { font-size: 0.8rem; color: var(--ink-dim); }
      /* the result counts a stake when it goes to prison; the coup lines count chips when they move: said, as a payeur read
         the two as disagreeing (outside crew pass 52) */
      .legend { font-size: 0.75rem; margin: 4px 0 0; }
      .from-before { display: block; font-size: 0.75rem; color: var(--ink-dim); white-space: normal; }
      /* a coup's state and a seat with its result each read as one piece: at 1024 px an Italian
         'da confermare' broke inside its pill, and 's5' ended a line with '+120,00' on the next */
      .badge, .seat .lead, .seat .held { white-space: nowrap; }
      /* a seat wraps as one piece: its over-maximum return started a line under another seat's figures (outsider pass 8) */
      .seat { display: inline-block; vertical-align: top; margin-right: 0.6em; padding-left: 1.5em; text-indent: -1.5em; }
      .pos { color: #b9f3d2; } .neg { color: #ffc9cb; } .held { color: #d9b8ff; }
      @media (max-width: 1000px) { .cols { grid-template-columns: 1fr; } }
    `,
  );

  #signed(n: number) {
    return html`<span class=${n > 0 ? 'pos' : n < 0 ? 'neg' : ''}>${signedCents(n)}</span>`;
  }

  /**
   * A seat's money (a real loss with its minus), then its stakes held in prison or handed back, no minus on them;
   * the name stays on one line with its first piece, the stakes after it may wrap.
   */
  #seat(r: SeatResult) {
    const pieces = [
      ...(r.money !== 0 || r.held.length === 0 ? [html`<span data-money>${this.#signed(r.money)}</span>`] : []),
      ...r.held.map((h) => html`<span class="held" data-outcome=${h.outcome}>${h.text}</span>`),
    ];
    const [first, ...rest] = pieces;
    return html`<span class="seat" data-seat=${r.player}><span class="lead">${r.player} ${first}</span>${rest.map((p) => html` ${p}`)}</span> `;
  }

  #coups(recent: CoupView[]) {
    const l = lang();
    if (recent.length === 0) return html`<p class="muted">${t('history.none')}</p>`;
    return html`<table data-recent>
      <thead><tr><th>${t('col.coup')}</th><th></th><th></th><th class="num">${t('col.paid')}</th><th class="num">${t('col.collected')}</th></tr></thead>
      <tbody>${recent.map((c) => {
        const kind = c.standing === 'annulled' ? 'annulled' : c.result === 'apres31' ? 'apres31' : '';
        const seats = seatResults(c.settlement);
        return html`<tr data-coup=${c.coup} data-standing=${c.standing}>
            <td>${c.coup}</td>
            <td class="call ${kind}" lang="fr">${c.result === 'apres31' && c.standing !== 'annulled' ? t('call.apres31') : (c.call ?? '–')}</td>
            <td><span class="badge ${TONE[c.standing]}">${t(`call.${c.standing === 'payable' ? c.status : c.standing === 'provisional' ? 'awaiting' : c.standing}` as Key)}</span></td>
            <td class="num">${c.totals && c.standing !== 'annulled' ? formatCents(c.totals.table.paid, l) : ''}</td>
            <td class="num">${c.totals && c.standing !== 'annulled' ? formatCents(c.totals.table.collected, l) : ''}</td>
          </tr>
          ${this.compact || seats.length === 0 ? '' : html`<tr class="seats"><td></td><td colspan="4">${seats.map((r) => this.#seat(r))}</td></tr>`}`;
      })}</tbody>
    </table>`;
  }

  /**
   * The seat's result counts a stake sent to prison as out of the player's hands (it comes back when
   * released); the stakes the seat has in prison now stand beside it, so a payeur does not read
   * −800,00 as 800,00 lost (seen by an outsider after a 31 après).
   */
  #balances(balances: TableView['balances'], prison: TableView['prison']) {
    if (balances.length === 0) return html`<p class="muted">${t('history.noBalances')}</p>`;
    const jailed = new Map<string, number>();
    for (const p of prison) jailed.set(p.player, (jailed.get(p.player) ?? 0) + p.amount);
    return html`<table data-balances>
      <thead><tr><th>${t('col.player')}</th><th class="num">${t('history.net')}</th><th class="num">${t('history.inPrison')}</th><th class="num">${t('history.provisional')}</th></tr></thead>
      <tbody>${balances.map(
        (b) => html`<tr data-balance=${b.player}><td>${b.player}</td><td class="num" data-net>${this.#signed(b.net)}${
          // a prison stake of the shoe before come back reads as a gain here: said, so it is not taken for this shoe's win (outside crew pass 51)
          b.fromShoeBefore
            ? html`<small class="from-before" data-from-shoe-before=${b.fromShoeBefore}>${t('history.fromShoeBefore', { amount: signedCents(b.fromShoeBefore) })}</small>`
            : ''
        }</td>
        <td class="num" data-in-prison>${jailed.has(b.player) ? formatCents(jailed.get(b.player)!, lang()) : ''}</td>
        <td class="num muted" data-provisional>${b.provisional ? this.#signed(b.provisional) : ''}</td></tr>`,
      )}</tbody>
    </table>
    <p class="legend muted" data-balance-rule>${t('history.balanceRule')}</p>`;
  }

  override render() {
    const v = this.view;
    if (!v) return '';
    return html`<h2>${t('history.title')}</h2>
      <div class="cols">
        <div><h3>${t('history.recent')}</h3>${this.#coups(v.recent ?? [])}</div>
        <div><h3>${t('history.balances')}</h3>${this.#balances(v.balances ?? [], v.prison ?? [])}</div>
      </div>
      <tq-scoreboard .entries=${v.scoreboard}></tq-scoreboard>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-history': TqHistory;
  }
}
