/**
 * The stakes refused since the bets of the coup opened, one per seat and chance, each with the
 * words of its refusal, until it is placed after all, let go (OK), or the next coup's bets open.
 * In a fast run a refusal was said only until the next Enter and the refused seat was then listed
 * nowhere, its chips on the layout unrecorded (outsider pass 11). The latest refusal is said by the
 * stake entry itself; this list holds the ones before it.
 */
import { css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Chance } from '../../server/http/contract.ts';
import { CHANCE_NAMES } from '../french.ts';
import { t } from '../i18n.ts';
import type { Refusal } from '../run-command.ts';
import { TqElement, tqStyles } from './tq-element.ts';

export interface NotPlaced {
  /** `seat:chance` (tq-additions.ts additionKey). */
  key: string;
  player: string;
  chance: Chance;
  /** The amount as it was typed, or as the table read it. */
  typed: string;
  refusal: Refusal;
}

@customElement('tq-not-placed')
export class TqNotPlaced extends TqElement {
  @property({ attribute: false }) accessor entries: readonly NotPlaced[] = [];

  static override styles = tqStyles(
    css`
      :host { display: block; }
      .list { color: #ffc9cb; background: #3b1214; border: 1px solid var(--danger); border-radius: 6px; padding: 6px 10px; margin: 6px 0; }
      .row { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 10px; margin-top: 4px; }
      .row span { flex: 1 1 16em; }
      button { min-height: 30px; padding: 2px 10px; font-size: 0.85rem; }
    `,
  );

  override render() {
    if (this.entries.length === 0) return '';
    return html`<div class="list" role="status" data-not-placed=${this.entries.length}>
      <b>${t('entry.notPlaced', { n: this.entries.length })}</b>
      ${this.entries.map(
        (n) => html`<div class="row" data-not-placed-row=${n.key} data-code=${n.refusal.code ?? ''}>
          <span>${n.player} · ${CHANCE_NAMES[n.chance]} · “${n.typed}”: ${n.refusal.text}</span>
          <button type="button" data-not-placed-ok @click=${() => this.dispatchEvent(new CustomEvent<NotPlaced>('dismiss', { detail: n }))}>${t('entry.notPlacedOk')}</button>
        </div>`,
      )}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-not-placed': TqNotPlaced;
  }
}
