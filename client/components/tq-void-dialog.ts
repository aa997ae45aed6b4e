/**
 * The tailleur voids the card just drawn (docs/rules.md#voided-cards): it fell to the floor or
 * into the Sibilla. Keys F / S choose the reason. Sends a `void` event.
 */
import { css, html } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import { t } from '../i18n.ts';
import './tq-card.ts';
import { TqElement, tqStyles } from './tq-element.ts';

export type VoidReason = 'floor' | 'sibilla';

@customElement('tq-void-dialog')
export class TqVoidDialog extends TqElement {
  @property({ type: Number }) accessor seq = 0;
  @property() accessor card = '';
  @query('dialog') accessor dialog!: HTMLDialogElement;

  static override styles = tqStyles(
    css`
      dialog { background: var(--panel); color: var(--ink); border: 2px solid var(--warn); border-radius: 12px; padding: 20px; width: min(520px, 94vw); }
      dialog::backdrop { background: rgba(0, 0, 0, 0.6); }
      .what { display: flex; gap: 16px; align-items: center; margin: 8px 0 16px; }
      .reasons { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; }
      .reasons button { font-size: 1.15rem; padding: 14px; }
      footer { display: flex; justify-content: flex-end; margin-top: 12px; }
    `,
  );

  open(seq: number, card: string): void {
    this.seq = seq;
    this.card = card;
    this.dialog.showModal();
    this.renderRoot.querySelector<HTMLButtonElement>('.reasons button')?.focus();
  }

  close(): void {
    this.dialog?.close();
  }

  #choose(reason: VoidReason) {
    this.close();
    this.dispatchEvent(new CustomEvent<{ seq: number; reason: VoidReason }>('void-card', { detail: { seq: this.seq, reason }, bubbles: true, composed: true }));
  }

  #key(e: KeyboardEvent) {
    const k = e.key.toLowerCase();
    if (k === 'f' || k === 's') {
      e.preventDefault();
      this.#choose(k === 'f' ? 'floor' : 'sibilla');
    }
  }

  override render() {
    return html`<dialog @keydown=${this.#key} aria-labelledby="title">
      <h2 id="title">${t('void.title')}</h2>
      <div class="what">
        ${this.card ? html`<tq-card card=${this.card} size="sm"></tq-card>` : ''}
        <span>${t('void.which', { seq: this.seq })}</span>
      </div>
      <div class="reasons">
        <button data-reason="floor" @click=${() => this.#choose('floor')}><kbd>F</kbd> ${t('void.floor')}</button>
        <button data-reason="sibilla" @click=${() => this.#choose('sibilla')}><kbd>S</kbd> ${t('void.sibilla')}</button>
      </div>
      <footer><button @click=${() => this.close()}>${t('common.cancel')} <kbd>Esc</kbd></button></footer>
    </dialog>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-void-dialog': TqVoidDialog;
  }
}
