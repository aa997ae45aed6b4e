/**
 * The payeur's screen: stakes entered from the keyboard, the coup as it is
 * dealt, then the settlement per chance with its totals, and the prison board
 * with the choices after a 31 après.
 */
import { LitElement, css, html } from 'lit';
import { customElement, query } from 'lit/decorators.js';
import { LangController, t } from '../i18n.ts';
import { live, LiveController } from '../live-store.ts';
import { shared } from './shared-styles.ts';
import type { Shortcut } from './tq-shortcuts.ts';
import type { TqStakeEntry } from './tq-stake-entry.ts';
import './tq-alert-banner.ts';
import './tq-call.ts';
import './tq-prison.ts';
import './tq-rows.ts';
import './tq-settlement.ts';
import './tq-shortcuts.ts';
import './tq-stake-entry.ts';
import './tq-stakes.ts';
import './tq-table-status.ts';

@customElement('tq-payeur')
export class TqPayeur extends LitElement {
  @query('tq-stake-entry') accessor entry!: TqStakeEntry;

  readonly #lang = new LangController(this);
  readonly #live = new LiveController(this);
  readonly #onKey = (e: KeyboardEvent) => {
    if (e.key === 'F2' || (e.key === '/' && !e.composedPath().some((n) => n instanceof HTMLInputElement))) {
      e.preventDefault();
      this.entry.focusEntry();
    } else if (e.key === 'Escape') live.acknowledge();
  };

  static override styles = [
    shared,
    css`
      :host { display: block; }
      .top { display: grid; grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr); gap: 12px; margin: 10px 0; }
      .left { display: flex; flex-direction: column; gap: 10px; }
      .coup tq-call { margin-top: 6px; }
      tq-shortcuts { margin-top: 8px; font-size: 0.8rem; }
      section.panel + section.panel { margin-top: 10px; }
      @media (max-width: 1000px) { .top { grid-template-columns: 1fr; } }
    `,
  ];

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('keydown', this.#onKey);
  }

  override disconnectedCallback(): void {
    window.removeEventListener('keydown', this.#onKey);
    super.disconnectedCallback();
  }

  override firstUpdated(): void {
    this.entry.focusEntry();
  }

  #shortcuts(): Shortcut[] {
    return [
      { keys: ['F2', '/'], label: t('payeur.focusEntry') },
      { keys: ['Tab'], label: t('payeur.nextField') },
      { keys: ['R', 'N', 'C', 'I'], label: t('payeur.chanceKeys') },
      { keys: ['Space'], label: t('payeur.insuredKey') },
      { keys: ['Enter'], label: t('entry.place') },
      { keys: ['Esc'], label: t('alert.ackAll') },
    ];
  }

  override render() {
    const { view: v, link, newAlerts } = this.#live.snapshot;
    return html`
      <tq-table-status .view=${v} .link=${link}></tq-table-status>
      <tq-alert-banner .alerts=${newAlerts} .view=${v} .link=${null} @acknowledge=${(e: CustomEvent<{ key?: string }>) => live.acknowledge(e.detail.key)}></tq-alert-banner>
      <div class="top">
        <div class="left">
          <section class="panel"><h2>${t('entry.title')}</h2><tq-stake-entry .view=${v}></tq-stake-entry>
            <tq-shortcuts inline .items=${this.#shortcuts()}></tq-shortcuts></section>
          <section class="panel"><tq-stakes .stakes=${v?.stakes ?? []} ?editable=${v?.phase === 'open'}></tq-stakes></section>
        </div>
        <section class="panel coup">
          <tq-rows .coup=${v?.coup ?? null} size="sm"></tq-rows>
          <tq-call .coup=${v?.coup ?? null} size="md"></tq-call>
        </section>
      </div>
      <section class="panel"><h2>${t('settle.title')}</h2><tq-settlement .coup=${v?.coup ?? null}></tq-settlement></section>
      <section class="panel"><tq-prison .prison=${v?.prison ?? []} .release=${v?.release ?? []} actions></tq-prison></section>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-payeur': TqPayeur;
  }
}
