/** Surveillance: the recorded shoes by table and date, and the replay of the one chosen. */
import { LitElement, css, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { api, type ShoeSummary } from '../api.ts';
import { LangController, t } from '../i18n.ts';
import { LiveController } from '../live-store.ts';
import { errorText } from '../run-command.ts';
import { shared } from './shared-styles.ts';
import './tq-replay.ts';
import './tq-shoe-list.ts';
import './tq-table-status.ts';

@customElement('tq-surveillance')
export class TqSurveillance extends LitElement {
  @state() accessor shoes: ShoeSummary[] = [];
  @state() accessor selected = '';
  @state() accessor error = '';

  readonly #lang = new LangController(this);
  readonly #live = new LiveController(this);

  static override styles = [
    shared,
    css`
      :host { display: block; }
      .layout { display: grid; grid-template-columns: 250px minmax(0, 1fr); gap: 12px; margin-top: 10px; align-items: start; }
      aside { position: sticky; top: 8px; max-height: calc(100vh - 90px); overflow: auto; }
      .refresh { width: 100%; margin-top: 8px; }
      @media (max-width: 900px) { .layout { grid-template-columns: 1fr; } aside { position: static; max-height: 40vh; } }
    `,
  ];

  override connectedCallback(): void {
    super.connectedCallback();
    void this.refresh();
  }

  async refresh(): Promise<void> {
    try {
      this.shoes = await api.shoes();
      this.error = '';
    } catch (e) {
      this.error = errorText(e);
    }
  }

  override render() {
    const { view, link } = this.#live.snapshot;
    return html`<tq-table-status .view=${view} .link=${link}></tq-table-status>
      <div class="layout">
        <aside class="panel">
          <tq-shoe-list .shoes=${this.shoes} selected=${this.selected} @select-shoe=${(e: CustomEvent<{ id: string }>) => (this.selected = e.detail.id)}></tq-shoe-list>
          <button class="refresh" @click=${() => this.refresh()}>${t('shoes.refresh')}</button>
          ${this.error ? html`<div class="error" role="alert">${this.error}</div>` : ''}
        </aside>
        <main><tq-replay shoe=${this.selected}></tq-replay></main>
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-surveillance': TqSurveillance;
  }
}
