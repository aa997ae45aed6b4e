/**
 * The chef de table acknowledges dealing on without the central witness
 * (docs/central-store.md#unwitnessed): shown while the witness is down; the
 * acknowledgement is recorded in the shoe, and lets the table open coups again.
 */
import { css, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { api } from '../api.ts';
import { t } from '../i18n.ts';
import type { Refusal } from '../run-command.ts';
import { CommandQueue } from './command-queue.ts';
import { errorBox } from './error-box.ts';
import { TqElement, tqStyles } from './tq-element.ts';

@customElement('tq-unwitnessed-button')
export class TqUnwitnessedButton extends TqElement {
  @state() accessor error: Refusal | null = null;

  static override styles = tqStyles(css`:host { display: block; }`);

  readonly #queue = new CommandQueue(this, (error) => (this.error = error));

  /** Recorded once: a second click while the first is on its way (a double click) is not sent. */
  #acknowledge() {
    void this.#queue.push(() => api.dealUnwitnessed(), 'unwitnessed');
  }

  override render() {
    return html`<h2>${t('chef.unwitnessedTitle')}</h2>
      <p class="muted">${t('chef.unwitnessedText')}</p>
      ${errorBox(this.error)}
      <button class="danger" type="button" data-action="deal-unwitnessed" @click=${() => this.#acknowledge()}>${t('chef.unwitnessed')}</button>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-unwitnessed-button': TqUnwitnessedButton;
  }
}
