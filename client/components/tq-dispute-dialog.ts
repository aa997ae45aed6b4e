/**
 * The tailleur disputes a call: what was announced at the table? One of the
 * four calls (keys 1–4) or "N après" (key 5, then the units). Sends
 * `announced` in a `dispute` event; the server compares it with the cards.
 */
import { css, html } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { CALLS, UNITS, apres } from '../french.ts';
import { t } from '../i18n.ts';
import { TqElement, tqStyles } from './tq-element.ts';

@customElement('tq-dispute-dialog')
export class TqDisputeDialog extends TqElement {
  @property({ type: Number }) accessor coup = 0;
  /** The call the cards say, as the server computed it: a dispute names another (the server refuses it otherwise, ANNOUNCED_IS_CALL). */
  @state() accessor call: string | null = null;
  @state() accessor unit: string = UNITS[1];
  /** Said once a page key (Enter, O, N…) meets the open dialog, which holds them until it closes. */
  @state() accessor keysWait = false;
  /** Said once the key of the call the cards say is pressed: that call is no dispute. */
  @state() accessor cardsSayKey = false;
  @query('dialog') accessor dialog!: HTMLDialogElement;

  static override styles = tqStyles(
    css`
      dialog { background: var(--panel); color: var(--ink); border: 2px solid var(--gold); border-radius: 12px; padding: 20px; width: min(620px, 94vw); }
      dialog::backdrop { background: rgba(0, 0, 0, 0.6); }
      .calls { display: grid; gap: 8px; margin: 12px 0; }
      .calls button { text-align: left; font: italic 600 1.35rem var(--font-call); display: flex; gap: 12px; align-items: center; }
      .apres { display: flex; gap: 8px; align-items: center; }
      .apres select { font: italic 1.2rem var(--font-call); }
      .apres button { font: italic 600 1.2rem var(--font-call); }
      /* the title holds the focus only so that Enter chooses nothing: no ring around it */
      h2#title:focus-visible { outline: none; }
      .calls button .said { margin-left: auto; font: 600 0.8rem var(--font-ui, sans-serif); color: var(--ink-dim); }
      .keys-wait { color: var(--warn); font-weight: 600; }
      footer { display: flex; justify-content: flex-end; margin-top: 12px; }
    `,
  );

  /**
   * Opens on the title, not on a call: Enter right after D used to press the
   * first call of the list, disputing a call nobody announced. A call is chosen by its key (1–5) or a click, never by default.
   */
  open(coup: number, call: string | null = null): void {
    this.coup = coup;
    this.call = call;
    this.keysWait = false;
    this.cardsSayKey = false;
    this.dialog.showModal();
    this.renderRoot.querySelector<HTMLElement>('#title')?.focus();
  }

  close(): void {
    this.dialog?.close();
  }

  #choose(announced: string) {
    this.close();
    this.dispatchEvent(
      new CustomEvent<{ coup: number; announced: string }>('dispute', { detail: { coup: this.coup, announced }, bubbles: true, composed: true }),
    );
  }

  #key(e: KeyboardEvent) {
    if (e.target instanceof HTMLSelectElement) return;
    const n = Number(e.key);
    const call = CALLS[n - 1];
    if (call !== undefined && call === this.call) {
      // the call the cards say is not a dispute: pressing its number did nothing and said nothing (outside crew pass 50)
      e.preventDefault();
      this.cardsSayKey = true;
    } else if (call) {
      e.preventDefault();
      this.#choose(call);
    } else if (e.key === '5') {
      e.preventDefault();
      this.renderRoot.querySelector<HTMLSelectElement>('select')?.focus();
    } else if (this.#pageKey(e)) {
      // Enter or O pressed with the dialog up did nothing and said nothing (outside crew pass 48)
      e.preventDefault();
      this.keysWait = true;
    }
  }

  /** A key of the tailleur's page (Enter confirms, a letter acts), not one the dialog answers: Enter on a button presses it. */
  #pageKey(e: KeyboardEvent): boolean {
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    if (e.key === 'Enter') return !(e.target instanceof HTMLButtonElement);
    return /^[a-z]$/i.test(e.key);
  }

  override render() {
    return html`<dialog @keydown=${this.#key} aria-labelledby="title">
      <h2 id="title" tabindex="-1" autofocus>${t('dispute.title', { n: this.coup })}</h2>
      <p class="muted">${t('dispute.help')}</p>
      <div class="calls">
        ${CALLS.map(
          (c, i) =>
            html`<button data-announce=${c} ?disabled=${c === this.call} @click=${() => this.#choose(c)}><kbd>${i + 1}</kbd><span lang="fr">${c}</span>${
              c === this.call ? html`<small class="said" data-cards-say>${t('dispute.cardsSay')}</small>` : ''
            }</button>`,
        )}
      </div>
      <div class="apres">
        <kbd>5</kbd>
        <select aria-label=${t('dispute.apres')} .value=${this.unit} @change=${(e: Event) => (this.unit = (e.target as HTMLSelectElement).value)}>
          ${UNITS.map((u) => html`<option value=${u} ?selected=${u === this.unit} lang="fr">${u}</option>`)}
        </select>
        <button data-announce="apres" ?disabled=${apres(this.unit) === this.call} @click=${() => this.#choose(apres(this.unit))}><span lang="fr">${apres(this.unit)}</span></button>
      </div>
      ${this.cardsSayKey ? html`<p class="keys-wait" role="status" data-cards-say-key>${t('dispute.cardsSayKey')}</p>` : ''}
      ${this.keysWait ? html`<p class="keys-wait" role="status" data-keys-wait>${t('dispute.keysWait')}</p>` : ''}
      <footer><button @click=${() => this.close()}>${t('common.cancel')} <kbd>Esc</kbd></button></footer>
    </dialog>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-dispute-dialog': TqDisputeDialog;
  }
}
