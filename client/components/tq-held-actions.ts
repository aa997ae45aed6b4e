/**
 * A stake already on the layout, named in the stake entry with no amount (seat, chance, Enter): what the payeur
 * may do with it from the keyboard — insure it (when it is not), withdraw it, or nothing (Esc). The first button
 * takes the focus. Reaching a stake's own buttons in the list took 27 Tabs for the 13th seat (outsider pass 12).
 */
import { css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { TableView } from '../../server/http/contract.ts';
import { CHANCE_NAMES } from '../french.ts';
import { formatCents } from '../format.ts';
import { lang, t } from '../i18n.ts';
import { TqElement, tqStyles } from './tq-element.ts';

type Stake = TableView['stakes'][number];

@customElement('tq-held-actions')
export class TqHeldActions extends TqElement {
  @property({ attribute: false }) accessor stake: Stake | null = null;

  static override styles = tqStyles(
    css`
      :host { display: block; }
      .flag { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 12px; color: #1b1406; background: #ffd99a; border-radius: 6px; padding: 4px 10px; font-weight: 700; margin-top: 6px; }
      .flag span { flex: 1 1 16em; }
      button { min-height: 36px; color: var(--ink); }
    `,
  );

  #say(name: 'insure' | 'withdraw' | 'cancel') {
    this.dispatchEvent(new CustomEvent(name));
  }

  /** The first button, focused when the prompt appears. */
  focusFirst(): void {
    this.renderRoot.querySelector<HTMLButtonElement>('button')?.focus();
  }

  override render() {
    const s = this.stake;
    if (!s) return '';
    const amount = formatCents(s.amount, lang());
    return html`<div class="flag" role="status" data-held-ask="${s.player}:${s.chance}">
      <span>${t(s.insured ? 'entry.heldAskInsured' : 'entry.heldAsk', { player: s.player, chance: CHANCE_NAMES[s.chance], amount })}</span>
      ${s.insured ? '' : html`<button type="button" data-held-insure @click=${() => this.#say('insure')}>${t('stakes.insure')}</button>`}
      <button type="button" class="danger" data-held-withdraw @click=${() => this.#say('withdraw')}>${t('entry.heldWithdraw', { amount })}</button>
      <button type="button" data-held-cancel @click=${() => this.#say('cancel')}>${t('common.cancel')} <kbd>Esc</kbd></button>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-held-actions': TqHeldActions;
  }
}
