/**
 * The deck check of a shoe (from GET /api/shoes/:id/report): how many of each
 * of the 52 cards were seen against the six a shoe holds, and the foreign and
 * missing cards as the server listed them (missing means something only once
 * the shoe ended empty: the server says so).
 */
import { css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Report } from '../api.ts';
import { cardFace } from '../format.ts';
import { t } from '../i18n.ts';
import { TqElement, tqStyles } from './tq-element.ts';

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'];
const SUITS = ['H', 'D', 'C', 'S'];

@customElement('tq-deck-check')
export class TqDeckCheck extends TqElement {
  @property({ attribute: false }) accessor deck: Report['deck'] | null = null;

  static override styles = tqStyles(
    css`
      :host { display: block; }
      table { width: auto; }
      th, td { text-align: center; padding: 2px 5px; font-variant-numeric: tabular-nums; }
      .suit.red { color: var(--red-bright); }
      td.short { color: #ffd99a; }
      td.full { color: #b9f3d2; font-weight: 700; }
      td.over { color: #fff; background: #7a1014; font-weight: 800; }
      .lists { display: grid; gap: 4px; margin-top: 8px; font-size: 0.9rem; }
      .scroll { overflow-x: auto; }
    `,
  );

  override render() {
    const d = this.deck;
    if (!d) return html`<h2>${t('deck.title')}</h2><p class="muted">${t('common.loading')}</p>`;
    const each = d.expectedEach;
    return html`<h2>${t('deck.title')}</h2>
      <div class="scroll"><table aria-label=${t('deck.title')}>
        <thead><tr><th></th>${RANKS.map((r) => html`<th>${r === 'T' ? '10' : r}</th>`)}</tr></thead>
        <tbody>
          ${SUITS.map((s) => {
            const face = cardFace(`A${s}`);
            return html`<tr><th class="suit ${face.red ? 'red' : ''}">${face.suit}</th>
              ${RANKS.map((r) => {
                const n = d.counts[`${r}${s}`] ?? 0;
                return html`<td class=${n < each ? 'short' : n > each ? 'over' : 'full'} data-card="${r}${s}">${n}</td>`;
              })}</tr>`;
          })}
        </tbody>
      </table></div>
      <div class="lists">
        <span>${t('deck.expected', { n: each })}</span>
        <span data-foreign>${t('deck.foreign')}:
          ${d.foreign.length ? d.foreign.map((f) => html`<b class="badge bad">${cardFace(f.card).label} (#${f.seq})</b> `) : t('common.none')}</span>
        <span data-missing>${t('deck.missing')}:
          ${
            d.missingMeaningful
              ? d.missing.length
                ? d.missing.map((m) => html`<b class="badge warn">${cardFace(m.card).label} ×${each - m.seen}</b> `)
                : t('common.none')
              : html`<span class="muted">${t('deck.notYet')}</span>`
          }</span>
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-deck-check': TqDeckCheck;
  }
}
