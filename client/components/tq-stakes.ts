/** The free stakes of the coup, with the insurance premium as the server reckons it; withdraw or insure one. */
import { LitElement, css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { Chance } from '../../shoe/events.ts';
import type { TableView } from '../../shoe/table-view.ts';
import { api } from '../api.ts';
import { CHANCE_NAMES } from '../french.ts';
import { formatCents } from '../format.ts';
import { LangController, lang, t } from '../i18n.ts';
import { runCommand } from '../run-command.ts';
import { shared } from './shared-styles.ts';

@customElement('tq-stakes')
export class TqStakes extends LitElement {
  @property({ attribute: false }) accessor stakes: TableView['stakes'] = [];
  /** Buttons act only while bets are open. */
  @property({ type: Boolean }) accessor editable = false;
  /** Surveillance's replay: shown without the payeur's buttons. */
  @property({ type: Boolean, attribute: 'read-only' }) accessor readOnly = false;
  @state() accessor error = '';

  readonly #lang = new LangController(this);

  static override styles = [
    shared,
    css`
      :host { display: block; }
      td button { min-height: 32px; padding: 2px 10px; font-size: 0.85rem; }
      .acts { display: flex; gap: 6px; justify-content: flex-end; }
    `,
  ];

  async #act(fn: () => Promise<unknown>) {
    this.error = (await runCommand(fn)) ?? '';
  }

  override render() {
    const l = lang();
    return html`<h2>${t('stakes.title')}</h2>
      ${this.stakes.length === 0
        ? html`<p class="muted">${t('stakes.none')}</p>`
        : html`<table>
            <thead><tr><th>${t('col.player')}</th><th>${t('col.chance')}</th><th class="num">${t('col.stake')}</th><th>${t('col.insured')}</th><th class="num">${t('col.premium')}</th>${this.readOnly ? '' : html`<th></th>`}</tr></thead>
            <tbody>
              ${this.stakes.map(
                (s) => html`<tr data-stake="${s.player}:${s.chance}">
                  <td>${s.player}</td><td>${CHANCE_NAMES[s.chance]}</td>
                  <td class="num">${formatCents(s.amount, l)}</td>
                  <td>${s.insured ? html`<span class="badge ok">${t('common.yes')}</span>` : ''}</td>
                  <td class="num" data-premium>${s.insured ? formatCents(s.premium, l) : '–'}</td>
                  ${this.readOnly
                    ? ''
                    : html`<td class="acts">
                        ${s.insured ? '' : html`<button ?disabled=${!this.editable} @click=${() => this.#act(() => api.insure(s.player, s.chance as Chance))}>${t('stakes.insure')}</button>`}
                        <button ?disabled=${!this.editable} @click=${() => this.#act(() => api.withdraw(s.player, s.chance as Chance))}>${t('stakes.withdraw')}</button>
                      </td>`}
                </tr>`,
              )}
            </tbody>
          </table>`}
      ${this.error ? html`<div class="error" role="alert">${this.error}</div>` : ''}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-stakes': TqStakes;
  }
}
