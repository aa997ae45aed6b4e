/** One playing card, face up: rank and suit symbol, red or black, legible from a metre away. */
import { css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { cardFace } from '../format.ts';
import { t } from '../i18n.ts';
import { TqElement } from './tq-element.ts';

@customElement('tq-card')
export class TqCard extends TqElement {
  /** Card notation, e.g. "TH", "QS". */
  @property() accessor card = '';
  /** Seen face up inside the shuffler. */
  @property({ type: Boolean, reflect: true }) accessor exposed = false;
  @property({ reflect: true }) accessor size: 'lg' | 'md' | 'sm' = 'md';

  static override styles = css`
    :host { display: inline-block; --w: 84px; }
    :host([size='lg']) { --w: 108px; }
    :host([size='sm']) { --w: 44px; }
    /* a portrait tablet: six large cards a line, not four, so the call
       under two rows of five still shows above the sticky actions instead of under them (seen playing a whole shoe as the crew) */
    @media (max-width: 900px) { :host([size='lg']) { --w: 84px; } }
    .card {
      position: relative; width: var(--w); height: calc(var(--w) * 1.4); border-radius: calc(var(--w) * 0.09);
      background: #fbfaf6; color: #141414; box-shadow: 0 3px 8px rgba(0, 0, 0, 0.45);
      display: grid; place-items: center; font-family: Georgia, 'Times New Roman', serif; user-select: none;
    }
    .card.red { color: #c4161c; }
    .corner { position: absolute; top: 4%; left: 8%; line-height: 0.95; text-align: center; font-weight: 700; font-size: calc(var(--w) * 0.3); }
    .corner span { display: block; font-size: 0.85em; }
    .pip { font-size: calc(var(--w) * 0.62); line-height: 1; margin-top: 18%; }
    :host([size='sm']) .pip { display: none; }
    :host([size='sm']) .corner { position: static; font-size: calc(var(--w) * 0.42); }
    .exposed { outline: 4px solid var(--warn); outline-offset: 2px; }
    .flag {
      position: absolute; bottom: -2px; right: -2px; left: -2px; background: var(--warn); color: #201400;
      font: 700 calc(var(--w) * 0.13) / 1.3 var(--font); text-align: center; border-radius: 0 0 6px 6px; text-transform: uppercase;
    }
  `;

  override render() {
    const face = cardFace(this.card);
    const label = this.exposed ? `${face.label} (${t('card.exposed')})` : face.label;
    return html`<div class="card ${face.red ? 'red' : 'black'} ${this.exposed ? 'exposed' : ''}" role="img" aria-label=${label} title=${this.card}>
      <div class="corner">${face.rank}<span>${face.suit}</span></div>
      <div class="pip">${face.suit}</div>
      ${this.exposed && this.size !== 'sm' ? html`<div class="flag">${t('card.exposed')}</div>` : ''}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-card': TqCard;
  }
}
