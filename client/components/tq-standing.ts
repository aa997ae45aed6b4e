/**
 * What the payeur may do with a coup's settlement, in one band: do not pay
 * (call awaiting confirmation, or disputed until the chef de table rules),
 * pay (confirmed), or give back (annulled). Shown only once the coup has its
 * settlement (the call made).
 */
import { css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { CoupView, TableView } from '../../server/http/contract.ts';
import { t, type Key } from '../i18n.ts';
import { TqElement, tqStyles } from './tq-element.ts';

@customElement('tq-standing')
export class TqStanding extends TqElement {
  @property({ attribute: false }) accessor coup: CoupView | null = null;
  /**
   * The shoe's end, when it has ended, and whether an empty shoe returns the prisons (the rules' `endOfShoeRelease`):
   * once a shoe has ended after a 31 après no choice is open any more (a held end waits for them, docs/rules.md#held-end;
   * an empty shoe under the release opens none), and the band said "the prison choices are open" beside a board
   * refusing every one (outsider pass 11).
   */
  @property({ attribute: false }) accessor end: TableView['end'] = null;
  @property({ type: Boolean }) accessor release = false;
  /** A later coup is being dealt: the prison choices of this one closed with its bets ("are open" stayed up, outsider pass 16). */
  @property({ type: Boolean }) accessor later = false;

  static override styles = tqStyles(
    css`
      :host { display: block; }
      .standing { display: flex; align-items: center; gap: 10px; padding: 8px 12px; border-radius: var(--radius); font-weight: 800; font-size: 1.1rem; }
      .standing.dealing, .standing.provisional { background: #3a3a3a; color: #f0f0f0; border: 2px dashed #bbb; }
      .standing.disputed { background: #5c1a1d; color: #ffc9cb; border: 2px solid var(--danger); }
      .standing.annulled { background: #2a2a2a; color: #ccc; border: 2px solid #777; }
      .standing.payable { background: #174d33; color: #b9f3d2; border: 1px solid #2f8a5d; }
    `,
  );

  override render() {
    const c = this.coup;
    if (!c?.totals) return '';
    // a call the chef ruled was never "confirmed": the payeur is told who decided (outsider pass 6)
    // and a 31 après pays nobody: its money is the prison choices' (partager gives half back), not "pay"
    // and an ordinary après pays nobody either: its stakes stay on the layout (docs/rules.md#apres; "pay" misled, outsider pass 23)
    const key =
      c.standing === 'payable' && c.result === 'apres31'
        ? this.#apres31Key()
        : c.standing === 'payable' && c.result === 'apres'
          ? c.status === 'resolved'
            ? 'standing.apresRuled'
            : 'standing.apres'
          : c.standing === 'payable' && c.status === 'resolved'
            ? 'standing.payableRuled'
            : `standing.${c.standing === 'dealing' ? 'provisional' : c.standing}`;
    return html`<div class="standing ${c.standing}" role="status" data-standing-key=${key}>${t(key as Key)} · ${t('call.coup', { n: c.coup })}</div>`;
  }

  #apres31Key(): Key {
    if (!this.end) return this.later ? 'standing.apres31Closed' : 'standing.payableApres31';
    return this.end.reason === 'empty' && this.release ? 'standing.apres31Released' : 'standing.apres31Carried';
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-standing': TqStanding;
  }
}
