/** Surveillance's shuffler audit: the tests with their p-values, the card × position heat map and the carry-over chart. */
import { css, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { api, type ShuffleAudit } from '../api.ts';
import { formatExponential, formatFixed, formatNumber, formatTime } from '../format.ts';
import { lang, t, type Key } from '../i18n.ts';
import { live } from '../live-store.ts';
import { errorText } from '../run-command.ts';
import { BackOnline } from '../back-online.ts';
import './tq-carry-over-chart.ts';
import './tq-position-heatmap.ts';
import { TqElement, tqStyles } from './tq-element.ts';

/**
 * The audit's verdict: "nothing flagged" only when every test had data; a test without any (no complete shoe yet) read
 * "ok", and the verdict green, with nothing tested (outside crew pass 47).
 */
function verdict(a: ShuffleAudit) {
  if (a.flagged) return html`<span class="badge bad" data-audit-verdict="flagged">${t('math.audit.anyFlagged')}</span>`;
  const tested = a.tests.filter((x) => x.enough).length;
  if (tested < a.tests.length)
    return html`<span class="badge neutral" data-audit-verdict="partial">${t('math.audit.partial', { n: tested, of: a.tests.length })}</span>`;
  return html`<span class="badge ok" data-audit-verdict="ok">${t('math.audit.noneFlagged')}</span>`;
}

const p = (x: number) => (x === 0 ? '< 1e-300' : x < 0.001 ? formatExponential(x, 1, lang()) : formatFixed(x, 3, lang()));

@customElement('tq-shuffle-audit')
export class TqShuffleAudit extends TqElement {
  @state() accessor audit: ShuffleAudit | null = null;
  @state() accessor error = '';
  /** When the audit shown was read: it covers the shoes recorded then (an outsider read 4 shoes where 9 were recorded). */
  @state() accessor readAt: string | null = null;
  #shoe: string | undefined;
  #off: (() => void) | undefined;

  static override styles = tqStyles(
    css`
      :host { display: block; }
      .head { display: flex; gap: 12px; align-items: center; justify-content: space-between; flex-wrap: wrap; }
      .charts { display: grid; grid-template-columns: 1fr; gap: 16px; margin-top: 12px; }
    `,
  );

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
    // a new shoe on the table means one more shoe recorded: read the audit again
    this.#shoe = live.snapshot.view?.shoe;
    this.#off = live.subscribe(() => {
      const shoe = live.snapshot.view?.shoe;
      if (shoe !== undefined && this.#shoe !== undefined && shoe !== this.#shoe) void this.load();
      if (shoe !== undefined) this.#shoe = shoe;
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#off?.();
  }

  readonly #back = new BackOnline(this, () => this.error && void this.load());

  async load(): Promise<void> {
    try {
      this.audit = await api.shuffleAudit();
      this.readAt = new Date().toISOString();
      this.error = '';
    } catch (e) {
      this.error = errorText(e);
    }
  }

  override render() {
    const a = this.audit;
    const head = html`<div class="head"><h2>${t('math.audit.title')}</h2>
      ${a && a.shoes >= 2 ? verdict(a) : ''}
      <button @click=${() => this.load()}>${t('math.audit.refresh')}</button></div>`;
    if (this.error) return html`${head}<div class="error" role="alert">${this.error}</div>`;
    if (!a) return html`${head}<p class="muted">${t('common.loading')}</p>`;
    if (a.shoes < 2) return html`${head}<p class="muted" data-audit-none>${t('math.audit.none')}</p>`;
    return html`${head}
      <p class="muted" data-audit-summary>${t('math.audit.summary', {
        shoes: t('math.audit.shoes', { n: a.shoes }),
        complete: t('math.audit.complete', { n: a.complete }),
        pairs: t('math.audit.pairs', { n: a.pairs }),
        alpha: formatNumber(a.alpha, lang()),
      })}${this.readAt ? html` · <span data-audit-read-at>${t('math.audit.readAt', { at: formatTime(this.readAt, lang()) })}</span>` : ''}</p>
      <table>
        <thead><tr><th>${t('math.audit.test')}</th><th class="num">${t('math.audit.statistic')}</th><th class="num">${t('math.audit.p')}</th><th class="num">${t('math.audit.holm')}</th><th>${t('math.audit.verdict')}</th></tr></thead>
        <tbody>${a.tests.map(
          (test) => html`<tr data-test=${test.name} title=${test.about}>
            <td>${t(`math.test.${test.name}` as Key)}</td>${
              test.enough
                ? html`<td class="num">${formatFixed(test.statistic, 2, lang())}</td><td class="num">${p(test.p)}</td><td class="num">${p(test.pAdjusted)}</td>
                  <td><span class="badge ${test.flagged ? 'bad' : 'ok'}">${t(test.flagged ? 'math.audit.flagged' : 'math.audit.ok')}</span></td>`
                : html`<td class="num">–</td><td class="num">–</td><td class="num">–</td><td><span class="badge neutral" data-no-data>${t('math.audit.noData')}</span></td>`
            }</tr>`,
        )}</tbody>
      </table>
      <div class="charts">
        <tq-carry-over-chart .series=${a.series}></tq-carry-over-chart>
        <tq-position-heatmap .residuals=${a.heat.residuals} bands=${a.heat.bands}></tq-position-heatmap>
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-shuffle-audit': TqShuffleAudit;
  }
}
