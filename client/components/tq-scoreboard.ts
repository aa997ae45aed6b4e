/**
 * The shoe's scoreboard as players keep it on their cards, in "big road"
 * style: one road for Rouge / Noir, one for Couleur / Inverse. Equal results
 * run down a column, a change starts the next one; après and annulled coups
 * are marked on the cell of the coup before them, each with its own tag
 * (client/scoreboard-road.ts). Results are the server's.
 */
import { css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { t } from '../i18n.ts';
import { road, tieMarks, type Cell, type ScoreEntry, type TieMark } from '../scoreboard-road.ts';
import { TqElement, tqStyles } from './tq-element.ts';

@customElement('tq-scoreboard')
export class TqScoreboard extends TqElement {
  @property({ attribute: false }) accessor entries: ScoreEntry[] = [];

  static override styles = tqStyles(
    css`
      :host { display: block; }
      .road { display: flex; gap: 2px; overflow-x: auto; padding: 4px; background: #f4f1e6; border-radius: 6px; min-height: calc(6 * 26px + 8px); }
      .col { display: grid; grid-template-rows: repeat(6, 24px); gap: 2px; }
      .cell { width: 24px; height: 24px; border-radius: 50%; border: 3px solid; display: grid; place-items: center; position: relative;
        font: 700 11px/1 var(--font); background: #fff; }
      .rouge { border-color: #c4161c; color: #c4161c; }
      .noir { border-color: #111; color: #111; }
      .couleur { border-color: #b8860b; color: #8a6508; }
      .inverse { border-color: #1f5fbf; color: #1f5fbf; }
      .none { border-color: #aaa; color: #888; border-style: dashed; }
      .tie { position: absolute; right: -5px; bottom: -6px; background: #1f9d55; color: #fff; border-radius: 6px; padding: 0 3px; font-size: 9px; line-height: 12px; }
      .tie.t31 { background: #7b3fc4; }
      /* an annulled coup is no result: its own grey tag, top left, where no other tag of the road falls */
      .tie.annulled { left: -4px; top: -4px; right: auto; bottom: auto; background: #555; }
      h3 { margin-top: 8px; }
      .legend { font-size: 0.95rem; line-height: 1.5; margin: 8px 0 0; padding-left: 0; list-style: none; }
      .legend .cell { display: inline-grid; vertical-align: middle; margin-right: 4px; }
    `,
  );

  #tie(m: TieMark) {
    const coups = m.coups.map((n) => t('call.coup', { n })).join(', ');
    const title = m.kind === 'annulled' ? t('score.annulledTitle', { coups }) : t('score.apresTitle', { coups });
    return html`<span class="tie ${m.kind === 'apres31' ? 't31' : m.kind === 'annulled' ? 'annulled' : ''}" data-tie=${m.kind} data-coups=${m.coups.join(' ')} title=${title}>${m.text}</span>`;
  }

  #road(name: string, cols: Cell[][]) {
    return html`<h3>${name}</h3>
      <div class="road" data-road=${name}>
        ${cols.map(
          (col) => html`<div class="col">
            ${col.map(
              (c) => html`<span class="cell ${c.kind}" data-kind=${c.kind} title=${c.coups.map((n) => t('call.coup', { n })).join(', ')}
                >${c.mark}${tieMarks(c).map((m) => this.#tie(m))}</span>`,
            )}
          </div>`,
        )}
      </div>`;
  }

  override render() {
    const e = this.entries;
    const rn = road(e, (x) => (x.result === 'rouge' || x.result === 'noir' ? x.result : null));
    const ci = road(e, (x) => (x.result === 'rouge' || x.result === 'noir' ? x.couleur : null));
    return html`<h2>${t('score.title')}</h2>
      ${this.#road('Rouge / Noir', rn)} ${this.#road('Couleur / Inverse', ci)}
      <ul class="legend muted" data-legend>
        <li>${t('score.legendRN')}</li>
        <li>${t('score.legendCI')}</li>
        <li>${t('score.legendTie')}</li>
      </ul>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-scoreboard': TqScoreboard;
  }
}
