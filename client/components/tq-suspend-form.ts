/** The chef de table suspends the shoe, giving the reason; asked twice, since it ends the shoe. */
import { css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { api } from '../api.ts';
import { t } from '../i18n.ts';
import { runCommand, type Refusal } from '../run-command.ts';
import { errorBox } from './error-box.ts';
import { TqElement, tqStyles } from './tq-element.ts';

@customElement('tq-suspend-form')
export class TqSuspendForm extends TqElement {
  @property({ type: Boolean }) accessor disabled = false;
  @state() accessor reason = '';
  @state() accessor armed = false;
  @state() accessor error: Refusal | null = null;
  /** The suspension is on its way: another click sends nothing. */
  @state() accessor busy = false;

  static override styles = tqStyles(
    css`
      :host { display: block; }
      form { display: grid; gap: 8px; }
      input { width: 100%; }
      .row { display: flex; gap: 8px; flex-wrap: wrap; }
    `,
  );

  async #submit(e: Event) {
    e.preventDefault();
    if (this.busy) return;
    if (!this.reason.trim()) return void (this.error = { text: t('chef.needReason') });
    if (!this.armed) {
      this.armed = true;
      this.error = null;
      return;
    }
    this.busy = true;
    this.error = await runCommand(() => api.suspend(this.reason.trim()));
    this.busy = false;
    this.armed = false;
    if (!this.error) this.reason = '';
  }

  /**
   * The second click of a double click is not the confirmation: the shoe ends only when asked twice
   * (an outsider's double click armed the button and suspended at once).
   */
  #click(e: MouseEvent) {
    if (e.detail > 1) e.preventDefault();
  }

  override render() {
    return html`<h2>${t('chef.suspendTitle')}</h2>
      <form @submit=${this.#submit}>
        <label>${t('chef.reason')}
          <input name="suspend-reason" .value=${this.reason} ?disabled=${this.disabled}
            @input=${(e: Event) => {
              this.reason = (e.target as HTMLInputElement).value;
              this.armed = false;
            }} />
        </label>
        ${errorBox(this.error)}
        <div class="row">
          <button class="danger" type="submit" ?disabled=${this.disabled || this.busy} data-action="suspend" @click=${this.#click}>${this.armed ? t('chef.suspendConfirm') : t('chef.suspend')}</button>
          ${this.armed ? html`<button type="button" @click=${() => (this.armed = false)}>${t('common.cancel')}</button>` : ''}
        </div>
      </form>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-suspend-form': TqSuspendForm;
  }
}
