/**
 * The carry-over statistic shoe after shoe, as an SVG line chart: for each
 * pair of consecutive complete shoes, how many neighbouring cards the shuffle
 * kept (z against a fair shuffle, high is bad) and the rising sequences of the
 * previous order (z, low is bad). The band between −3 and +3 is where a fair
 * shuffler stays almost always.
 */
import { css, html, svg } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { t } from '../i18n.ts';
import { TqElement, tqStyles } from './tq-element.ts';

export interface CarryOverPoint {
  shoe: string;
  adjacencyZ: number;
  risingZ: number;
}

const W = 520;
const H = 180;
const PAD = { left: 34, right: 8, top: 10, bottom: 20 };

@customElement('tq-carry-over-chart')
export class TqCarryOverChart extends TqElement {
  @property({ attribute: false }) accessor series: CarryOverPoint[] = [];

  static override styles = tqStyles(
    css`
      :host { display: block; } svg { width: 100%; height: auto; }
      text { fill: var(--ink-dim); font-size: 9px; }
      .adjacency { stroke: #ff8a65; } .rising { stroke: #7fb2ff; }
      .key { display: inline-block; width: 14px; height: 3px; vertical-align: middle; margin: 0 4px 0 10px; }
    `,
  );

  override render() {
    const points = this.series;
    if (points.length === 0) return html`<h3>${t('math.carry.title')}</h3><p class="muted" data-carry-none>${t('math.carry.none')}</p>`;
    const values = points.flatMap((p) => [p.adjacencyZ, p.risingZ]);
    const top = Math.max(4, ...values);
    const bottom = Math.min(-4, ...values);
    const x = (i: number) => PAD.left + (points.length === 1 ? 0 : (i / (points.length - 1)) * (W - PAD.left - PAD.right));
    const y = (z: number) => PAD.top + ((top - z) / (top - bottom)) * (H - PAD.top - PAD.bottom);
    const line = (f: (p: CarryOverPoint) => number) => points.map((p, i) => `${x(i).toFixed(1)},${y(f(p)).toFixed(1)}`).join(' ');
    const ticks = [bottom, -3, 0, 3, top].filter((v, i, all) => all.indexOf(v) === i);
    return html`<h3>${t('math.carry.title')}</h3>
      <svg viewBox="0 0 ${W} ${H}" width=${W} role="img" aria-label=${t('math.carry.title')} data-carry-chart>
        <rect x=${PAD.left} y=${y(3)} width=${W - PAD.left - PAD.right} height=${y(-3) - y(3)} fill="rgba(255,255,255,0.06)"></rect>
        ${ticks.map(
          (v) => svg`<line x1=${PAD.left} x2=${W - PAD.right} y1=${y(v)} y2=${y(v)} stroke="rgba(255,255,255,${v === 0 ? 0.35 : 0.12})"></line>
          <text x=${PAD.left - 4} y=${y(v) + 3} text-anchor="end">${Math.round(v)}</text>`,
        )}
        <text x=${PAD.left} y=${H - 4}>1</text>
        <text x=${W - PAD.right} y=${H - 4} text-anchor="end">${points.length}</text>
        <polyline class="adjacency" fill="none" stroke-width="1.5" points=${line((p) => p.adjacencyZ)}></polyline>
        <polyline class="rising" fill="none" stroke-width="1.5" points=${line((p) => p.risingZ)}></polyline>
      </svg>
      <div class="muted"><span class="key" style="background:#ff8a65"></span>${t('math.carry.adjacency')}<span class="key" style="background:#7fb2ff"></span>${t('math.carry.rising')}</div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-carry-over-chart': TqCarryOverChart;
  }
}
