/**
 * The chef de table suspends the shoe, giving the reason; asked twice, since it ends the shoe. A suspension
 * held for the last call can be withdrawn (docs/rules.md#unhold), asked first too: the shoe then goes on.
 */
import { css, html } from 'lit';
import type { PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { TableView } from '../../server/http/contract.ts';
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
  /**
   * The first coup whose call still waits (to confirm, or disputed: the view's `awaitingConfirm`), 0 with none: a suspension asked now is held until
   * that call settles (docs/rules.md#held-end), and its confirmation said "suspend the shoe now" (outsider pass 18).
   */
  @property({ type: Number }) accessor waitsFor = 0;
  /** Prison choices open now: a suspension waits for them too (docs/rules.md#held-end). */
  @property({ type: Number }) accessor choices = 0;
  /** The end held, as the view gives it: only the chef's suspension (not the empty shuffler's end) can be withdrawn. */
  @property({ attribute: false }) accessor heldEnd: TableView['held'] = null;
  /** "Withdraw the suspension" was pressed: the question waits for its answer. */
  @state() accessor unholding = false;
  /**
   * "Ask again with another reason" was pressed: the field for the new reason is up. A second request while one is held
   * could only be withdrawn-then-asked, and an outside crew's chef found no way to ask it (outside crew pass 52, F4).
   */
  @state() accessor askingAgain = false;
  /** The new reason, as typed. */
  @state() accessor againReason = '';
  /** Why the suspension is withdrawn, as the chef types it (optional, recorded with the withdrawal). */
  @state() accessor unholdNote = '';
  /**
   * The question was let go (Esc or Cancel): said, as a question cancelled elsewhere is, so the chef knows the
   * suspension still stands. Esc closed it without a word and an outsider could not tell whether it had gone (outsider pass 18).
   */
  @state() accessor kept = false;
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
      .ask p { color: #ffd99a; margin: 0 0 6px; }
    `,
  );

  override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('situation') || changed.get('situation') === undefined) return;
    // a question about a suspension no longer held (withdrawn elsewhere, taken effect) goes with it
    this.unholding = false;
    this.kept = false;
    this.askingAgain = false;
    this.againReason = '';
    if (this.error !== null) {
      this.error = null;
      if (this.armed === null) this.reason = '';
    }
  }

  /** The field of the new reason takes the focus: Enter sends it, Esc lets it go. */
  #openAgain() {
    this.askingAgain = true;
    this.unholding = false;
    this.kept = false;
    this.error = null;
    this.focusOnceDrawn('[name="again-reason"]');
  }

  /** The same suspension asked again, for the reason typed: it stands in place of the one held (docs/rules.md#held-end). */
  async #askAgain(e: Event) {
    e.preventDefault();
    if (this.busy) return;
    const reason = this.againReason.trim();
    if (!reason) {
      this.error = { text: t('chef.needSuspendReason') };
      return this.focusOnceDrawn('[name="again-reason"]');
    }
    this.busy = true;
    this.error = await runCommand(() => api.suspend(reason, true));
    this.busy = false;
    if (this.error === null) {
      this.askingAgain = false;
      this.againReason = '';
    }
  }

  /** Typing answers "type the reason": the words go. */
  #typeAgain(e: Event) {
    this.againReason = (e.target as HTMLInputElement).value;
    if (this.againReason.trim()) this.error = null;
  }

  #againKeys(e: KeyboardEvent) {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    this.askingAgain = false;
    this.focusOnceDrawn('[data-action="suspend-again"]');
  }

  #againTools() {
    if (!this.askingAgain)
      return html`<div class="row"><button type="button" data-action="suspend-again" ?disabled=${this.busy} @click=${() => this.#openAgain()}>${t('chef.suspendAgain')}</button></div>`;
    return html`<form class="ask" data-again-ask @submit=${(e: Event) => this.#askAgain(e)} @keydown=${this.#againKeys}>
      <p>${t('chef.suspendAgainHelp')}</p>
      <label>${t('chef.reason')}
        <input name="again-reason" maxlength="500" .value=${this.againReason} @input=${(e: Event) => this.#typeAgain(e)} /></label>
      <div class="row">
        <button type="submit" class="danger" data-again-yes ?disabled=${this.busy}>${t('chef.suspendAgainYes')}</button>
        <button type="button" data-again-cancel @click=${() => (this.askingAgain = false)}>${t('common.cancel')} <kbd>Esc</kbd></button>
      </div>
    </form>`;
  }

  /** The question takes the focus: Enter answers it, Esc lets it go. */
  #askUnhold() {
    this.unholding = true;
    this.askingAgain = false;
    this.kept = false;
    this.error = null;
    this.focusOnceDrawn('[data-unhold-yes]');
  }

  /** The second click of a double click on "withdraw" is not the answer to the question it raised. */
  async #unhold(e: MouseEvent) {
    if (e.detail > 1 || this.busy) return;
    this.busy = true;
    const note = this.unholdNote.trim();
    this.error = await runCommand(() => api.unhold(note));
    if (this.error === null) this.unholdNote = '';
    this.busy = false;
    this.unholding = false;
  }

  /** Enter in the why answers the question, as on its yes. */
  #unholdOnEnter(e: KeyboardEvent) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void this.#unhold(new MouseEvent('click'));
  }

  /** Esc on the question: nothing is withdrawn, said so, and the focus goes back to "Withdraw the suspension". */
  #keepHeld(e: KeyboardEvent) {
    if (e.key !== 'Escape' || !this.unholding) return;
    e.preventDefault();
    e.stopPropagation();
    this.#letGo();
  }

  #letGo() {
    this.unholding = false;
    this.kept = true;
    this.focusOnceDrawn('[data-action="unhold"]');
  }

  #unholdTools() {
    const h = this.heldEnd;
    if (h?.reason !== 'suspended') return '';
    if (!this.unholding)
      return html`<div class="row"><button type="button" data-action="unhold" ?disabled=${this.busy} @click=${() => this.#askUnhold()}>${t('chef.unhold')}</button></div>
        ${this.kept ? html`<p class="muted" role="status" data-unhold-kept>${t('chef.unholdKept')}</p>` : ''}`;
    return html`<div class="ask" role="group" data-unhold-ask @keydown=${this.#keepHeld}>
      <p>${t('chef.unholdAsk', { by: h.by ?? '–', note: h.note ?? '–' })}</p>
      <!-- why, for the record (optional): the withdrawal had no field for it (outsider pass 14) -->
      <label>${t('chef.unholdNote')}
        <input name="unhold-note" maxlength="200" .value=${this.unholdNote} @input=${(e: Event) => (this.unholdNote = (e.target as HTMLInputElement).value)}
          @keydown=${(e: KeyboardEvent) => this.#unholdOnEnter(e)} /></label>
      <div class="row">
        <button type="button" class="primary" data-unhold-yes ?disabled=${this.busy} @click=${(e: MouseEvent) => this.#unhold(e)}>${t('chef.unholdYes')}</button>
        <button type="button" data-unhold-cancel @click=${(e: MouseEvent) => e.detail <= 1 && this.#letGo()}>${t('common.cancel')} <kbd>Esc</kbd></button>
      </div>
    </div>`;
  }

  async #submit(e: Event) {
    e.preventDefault();
    if (this.busy) return;
    if (!this.reason.trim()) {
      this.error = { text: t('chef.needSuspendReason') };
      return this.focusOnceDrawn('[name="suspend-reason"]');
    }
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

  #confirmWords(): string {
    if (this.waitsFor > 0) return t('chef.suspendConfirmHeld', { coup: this.waitsFor });
    return this.choices > 0 ? t('chef.suspendConfirmChoices') : t('chef.suspendConfirm');
  }

  override render() {
    const armed = this.armed !== null;
    if (this.held || this.ended)
      return html`<h2>${t('chef.suspendTitle')}</h2>
        <p class="muted" role="status" data-suspend-not-now=${this.held ? 'held' : 'ended'}>${this.held ? t(this.heldEnd?.reason === 'empty' ? 'chef.suspendHeldEmpty' : 'chef.suspendHeld', { held: this.held }) : t('chef.suspendEnded')}</p>
        ${this.held ? this.#unholdTools() : ''}${this.held && this.heldEnd?.reason === 'suspended' && !this.unholding ? this.#againTools() : ''}${errorBox(this.error)}`;
    return html`<h2>${t('chef.suspendTitle')}</h2>
      <form @submit=${this.#submit}>
        <label>${t('chef.reason')}
          <input name="suspend-reason" .value=${this.armed ?? this.reason} ?disabled=${this.disabled} ?readonly=${armed}
            @input=${(e: Event) => (this.reason = (e.target as HTMLInputElement).value)} />
        </label>
        ${armed ? html`<p class="muted" role="status" data-armed-reason>${t('chef.suspendArmedReason', { reason: this.armed ?? '' })}</p>` : ''}
        ${errorBox(this.error)}
        <div class="row">
          <button class="danger" type="submit" ?disabled=${this.disabled || this.busy} data-action="suspend" @click=${this.#click}>${armed ? this.#confirmWords() : t('chef.suspend')}</button>
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
