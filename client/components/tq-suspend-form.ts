/** The chef de table suspends the shoe, giving the reason; asked twice, since it ends the shoe. */
import { css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { api } from '../api.ts';
import { t } from '../i18n.ts';
import { runCommand } from '../run-command.ts';
import { TqElement, tqStyles } from './tq-element.ts';

@customElement('tq-suspend-form')
export class TqSuspendForm extends TqElement {
  @property({ type: Boolean }) accessor disabled = false;
  @state() accessor reason = '';
  @state() accessor armed = false;
  @state() accessor error = '';

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
    if (!this.reason.trim()) return void (this.error = t('chef.needReason'));
    if (!this.armed) {
      this.armed = true;
      this.error = '';
      return;
    }
    this.error = (await runCommand(() => api.suspend(this.reason.trim()))) ?? '';
    this.armed = false;
    if (!this.error) this.reason = '';
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
        ${this.error ? html`<div class="error" role="alert">${this.error}</div>` : ''}
        <div class="row">
          <button class="danger" type="submit" ?disabled=${this.disabled} data-action="suspend">${this.armed ? t('chef.suspendConfirm') : t('chef.suspend')}</button>
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
