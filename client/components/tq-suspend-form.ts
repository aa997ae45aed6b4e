/** The chef de table suspends the shoe, giving the reason; asked twice, since it ends the shoe. */
import { css, html } from 'lit';
import type { PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { api } from '../api.ts';
import { t } from '../i18n.ts';
import { runCommand, type Refusal } from '../run-command.ts';
import { errorBox } from './error-box.ts';
import { TqElement, tqStyles } from './tq-element.ts';

@customElement('tq-suspend-form')
export class TqSuspendForm extends TqElement {
  @property({ type: Boolean }) accessor disabled = false;
  /**
   * The table as the chef's answer found it: the shoe and whether a suspension is held. When it changes
   * (the held suspension took effect, a new shoe began) the last answer and the reason typed for it go:
   * an outsider's chef read "a suspension already waits" twelve coups into the next shoe (pass 9).
   */
  @property() accessor situation = '';
  /**
   * A suspension already waits for the last call (client/held-end.ts words): said in place of the form, which can
   * only be answered "already waits" while it does (outsider pass 12). `ended`: the shoe is over, nothing to suspend.
   */
  @property() accessor held = '';
  @property({ type: Boolean }) accessor ended = false;
  @state() accessor reason = '';
  /**
   * The reason as it stood when the first click armed the suspension: the one
   * the confirmation records. While armed the field is read-only, so what the
   * chef confirms is what they read (an outsider's held note was overwritten
   * by text typed for another request, and that text was recorded).
   */
  @state() accessor armed: string | null = null;
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

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('situation') && changed.get('situation') !== undefined && this.error !== null) {
      this.error = null;
      if (this.armed === null) this.reason = '';
    }
  }

  async #submit(e: Event) {
    e.preventDefault();
    if (this.busy) return;
    if (!this.reason.trim()) return void (this.error = { text: t('chef.needReason') });
    const reason = this.armed;
    if (reason === null) {
      this.armed = this.reason.trim();
      this.error = null;
      return;
    }
    this.busy = true;
    this.error = await runCommand(() => api.suspend(reason));
    this.busy = false;
    this.armed = null;
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
    const armed = this.armed !== null;
    if (this.held || this.ended)
      return html`<h2>${t('chef.suspendTitle')}</h2>
        <p class="muted" role="status" data-suspend-not-now=${this.held ? 'held' : 'ended'}>${this.held ? t('chef.suspendHeld', { held: this.held }) : t('chef.suspendEnded')}</p>`;
    return html`<h2>${t('chef.suspendTitle')}</h2>
      <form @submit=${this.#submit}>
        <label>${t('chef.reason')}
          <input name="suspend-reason" .value=${this.armed ?? this.reason} ?disabled=${this.disabled} ?readonly=${armed}
            @input=${(e: Event) => (this.reason = (e.target as HTMLInputElement).value)} />
        </label>
        ${armed ? html`<p class="muted" role="status" data-armed-reason>${t('chef.suspendArmedReason', { reason: this.armed ?? '' })}</p>` : ''}
        ${errorBox(this.error)}
        <div class="row">
          <button class="danger" type="submit" ?disabled=${this.disabled || this.busy} data-action="suspend" @click=${this.#click}>${armed ? t('chef.suspendConfirm') : t('chef.suspend')}</button>
          ${armed ? html`<button type="button" data-action="cancel-suspend" @click=${() => (this.armed = null)}>${t('common.cancel')}</button>` : ''}
        </div>
      </form>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-suspend-form': TqSuspendForm;
  }
}
