/**
 * Card × position heat map for the shuffler audit: one row per card (hearts,
 * diamonds, clubs, spades; ace to king), one column per band of places in the
 * shoe, each cell coloured by its standardized residual (O − E)/√E as the
 * server computed it — blue fewer than a fair shuffle puts there, red more.
 */
import { css, html, svg } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { formatFixed } from '../format.ts';
import { lang, t } from '../i18n.ts';
import { shared } from './shared-styles.ts';
import { TqElement } from './tq-element.ts';

// the ten as the cards on every other screen write it, not the log's T (outside crew pass 47)
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♥', '♦', '♣', '♠'];
const CELL_W = 22;
const CELL_H = 8;
const LEFT = 34;
const TOP = 18;
/** Residuals at or beyond this are drawn at full colour. */
const SCALE = 4;

/** Blue for a negative residual, red for a positive one, the table's dark green at zero. */
export function residualColour(r: number): string {
  const x = Math.max(-1, Math.min(1, r / SCALE));
  const base = [16, 36, 28];
  const to = x < 0 ? [70, 140, 255] : [255, 80, 70];
  const mix = base.map((b, i) => Math.round(b + (to[i]! - b) * Math.abs(x)));
  return `rgb(${mix.join(',')})`;
}

@customElement('tq-position-heatmap')
export class TqPositionHeatmap extends TqElement {
  @property({ attribute: false }) accessor residuals: number[][] = [];
  @property({ type: Number }) accessor bands = 12;

  static override styles = [shared, css`:host { display: block; } svg { max-width: 100%; height: auto; } text { fill: var(--ink-dim); font-size: 7px; }`];

  override render() {
    const width = LEFT + this.bands * CELL_W + 4;
    const height = TOP + 52 * CELL_H + 4;
    const places = Math.round(312 / this.bands);
    return html`<h3>${t('math.heat.title')}</h3>
      <svg viewBox="0 0 ${width} ${height}" width=${width * 1.6} role="img" aria-label=${t('math.heat.title')} data-heatmap>
        ${Array.from({ length: this.bands }, (_, b) => svg`<text x=${LEFT + b * CELL_W + CELL_W / 2} y=${TOP - 6} text-anchor="middle">${b * places + 1}</text>`)}
        ${this.residuals.map((row, code) => {
          const y = TOP + code * CELL_H;
          const label = `${RANKS[code % 13]}${SUITS[Math.floor(code / 13)]}`;
          return svg`<text x=${LEFT - 4} y=${y + CELL_H - 1} text-anchor="end">${label}</text>
            ${row.map((r, b) => svg`<rect x=${LEFT + b * CELL_W} y=${y} width=${CELL_W - 1} height=${CELL_H - 1} fill=${residualColour(r)}><title>${label}, ${b * places + 1}–${(b + 1) * places}: ${formatFixed(r, 2, lang())}</title></rect>`)}`;
        })}
      </svg>
      <p class="muted">${t('math.heat.legend', { width: places })}</p>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-position-heatmap': TqPositionHeatmap;
  }
}
