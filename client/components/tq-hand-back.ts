/**
 * "To hand back": the stakes of a shoe that is over still going back to the
 * players — the coup cut short by a suspension or the shuffler's reload,
 * stakes never played, prisons released — shown as soon as the shoe has
 * stopped, until the payeur or the chef says they are handed back: the table
 * records it, and every screen drops the entry (client/hand-back.ts). Nothing
 * follows a shoe's end in its record, so the mark waits for the next shoe.
 */
import { css, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { CHANCE_NAMES } from '../french.ts';
import { formatCents } from '../format.ts';
import { type HandBack, handBacks } from '../hand-back.ts';
import { HandBackPresses } from '../hand-back-press.ts';
import { lang, t } from '../i18n.ts';
import { live } from '../live-store.ts';
import type { CommandResult } from '../api.ts';
import { errorBox } from './error-box.ts';
import { TqElement, tqStyles } from './tq-element.ts';

@customElement('tq-hand-back')
export class TqHandBack extends TqElement {
  #off = () => {};
  /**
   * The shoe whose "handed back" waits for its yes: the mark takes the list off every screen, and it went at one
   * click while a 20,00 withdrawal asked first (outsider pass 11). The yes takes the focus; Esc lets it go.
   */
  @state() accessor asking = '';
  /**
   * The question the shoe in play's end took away before its answer (a mark then waits for the shoe after it): said in
   * its place until the next press, rather than gone without a word (an outsider playing chef).
   */
  @state() accessor withdrawn: { shoe: string; over: string } | null = null;
  /** A double click is one press; a refusal stays only while its entry does (client/hand-back-press.ts). */
  readonly #presses = new HandBackPresses(
    async (shoe) => live.applyResult((await handBacks.handedBack(shoe)) as CommandResult | undefined),
    () => this.requestUpdate(),
  );

  static override styles = tqStyles(
    css`
      :host { display: block; }
      section { margin: 8px 0; padding: 10px 14px; border-radius: var(--radius); background: #3a2a08; border: 2px solid var(--gold); }
      h2 { margin: 0 0 4px; }
      p { margin: 0 0 6px; }
      .later { margin: 6px 0 0; font-size: 0.9em; }
      .ask { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 10px; }
      /* chips kept from the players while the next shoe plays on: louder than the panel's gold */
      section.overdue { border-color: var(--danger); }
      .overdue-line { margin: 0 0 6px; color: #ffb4ab; font-weight: 800; }
      .foot { display: flex; justify-content: space-between; align-items: center; gap: 10px; margin-top: 6px; font-weight: 700; }
    `,
  );

  override connectedCallback(): void {
    super.connectedCallback();
    this.#off = handBacks.subscribe(() => this.requestUpdate());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#off();
  }

  override willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    if (this.asking === '' || handBacks.mark === 'now') return;
    this.withdrawn = { shoe: this.asking, over: handBacks.inPlay ?? this.asking };
    this.asking = '';
  }

  /**
   * Why the mark waits, naming the shoe it waits on: a mark goes into the shoe in play's record, closed once that shoe
   * is over (docs/shoe-log.md#handed-back), so an earlier shoe's chips wait for the shoe after the one in play, not for
   * "the next shoe" after their own, which may have begun and ended already (seen by an outsider playing chef).
   */
  #later(h: HandBack): string {
    const inPlay = handBacks.inPlay;
    return inPlay === null || inPlay === h.shoe ? t('handBack.markLater') : t('handBack.markAfter', { shoe: inPlay.slice(-8) });
  }

  /**
   * How many coups the shoe in play has dealt while this earlier shoe's chips are still listed, when they can be marked
   * now; 0 otherwise. The panel stayed the same through a whole next shoe, and the chips with the payeur (outside crew
   * pass 45, F6): once that shoe has dealt a coup, the panel says so, in red.
   */
  #overdue(h: HandBack): number {
    return handBacks.mark === 'now' && handBacks.inPlay !== null && handBacks.inPlay !== h.shoe ? handBacks.coupsInPlay : 0;
  }

  #entry(h: HandBack) {
    const l = lang();
    const shoe = h.shoe.slice(-8);
    const why = [
      t(`handBack.${h.how}`),
      h.note,
      h.coup === undefined ? '' : h.annulled === 'ruling' ? t('handBack.ruled', { coup: h.coup }) : t('handBack.cut', { coup: h.coup }),
    ]
      .filter(Boolean)
      .join(' — ');
    const total = h.rows.reduce((sum, r) => sum + r.amount, 0);
    const later = handBacks.mark === 'next-shoe';
    const overdue = this.#overdue(h);
    return html`<section class=${overdue ? 'overdue' : ''} data-hand-back=${h.shoe} role="region" aria-label=${t('handBack.title', { shoe })}>
      <h2>${t('handBack.title', { shoe })}</h2>
      ${overdue ? html`<p class="overdue-line" role="status" data-hand-back-overdue=${overdue}>${t('handBack.overdue', { n: overdue, shoe: handBacks.inPlay?.slice(-8) ?? '' })}</p>` : ''}
      <p>${why}</p>
      <table>
        <thead><tr><th>${t('col.player')}</th><th>${t('col.chance')}</th><th>${t('handBack.from')}</th><th class="num">${t('handBack.amount')}</th></tr></thead>
        <tbody>${h.rows.map(
          (r) =>
            html`<tr data-hand-back-row="${r.player}:${r.chance}" data-from=${r.from}><td>${r.player}</td><td>${CHANCE_NAMES[r.chance]}${r.insured ? ` ${t('outcome.insured')}` : ''}${
              r.premium ? html` <small data-premium-back=${r.premium}>${t('outcome.premiumBack', { amount: formatCents(r.premium, l) })}</small>` : ''
            }</td><td>${r.from === 'coup' ? t('handBack.fromCoup', { coup: h.coup ?? '' }) : r.from === 'layout' ? t('handBack.fromLayout') : t('handBack.fromPrison')}</td><td class="num">${formatCents(r.amount, l)}</td></tr>`,
        )}</tbody>
      </table>
      <div class="foot"><span data-hand-back-total>${t('common.total')}: ${formatCents(total, l)}</span>
        ${
          this.asking === h.shoe && !later
            ? html`<span class="ask" data-handed-back-ask @keydown=${(e: KeyboardEvent) => this.#keep(e)}>${t('handBack.ask', { total: formatCents(total, l) })}
                <button class="primary" data-handed-back-yes ?disabled=${this.#presses.sending(h.shoe)} @click=${(e: MouseEvent) => this.#answer(e, h.shoe)}>${t('handBack.yes')}</button>
                <button data-handed-back-cancel @click=${(e: MouseEvent) => e.detail <= 1 && ((this.asking = ''))}>${t('common.cancel')}</button></span>`
            : html`<button class="primary" data-handed-back ?disabled=${later || this.#presses.sending(h.shoe)} title=${later ? this.#later(h) : ''} @click=${() => this.#ask(h.shoe)}>${t('handBack.done')}</button>`
        }</div>
      ${
        this.withdrawn?.shoe === h.shoe
          ? html`<p class="later" role="status" data-ask-withdrawn>${t('handBack.askWithdrawn', { shoe: this.withdrawn.over.slice(-8) })}</p>`
          : ''
      }
      ${later ? html`<p class="later" data-mark-later>${this.#later(h)}</p>` : ''}
    </section>`;
  }

  #ask(shoe: string) {
    this.withdrawn = null;
    this.asking = shoe;
    this.focusOnceDrawn('[data-handed-back-yes]');
  }

  /** The second click of a double click on "handed back" is not the answer to the question it raised. */
  #answer(e: MouseEvent, shoe: string) {
    if (e.detail > 1) return;
    this.asking = '';
    this.#presses.press(shoe);
  }

  #keep(e: KeyboardEvent) {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    this.asking = '';
    this.focusOnceDrawn('[data-handed-back]');
  }

  override render() {
    return html`${errorBox(this.#presses.refusal(handBacks.list))}${handBacks.list.map((h) => this.#entry(h))}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-hand-back': TqHandBack;
  }
}
