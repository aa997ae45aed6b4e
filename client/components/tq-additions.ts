/**
 * Additions to a stake already on the layout that wait for the payeur's
 * confirmation (tq-stake-entry.ts asks a second Enter before adding to a
 * carried stake). An addition left waiting used to vanish as soon as the
 * payeur touched another field, seat or coup, and the payeur, chips already
 * pushed onto the stake, believed it recorded (an outsider's pass). Each one
 * now stays in sight until it is added (its button, or Enter on the same
 * entry) or cancelled (its button, or Esc); once the bets it was for have
 * closed it says plainly that it was not recorded, until acknowledged.
 */
import { css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Chance } from '../../server/http/contract.ts';
import { CHANCE_NAMES } from '../french.ts';
import { formatCents } from '../format.ts';
import { lang, t } from '../i18n.ts';
import { TqElement, tqStyles } from './tq-element.ts';

export interface Addition {
  player: string;
  chance: Chance;
  cents: number;
  insured: boolean;
  /** The stake on the layout when the addition was asked. */
  held: number;
  /** The coup whose bets it was asked for (client/coup-of-stakes.ts). */
  coup: string;
}

/** What an addition waiting its confirmation can still become. */
export type AdditionState = 'confirmable' | 'asking' | 'lost';

export const additionKey = (a: Pick<Addition, 'player' | 'chance'>): string => `${a.player}:${a.chance}`;

@customElement('tq-additions')
export class TqAdditions extends TqElement {
  /**
   * `insurable`: the stake on the layout is not insured and the addition was asked insured. The payeur had no key
   * to insure a stake already placed: typing it again with the box ticked asked to double it (outsider pass 11).
   */
  @property({ attribute: false }) accessor additions: readonly { addition: Addition; state: AdditionState; insurable?: boolean }[] = [];

  static override styles = tqStyles(
    css`
      :host { display: block; }
      .flag { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 12px; color: #1b1406; background: #ffd99a; border-radius: 6px; padding: 4px 10px; font-weight: 700; margin-top: 6px; }
      .flag.lost { background: #ff9a8a; }
      .flag span { flex: 1 1 20em; }
      /* the flag's dark ink is for its words: a button keeps its own light ink on its dark face */
      button { min-height: 36px; }
      button:not(.primary) { color: var(--ink); }
    `,
  );

  #say(name: 'add' | 'cancel' | 'dismiss' | 'insure', a: Addition) {
    this.dispatchEvent(new CustomEvent(name, { detail: a }));
  }

  #line({ addition: a, state, insurable }: { addition: Addition; state: AdditionState; insurable?: boolean }) {
    const l = lang();
    const words = {
      player: a.player,
      chance: CHANCE_NAMES[a.chance],
      amount: formatCents(a.cents, l),
      held: formatCents(a.held, l),
      total: formatCents(a.held + a.cents, l),
    };
    const key = additionKey(a);
    switch (state) {
      case 'asking':
        return html`<div class="flag ask" role="status" data-add-pending=${key} data-add-confirm><span>${t(insurable ? 'entry.addToInsured' : 'entry.addTo', words)}</span>${this.#buttons(a, insurable, words.held)}</div>`;
      case 'confirmable':
        return html`<div class="flag ask" role="status" data-add-pending=${key}><span>${t('entry.addWaiting', words)}</span>${this.#buttons(a, insurable, words.held)}</div>`;
      case 'lost':
        return html`<div class="flag lost" role="alert" data-add-lost=${key}><span>${t('entry.addLost', words)}</span>
          <button data-add-dismiss @click=${() => this.#say('dismiss', a)}>${t('entry.addLostOk')} <kbd>Esc</kbd></button></div>`;
      default:
        return state satisfies never;
    }
  }

  #buttons(a: Addition, insurable: boolean | undefined, held: string) {
    return html`<button class="primary" type="button" data-add-yes @click=${() => this.#say('add', a)}>${t('entry.addYes')}</button>
      ${insurable ? html`<button type="button" data-add-insure @click=${() => this.#say('insure', a)}>${t('entry.insureHeld', { held })}</button>` : ''}
      <button type="button" data-add-cancel @click=${() => this.#say('cancel', a)}>${t('entry.addCancel')} <kbd>Esc</kbd></button>`;
  }

  override render() {
    return html`${this.additions.map((a) => this.#line(a))}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-additions': TqAdditions;
  }
}
