/**
 * One open dispute for the chef de table: what the tailleur announced beside
 * the call the cards make, the cards themselves, and the ruling — the cards
 * stand, or the coup is annulled — with its reason.
 */
import { css, html, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { CoupView } from '../../server/http/contract.ts';
import { api } from '../api.ts';
import { clearDraft, loadDraft, type Ruling, saveDraft } from '../dispute-draft.ts';
import { formatTime } from '../format.ts';
import { lang, t } from '../i18n.ts';
import { runCommand, type Refusal } from '../run-command.ts';
import { errorBox } from './error-box.ts';
import './tq-rows.ts';
import { TqElement, tqStyles } from './tq-element.ts';

@customElement('tq-dispute-card')
export class TqDisputeCard extends TqElement {
  @property({ attribute: false }) accessor coup: CoupView | null = null;
  /** The shoe in play: with the coup, the key of the ruling's draft (dispute-draft.ts). */
  @property({ attribute: false }) accessor shoe: string | null = null;
  @state() accessor ruling: Ruling = 'cards';
  @state() accessor reason = '';
  @state() accessor error: Refusal | null = null;
  @state() accessor busy = false;
  /**
   * "Annul coup N?" asked, yes focused: an annulment returns every stake and cannot be undone, and it acted on one click
   * where a suspension and its withdrawal ask first (outsider pass 14). Enter answers, Esc keeps the dispute open.
   */
  @state() accessor annulAsk = false;

  static override styles = tqStyles(
    css`
      :host { display: block; }
      .vs { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; margin: 8px 0; }
      .side { background: rgba(0, 0, 0, 0.25); border: 1px solid var(--line); border-radius: var(--radius); padding: 10px; text-align: center; }
      .side.cards { border-color: var(--gold); }
      .side .label { font-size: 0.85rem; color: var(--ink-dim); text-transform: uppercase; letter-spacing: 0.04em; }
      .side .phrase { font: italic 700 1.6rem/1.2 var(--font-call); margin: 6px 0; }
      .side.announced .phrase { color: #ffc9cb; }
      .side.cards .phrase { color: var(--gold); }
      form { display: grid; gap: 8px; margin-top: 10px; }
      .ask { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; padding: 8px 10px; border: 2px solid var(--danger); border-radius: var(--radius); }
      .ask span { flex: 1 1 100%; font-weight: 700; }
      .rulings { display: flex; gap: 16px; flex-wrap: wrap; }
      .rulings label { display: flex; gap: 6px; align-items: center; font-weight: 600; }
      textarea { width: 100%; min-height: 60px; }
      @media (max-width: 700px) { .vs { grid-template-columns: 1fr; } }
    `,
  );

  /** The shoe and coup whose draft the form shows. */
  #draftOf: string | null = null;

  /** A dispute shown for the first time (a reload, another coup) takes up its draft, if one was kept. */
  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const c = this.coup;
    if (!c || !this.shoe) return;
    const key = `${this.shoe}:${c.coup}`;
    if (key === this.#draftOf) return;
    this.#draftOf = key;
    const draft = loadDraft(this.shoe, c.coup);
    this.ruling = draft?.ruling ?? 'cards';
    this.reason = draft?.reason ?? '';
  }

  #edit(change: Partial<{ ruling: Ruling; reason: string }>) {
    if (change.ruling !== undefined) [this.ruling, this.annulAsk] = [change.ruling, false];
    if (change.reason !== undefined) this.reason = change.reason;
    if (this.shoe && this.coup) saveDraft(this.shoe, this.coup.coup, { ruling: this.ruling, reason: this.reason });
  }

  /** The ruling as chosen, unless the server no longer allows it (a card drawn since: the annulment is gone). */
  #ruling(): Ruling {
    return (this.coup?.rulings ?? ['cards', 'annul']).includes(this.ruling) ? this.ruling : 'cards';
  }

  async #resolve(e: Event) {
    e.preventDefault();
    const c = this.coup;
    if (!c || this.busy) return;
    if (!this.reason.trim()) {
      // the field to type it in takes the focus: a small "Give the reason." alone left the chef looking for it (outside crew pass 52)
      this.error = { text: t('chef.needReason') };
      this.focusOnceDrawn('textarea[name=reason]');
      return;
    }
    if (this.#ruling() === 'annul' && !this.annulAsk) {
      this.annulAsk = true;
      this.focusOnceDrawn('[data-annul-yes]');
      return;
    }
    this.annulAsk = false;
    this.busy = true;
    this.error = await runCommand(() => api.resolve(c.coup, this.#ruling(), this.reason.trim()));
    this.busy = false;
    if (!this.error && this.shoe) clearDraft(this.shoe, c.coup);
  }

  /** Cancel or Esc on the annulment's question: nothing ruled, back to the resolve button. */
  #keepDispute(e?: KeyboardEvent) {
    if (e && e.key !== 'Escape') return;
    e?.preventDefault();
    e?.stopPropagation();
    this.annulAsk = false;
    this.focusOnceDrawn('[data-resolve]');
  }

  override render() {
    const c = this.coup;
    if (!c) return '';
    const d = c.dispute;
    const canAnnul = (c.rulings ?? ['cards', 'annul']).includes('annul');
    return html`<article class="panel" data-dispute=${c.coup}>
      <h2>${t('chef.disputeOf', { n: c.coup })}</h2>
      <div class="vs">
        <div class="side announced">
          <div class="label">${t('chef.announced')}</div>
          <div class="phrase" lang="fr" data-announced>${d?.announced ?? '–'}</div>
          <div class="muted">${d?.by ? t('common.byAt', { by: d.by, at: formatTime(d.at, lang()) }) : ''}</div>
        </div>
        <div class="side cards">
          <div class="label">${t('chef.cardsCall')}</div>
          <div class="phrase" lang="fr" data-cards-call>${c.call ?? '–'}</div>
          <div class="muted">Noir ${c.noir.total} · Rouge ${c.rouge.total}</div>
        </div>
      </div>
      <tq-rows .coup=${c} size="sm"></tq-rows>
      <form @submit=${this.#resolve}>
        <div class="rulings" role="radiogroup" aria-label=${t('chef.ruling')}>
          <label><input type="radio" name="ruling" value="cards" .checked=${this.#ruling() === 'cards'} @change=${() => this.#edit({ ruling: 'cards' })} /> ${t('chef.rulingCards')}</label>
          ${
            canAnnul
              ? html`<label><input type="radio" name="ruling" value="annul" .checked=${this.ruling === 'annul'} @change=${() => this.#edit({ ruling: 'annul' })} /> ${t('chef.rulingAnnul')}</label>`
              : html`<span class="muted" data-annul-closed>${t('chef.annulClosed')}</span>`
          }
        </div>
        <label>${t('chef.reason')}
          <textarea name="reason" .value=${this.reason} @input=${(e: Event) => this.#edit({ reason: (e.target as HTMLTextAreaElement).value })}></textarea>
        </label>
        ${errorBox(this.error)}
        ${
          this.annulAsk && this.#ruling() === 'annul'
            ? html`<div class="ask" role="group" data-annul-ask @keydown=${(e: KeyboardEvent) => this.#keepDispute(e)}>
                <span>${t('chef.annulAsk', { n: c.coup })}</span>
                <button class="danger" type="submit" data-annul-yes ?disabled=${this.busy} @click=${(e: MouseEvent) => e.detail > 1 && e.preventDefault()}>${t('chef.annulYes')}</button>
                <button type="button" data-annul-no @click=${(e: MouseEvent) => e.detail <= 1 && this.#keepDispute()}>${t('chef.annulNo')}</button>
              </div>`
            : html`<div><button class="primary" type="submit" data-resolve ?disabled=${this.busy} @click=${(e: MouseEvent) => e.detail > 1 && e.preventDefault()}>${t('chef.resolve')}</button></div>`
        }
      </form>
    </article>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-dispute-card': TqDisputeCard;
  }
}
