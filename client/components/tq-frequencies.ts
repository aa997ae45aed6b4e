/** The shoe's observed frequencies beside the exact six-deck values, both as the server's report gives them. */
import { css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Report } from '../api.ts';
import { formatPercent } from '../format.ts';
import { lang, t } from '../i18n.ts';
import { shared } from './shared-styles.ts';
import { TqElement } from './tq-element.ts';

const NAMES: Record<string, string> = { apres31: 'Un après (31)', apres: 'Après', rouge: 'Rouge', noir: 'Noir' };

const pct = (n: number | null | undefined) => (n == null ? '–' : formatPercent(n, 2, lang()));

@customElement('tq-frequencies')
export class TqFrequencies extends TqElement {
  @property({ attribute: false }) accessor frequencies: Report['frequencies'] | null = null;

  static override styles = [shared, css`:host { display: block; } td:first-child { font-family: var(--font-call); }`];

  override render() {
    const f = this.frequencies;
    if (!f) return html`<h2>${t('freq.title')}</h2><p class="muted">${t('common.loading')}</p>`;
    const keys = Object.keys(f.exact) as (keyof typeof f.exact)[];
    return html`<h2>${t('freq.title')}</h2>
      <table>
        <thead><tr><th lang="fr">${t('freq.coups', { n: f.coups })}</th><th class="num">${t('freq.count')}</th><th class="num">${t('freq.observed')}</th><th class="num">${t('freq.exact')}</th></tr></thead>
        <tbody>${keys.map(
          (k) =>
            html`<tr data-freq=${k}><td lang="fr">${NAMES[k] ?? k}</td><td class="num">${f.counts[k]}</td><td class="num">${pct(f.observed[k])}</td><td class="num">${pct(f.exact[k])}</td></tr>`,
        )}</tbody>
      </table>
      <p class="muted">${t('freq.note')}</p>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-frequencies': TqFrequencies;
  }
}
