/**
 * The chef de table acknowledges dealing on without the central witness
 * (docs/central-store.md#unwitnessed): shown while the witness is down; the
 * acknowledgement is recorded in the shoe, and lets the table open coups again.
 */
import { css, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { api } from '../api.ts';
import { t } from '../i18n.ts';
import { runCommand } from '../run-command.ts';
import { TqElement, tqStyles } from './tq-element.ts';

@customElement('tq-unwitnessed-button')
export class TqUnwitnessedButton extends TqElement {
  @state() accessor error = '';

  static override styles = tqStyles(css`:host { display: block; }`);

  async #acknowledge() {
    this.error = (await runCommand(() => api.dealUnwitnessed())) ?? '';
  }

  override render() {
    return html`<h2>${t('chef.unwitnessedTitle')}</h2>
      <p class="muted">${t('chef.unwitnessedText')}</p>
      ${this.error ? html`<div class="error" role="alert">${this.error}</div>` : ''}
      <button class="danger" type="button" data-action="deal-unwitnessed" @click=${() => this.#acknowledge()}>${t('chef.unwitnessed')}</button>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-unwitnessed-button': TqUnwitnessedButton;
  }
}
