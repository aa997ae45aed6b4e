/** Surveillance's house-edge panel: the edge of each policy on each chance under the table's rules, and what becomes of a stake left in prison. */
import { css, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { api, type EdgeAnswer } from '../api.ts';
import { lang, t, type Key } from '../i18n.ts';
import { CHANCE_LIST, CHANCE_NAMES } from '../french.ts';
import { errorText } from '../run-command.ts';
import { BackOnline } from '../back-online.ts';
import { formatCents, formatNumber, formatPercent } from '../format.ts';
import { TqElement, tqStyles } from './tq-element.ts';

const POLICIES = ['leave', 'partager', 'insured'] as const;

/** A count in the interface's language (20.000 in Italian, 20,000 in English), not the browser's. */
const count = (n: number) => formatNumber(n, lang());
const pct = (x: number, digits: number) => formatPercent(x, digits, lang());

/** `released-after-2` → "released after 2 wins" (the singular by Intl.PluralRules); the other fates by their own key. */
function fateName(fate: string): string {
  const released = /^released-after-(\d+\+?)$/.exec(fate);
  return released ? t('math.fate.released', { n: Number(released[1]) }) : t(`math.fate.${fate}` as Key);
}

@customElement('tq-house-edge')
export class TqHouseEdge extends TqElement {
  @state() accessor answer: EdgeAnswer | null = null;
  @state() accessor error = '';

  static override styles = tqStyles(
    css`:host { display: block; } .se { display: block; color: var(--ink-dim); font-size: 0.85em; white-space: nowrap; } td.num { white-space: nowrap; } ul { margin: 4px 0; padding-left: 18px; }`,
  );

  readonly #back = new BackOnline(this, () => this.error && void this.load());

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  async load(): Promise<void> {
    try {
      this.answer = await api.houseEdge();
      this.error = '';
    } catch (e) {
      this.error = errorText(e);
    }
  }

  override render() {
    const a = this.answer;
    const head = html`<h2>${t('math.edge.title')}</h2>`;
    if (this.error) return html`${head}<div class="error" role="alert">${this.error}</div>`;
    if (!a) return html`${head}<p class="muted">${t('common.loading')}</p>`;
    const rouge = a.prison.rouge;
    return html`${head}
      <p class="muted">${t('math.edge.summary', { shoes: count(a.shoes), coups: count(a.coups), unit: formatCents(a.unit, lang()) })}</p>
      <table data-edge>
        <thead><tr><th>${t('math.edge.policy')}</th>${CHANCE_LIST.map((c) => html`<th class="num" lang="fr">${CHANCE_NAMES[c]}</th>`)}</tr></thead>
        <tbody>${POLICIES.map(
          (policy) =>
            html`<tr data-policy=${policy}><td>${t(`math.edge.${policy}` as Key)}</td>${CHANCE_LIST.map((c) => {
              const f = a.edge[policy][c];
              return html`<td class="num"><span data-value>${pct(f.edge, 3)}</span><span class="se">± ${pct(f.se, 3)}</span></td>`;
            })}</tr>`,
        )}</tbody>
      </table>
      <h3 style="margin-top:10px">${t('math.edge.prison')}</h3>
      <ul data-prison-fates>${Object.entries(rouge.fates)
        .filter(([, v]) => v > 0)
        .map(([k, v]) => html`<li>${fateName(k)}: ${pct(v, 2)}</li>`)}</ul>
      <p class="muted">${t('math.edge.rules', { apres31: t(a.rules.apres31 === 'half' ? 'math.edge.apres31.half' : 'math.edge.apres31.prison'), burn: a.rules.burn, levels: a.rules.maxPrisonLevel, insurance: formatNumber(+(a.rules.insurance * 100).toFixed(2), lang()), release: a.rules.endOfShoeRelease ? t('common.yes') : '—' })}</p>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-house-edge': TqHouseEdge;
  }
}
