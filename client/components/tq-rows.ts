/**
 * The two rows of a coup as dealt: Noir above, Rouge below, card by card, each
 * with its running total and, once past thirty, its announcement in French —
 * all as the server computed them (CoupView).
 */
import { css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { CoupView } from '../../server/http/contract.ts';
import { t } from '../i18n.ts';
import './tq-card.ts';
import { TqElement, tqStyles } from './tq-element.ts';

type RowName = 'noir' | 'rouge';

@customElement('tq-rows')
export class TqRows extends TqElement {
  @property({ attribute: false }) accessor coup: CoupView | null = null;
  @property({ reflect: true }) accessor size: 'lg' | 'md' | 'sm' = 'md';

  static override styles = tqStyles(
    css`
      :host { display: block; }
      .row {
        display: grid; grid-template-columns: 7.5rem 1fr 7rem; align-items: center; gap: 12px;
        padding: 10px 12px; border-radius: var(--radius); background: rgba(0, 0, 0, 0.18); border: 1px solid var(--line);
      }
      .row + .row { margin-top: 10px; }
      .row.winner { border-color: var(--gold); box-shadow: inset 0 0 0 2px var(--gold); }
      .name { font: 700 1.4rem/1.1 var(--font-call); letter-spacing: 0.04em; }
      .name small { display: block; font: 500 0.75rem var(--font); color: var(--ink-dim); letter-spacing: 0; }
      .rouge .name { color: var(--red-bright); }
      /* One line of cards, whatever their number: past what fits, each card slides under the next and
         keeps its corner (rank and suit) in sight, as a dealt row fans on the cloth. A sixth card that
         wrapped pushed the call below a 1024×768 tablet's screen (seen by an outsider: the tailleur
         scrolled to read what he announces). */
      .cards { display: flex; flex-wrap: nowrap; min-width: 0; container-type: inline-size; min-height: calc(var(--card-h, 118px)); align-items: center; }
      .cards tq-card { flex: none; position: relative; }
      .cards tq-card + tq-card { margin-left: min(8px, calc((100cqi - var(--n) * var(--w)) / max(var(--n) - 1, 1))); }
      /* Large cards shrink so five fit a line (a row of five wrapped in two on a 1024×768 tablet and
         pushed the call off the screen, seen by an outsider playing a whole shoe); 108 px where there is room.
         4 px are left over: five cards filling the line exactly still wrapped 4 + 1 on a rounding. */
      :host([size='lg']) .cards { container-type: inline-size; --lg-w: clamp(56px, calc((100cqi - 36px) / 5), 108px); --card-h: calc(var(--lg-w) * 1.4); }
      :host([size='lg']) .cards tq-card { --w: var(--lg-w); }
      :host([size='sm']) .cards { --card-h: 62px; }
      :host([size='sm']) .cards tq-card + tq-card { margin-left: min(4px, calc((100cqi - var(--n) * var(--w)) / max(var(--n) - 1, 1))); }
      /* the total's column takes the width of its word: "Quarante", the longest, overran 4.5rem and touched the box on the payeur's and surveillance's screens (outsider pass 18) */
      :host([size='sm']) .row { grid-template-columns: 4.5rem 1fr minmax(4.5rem, max-content); padding: 6px 8px; }
      :host([size='sm']) .name { font-size: 1rem; }
      :host([size='sm']) .total { font-size: 1.5rem; }
      .total { text-align: right; font: 700 2.6rem/1 var(--font); font-variant-numeric: tabular-nums; }
      :host([size='lg']) .total { font-size: 3.4rem; }
      .announced { display: block; font: italic 600 1.3rem/1.2 var(--font-call); color: var(--gold); }
      :host([size='lg']) .announced { font-size: 1.9rem; }
      .empty { color: var(--ink-dim); font-style: italic; }
      @media (max-width: 900px) {
        .row { grid-template-columns: 5rem 1fr 5rem; }
        .total { font-size: 2rem; }
      }
    `,
  );

  #row(name: RowName) {
    const row = this.coup?.[name];
    const cards = row?.cards ?? [];
    const size = this.size === 'sm' ? 'sm' : this.size === 'lg' ? 'lg' : 'md';
    const winner = this.coup?.result === name && this.coup.status !== 'annulled';
    return html`<section class="row ${name} ${winner ? 'winner' : ''}" data-row=${name} aria-label=${name === 'noir' ? 'Noir' : 'Rouge'}>
      <div class="name">${name === 'noir' ? 'Noir' : 'Rouge'}<small>${t(name === 'noir' ? 'rows.upper' : 'rows.lower')}</small></div>
      <div class="cards" style="--n: ${cards.length}">
        ${cards.length === 0 ? html`<span class="empty">${t('rows.noCards')}</span>` : ''}
        ${cards.map((c) => html`<tq-card card=${c.card} ?exposed=${c.exposed} size=${size} data-seq=${c.seq}></tq-card>`)}
      </div>
      <div class="total" data-total=${name}>
        ${cards.length ? row?.total : '–'}
        ${row?.announced ? html`<span class="announced" lang="fr" data-announced=${name}>${row.announced}</span>` : ''}
      </div>
    </section>`;
  }

  override render() {
    return html`${this.#row('noir')}${this.#row('rouge')}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-rows': TqRows;
  }
}
