/** The free stakes of the coup, with the insurance premium as the server reckons it; withdraw or insure one. */
import { css, html, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { Chance, TableView } from '../../server/http/contract.ts';
import { api } from '../api.ts';
import { CHANCE_LIST, CHANCE_NAMES } from '../french.ts';
import { formatCents } from '../format.ts';
import { type Lang, lang, type Said, say, t } from '../i18n.ts';
import type { Refusal } from '../run-command.ts';
import { CommandQueue, type Step } from './command-queue.ts';
import { errorBox } from './error-box.ts';
import { lapsedInsuranceLine } from './lapsed-insurance.ts';
import { stakeWords } from '../stake-words.ts';
import { TqElement, tqStyles } from './tq-element.ts';

/** A stake on the layout by its seat and chance (a seat's bets on one chance make one stake): its row, its buttons and its question share it. */
const stakeKey = (s: { player: string; chance: Chance }) => `${s.player}:${s.chance}`;

@customElement('tq-stakes')
export class TqStakes extends TqElement {
  @property({ attribute: false }) accessor stakes: TableView['stakes'] = [];
  /** The table's maximum per stake: a stake over it says what plays and what goes back (docs/rules.md#stakes). */
  @property({ type: Number }) accessor max: number | undefined = undefined;
  /** Buttons act only while bets are open. */
  @property({ type: Boolean }) accessor editable = false;
  /** Surveillance's replay: shown without the payeur's buttons. */
  @property({ type: Boolean, attribute: 'read-only' }) accessor readOnly = false;
  /** Between an après and the next open, the stakes it left lying (the view's `lyingStakes`): shown, not yet actionable. */
  @property({ attribute: false }) accessor lying: TableView['lyingStakes'] = [];
  /** The stakes per chance, added up by the server. */
  @property({ attribute: false }) accessor totals: TableView['stakeTotals'] | null = null;
  /**
   * The coup whose call waits, its stakes gone into its settlement: with none on the layout, the list says where they
   * are ("No stakes yet" at a coup's "to confirm" read as a coup played with no stakes, outside floor pass 45).
   */
  @property({ type: Number, attribute: false }) accessor inPlay: number | null = null;
  @state() accessor error: Refusal | null = null;
  /** The stake whose withdrawal waits for a second click. */
  @state() accessor withdrawing = '';

  static override styles = tqStyles(
    css`
      :host { display: block; container-type: inline-size; }
      td button { min-height: 32px; padding: 2px 10px; font-size: 0.85rem; }
      /* a stake's buttons side by side, one button high: stacked, four rows filled a 1024×768 tablet's screen (outsider pass 12);
         the withdrawal's question wraps under them */
      .acts { display: flex; gap: 6px; justify-content: flex-end; flex-wrap: nowrap; }
      .acts.asking { flex-wrap: wrap; }
      @container (max-width: 560px) {
        th, td { padding: 4px 3px; }
        th { font-size: 0.8rem; }
        td button { padding: 2px 7px; }
      }
      .carried { font-size: 0.78rem; }
      table.lying { opacity: 0.75; }
      .parts { display: block; color: #ffd99a; font-size: 0.75rem; font-weight: 600; }
      .parts span { display: block; }
      .ask { font-size: 0.85rem; color: #ffd99a; }
      .done { color: #b9f3d2; margin: 6px 0 0; }
      .per { display: flex; flex-wrap: wrap; gap: 4px 16px; margin-top: 6px; font-size: 0.95rem; }
      .per b { font-variant-numeric: tabular-nums; }
      /* in the lapsed line's amber, as small as the cell's other words: a badge pushed Withdraw past the list's edge at 1024×768 (outside crew pass 44, F3) */
      .lapsed-cell { color: #ffd99a; font-weight: 600; }
      .lapsed { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 12px; margin: 0 0 8px; padding: 6px 10px; border-left: 4px solid #e0a030; background: #3a2a0c; color: #ffd99a; }
    `,
  );

  /** What the last action on a stake did, said under the list ("Withdrawn: …"): a withdrawal went without a word (outsider pass 12). */
  @state() accessor done: Said = '';
  #doneWith: Said = '';

  readonly #queue = new CommandQueue(this, (error) => {
    this.error = error;
    this.done = error === null ? this.#doneWith : '';
  });

  /** The line of what was done belongs to the bets it was done in: it goes when they close (outsider pass 13 saw it a shoe later). */
  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('editable') && !this.editable) this.done = '';
  }

  /** `once`: the action on one stake; a repeat while it is on its way (a double click) is not sent. */
  #act(step: Step, once: string) {
    void this.#queue.push(step, once);
  }

  #withdraw(s: TableView['stakes'][number]) {
    const key = stakeKey(s);
    if (this.withdrawing !== key) {
      this.withdrawing = key;
      // the question takes the focus: Enter answers it, Esc lets it go (a payeur at the keyboard found Enter did nothing, outsider pass 11)
      this.focusOnceDrawn('[data-withdraw-yes]');
      return;
    }
    this.withdrawing = '';
    this.#act(() => {
      this.#doneWith = () => t('stakes.withdrawn', stakeWords(s.player, s.chance, s.amount));
      return api.withdraw(s.player, s.chance as Chance);
    }, `withdraw:${key}`);
  }

  /** Esc on the question: nothing is withdrawn, and the focus goes back to the stake's "withdraw". */
  #keepStake(e: KeyboardEvent) {
    if (e.key !== 'Escape' || !this.withdrawing) return;
    e.preventDefault();
    e.stopPropagation();
    const key = this.withdrawing;
    this.withdrawing = '';
    this.focusOnceDrawn(`[data-withdraw="${CSS.escape(key)}"]`);
  }

  /** The second click of a double click on "withdraw" is not the answer to the question it raised. */
  #confirmWithdraw(e: MouseEvent, s: TableView['stakes'][number]) {
    if (e.detail <= 1) this.#withdraw(s);
  }

  #insure(s: TableView['stakes'][number]) {
    this.#act(
      () => {
        this.#doneWith = () => t('stakes.insuredNow', stakeWords(s.player, s.chance, s.amount));
        return api.insure(s.player, s.chance as Chance);
      },
      `insure:${stakeKey(s)}`,
    );
  }

  override render() {
    const l = lang();
    const totals = this.totals;
    return html`<h2>${t('stakes.title')}</h2>
      ${this.readOnly ? '' : lapsedInsuranceLine(this.stakes, this.editable, (lapsed) => lapsed.forEach((s) => this.#insure(s)))}
      ${
        this.stakes.length === 0
          ? this.lying.length === 0 && this.inPlay !== null
            ? html`<p class="muted" data-stakes-in-play>${t('stakes.inPlay', { n: this.inPlay })}</p>`
            : lyingList(this.lying, l)
          : html`<table>
            <thead><tr><th>${t('col.player')}</th><th>${t('col.chance')}</th><th class="num">${t('col.stake')}</th><th>${t('col.insured')}</th><th class="num">${t('col.premium')}</th>${this.readOnly ? '' : html`<th></th>`}</tr></thead>
            <tbody>
              ${this.stakes.map((s) => {
                const key = stakeKey(s);
                const asking = this.withdrawing === key;
                return html`<tr data-stake=${key}>
                  <td>${s.player}</td><td>${CHANCE_NAMES[s.chance]}${s.carried && !toppedUp(s) ? html` <span class="badge warn carried" data-carried>${t('stakes.carried')}</span>` : ''}</td>
                  <td class="num">${formatCents(s.amount, l)}${carriedParts(s, l)}${overMaxParts(s, this.max, l)}</td>
                  <td>${s.insured ? html`<span class="badge ok">${t('common.yes')}</span>` : s.insuranceLapsed ? html`<small class="lapsed-cell" data-not-renewed title=${t('stakes.lapsedTitle')}>${t('stakes.notRenewed')}</small>` : ''}</td>
                  <td class="num" data-premium>${s.insured ? formatCents(s.premium, l) : '–'}</td>
                  ${
                    this.readOnly
                      ? ''
                      : html`<td @keydown=${this.#keepStake}><div class="acts ${asking ? 'asking' : ''}">
                        ${
                          // not while its withdrawal is asked, and never on a double click's second click: the question moved
                          // Insure under the pointer at 1024×768 and the second click of Withdraw insured the stake (outside crew pass 49)
                          s.insured || asking
                            ? ''
                            : html`<button data-insure=${key} ?disabled=${!this.editable} @click=${(e: MouseEvent) => e.detail <= 1 && this.#insure(s)}>${t('stakes.insure')}</button>`
                        }
                        ${
                          asking
                            ? html`<span class="ask" data-withdraw-ask>${t('stakes.withdrawAsk', { amount: formatCents(s.amount, l), player: s.player, chance: CHANCE_NAMES[s.chance] })}</span>
                              <button class="danger" data-withdraw-yes ?disabled=${!this.editable} @click=${(e: MouseEvent) => this.#confirmWithdraw(e, s)}>${t('stakes.withdrawYes')}</button>
                              <button @click=${(e: MouseEvent) => e.detail <= 1 && ((this.withdrawing = ''))}>${t('common.cancel')}</button>`
                            : // a double click's second click never asks: after a double click on "Yes, withdraw" the next row moved up
                              // and its Withdraw asked under the pointer (outside crew pass 50)
                              html`<button data-withdraw=${key} ?disabled=${!this.editable} @click=${(e: MouseEvent) => e.detail <= 1 && this.#withdraw(s)}>${t('stakes.withdraw')}</button>`
                        }
                      </div></td>`
                  }
                </tr>`;
              })}
            </tbody>
          </table>
          ${
            totals
              ? html`<div class="per" data-stake-totals><span class="muted">${t('stakes.perChance')}:</span>
                ${CHANCE_LIST.map((c) => html`<span>${CHANCE_NAMES[c]} <b data-stake-total=${c}>${formatCents(totals[c], l)}</b></span>`)}</div>`
              : ''
          }`
      }
      ${errorBox(this.error)}${this.done && !this.error ? html`<p class="done" role="status" data-stake-done>${say(this.done)}</p>` : ''}`;
  }
}

/**
 * No stakes bet yet, but an après left some on the layout: listed muted under what they wait for, so a payeur between
 * an après and the next open does not read "No stakes yet" over chips that are there (outsider pass 33).
 */
function lyingList(lying: TableView['lyingStakes'], l: Lang) {
  if (lying.length === 0) return html`<p class="muted">${t('stakes.none')}</p>`;
  return html`<p class="muted" data-lying-note>${t('stakes.lying')}</p>
    <table class="lying" data-lying>
      <thead><tr><th>${t('col.player')}</th><th>${t('col.chance')}</th><th class="num">${t('col.stake')}</th></tr></thead>
      <tbody>
        ${lying.map(
          (s) => html`<tr data-lying-stake="${s.player}:${s.chance}">
            <td>${s.player}</td><td>${CHANCE_NAMES[s.chance]} <span class="badge warn carried">${t('stakes.carried')}</span></td><td class="num">${formatCents(s.amount, l)}</td>
          </tr>`,
        )}
      </tbody>
    </table>`;
}

/** A carried stake bet on since the après left it on the layout: more than the part carried (the view's `carriedAmount`, shoe/table-view.ts). */
function toppedUp(s: TableView['stakes'][number]): boolean {
  return s.carried === true && s.carriedAmount !== undefined && s.amount > s.carriedAmount;
}

/**
 * A carried stake topped up says both parts under its amount: one "carried" badge over the whole amount called the
 * chips just added carried too (an outsider's pass).
 */
function carriedParts(s: TableView['stakes'][number], l: Lang) {
  if (!toppedUp(s) || s.carriedAmount === undefined) return '';
  return html`<small class="parts" data-carried><span>${t('stakes.carriedPart', { amount: formatCents(s.carriedAmount, l) })}</span>
    <span>${t('stakes.addedPart', { amount: formatCents(s.amount - s.carriedAmount, l) })}</span></small>`;
}

/**
 * A stake over the maximum plays as the maximum and the excess goes back whatever the result (docs/rules.md#stakes): said
 * under its amount, where "6,000.00" alone read as 6,000 at stake until the settlement said otherwise (outside crew pass 42).
 */
function overMaxParts(s: TableView['stakes'][number], max: number | undefined, l: Lang) {
  if (max === undefined || s.amount <= max) return '';
  const whole = t('entry.overMax', { amount: formatCents(s.amount, l), max: formatCents(max, l), excess: formatCents(s.amount - max, l) });
  return html`<small class="parts" data-over-max title=${whole}><span>${t('stakes.playsPart', { amount: formatCents(max, l) })}</span>
    <span>${t('stakes.excessPart', { amount: formatCents(s.amount - max, l) })}</span></small>`;
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-stakes': TqStakes;
  }
}
