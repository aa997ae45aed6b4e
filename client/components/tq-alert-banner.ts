/**
 * Alerts nobody can miss, without pushing the table down the page: the newest
 * alert raised while the page is open flashes in one line with the count of
 * the others (shown on demand) until acknowledged (button, or Escape); a
 * dispute's alert goes by itself once the chef has ruled. A suspended shoe and
 * a dead shuffler line stay up as long as they last.
 */
import { css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { CoupView, LinkStatus, TableView } from '../../server/http/contract.ts';
import type { NewAlert } from '../live-store.ts';
import { formatTime } from '../format.ts';
import { lang, t } from '../i18n.ts';
import { actorName } from '../event-text.ts';
import { heldEndText } from '../held-end.ts';
import { alertText } from '../server-text.ts';
import { alertKindLabel } from './alert-kinds.ts';
import { alertSeverity, type Severity } from './alert-severity.ts';
import { TqElement, tqStyles } from './tq-element.ts';

/**
 * A band's colour is the alert's severity (alert-severity.ts), as on the floor:
 * red only for what stops the table. Before, only a void, an annulment and a new
 * shoe were amber, and every band flashed red for six seconds, so a routine new
 * shoe or a card out of turn looked like a dispute (seen playing a whole shoe as the crew).
 */
const BAND: Record<Severity, string> = { serious: '', warning: 'warn', routine: 'info' };

@customElement('tq-alert-banner')
export class TqAlertBanner extends TqElement {
  @property({ attribute: false }) accessor alerts: NewAlert[] = [];
  @property({ attribute: false }) accessor view: TableView | null = null;
  @property({ attribute: false }) accessor link: LinkStatus | null = null;
  /** The open disputes to keep up until ruled (the chef's screen); their flashing alert gives way to them. */
  @property({ attribute: false }) accessor disputes: CoupView[] = [];
  /** How many banners the last "acknowledge all" took down, still offered back (live-store.ts). */
  @property({ type: Number }) accessor acknowledged = 0;
  /**
   * The page lists the shoe's alerts (the chef's tq-alert-list): "1 alert acknowledged" beside a list still showing
   * it read as a contradiction to an outsider playing chef. The list is the record; the line says it keeps them.
   */
  @property({ type: Boolean }) accessor listed = false;
  /** Esc found nothing up: "No alert to acknowledge" for a moment (client/live-store.ts noneToAcknowledge). */
  @property({ type: Boolean }) accessor none = false;
  /**
   * One row at 1024 and up, whatever is up (the tailleur's screen, whose cards and call must not move). The chef's and
   * payeur's bands may wrap: a fixed two-line band pushed the chef's dispute below a 1024×768 screen.
   */
  @property({ type: Boolean, attribute: 'one-row', reflect: true }) accessor oneRow = false;
  @state() accessor expanded = false;

  static override styles = tqStyles(
    css`
      :host { display: block; }
      .band {
        display: flex; flex-wrap: wrap; align-items: center; gap: 12px; padding: 10px 14px; margin-bottom: 8px; border-radius: var(--radius);
        background: #7a1014; border: 2px solid var(--red-bright); color: #fff; font-size: 1.15rem; font-weight: 600;
        animation: flash 1s steps(2, start) 6;
      }
      .band.warn { background: #6b4708; border-color: var(--warn); animation-name: flash-warn; }
      .band.info { background: #17324f; border-color: #6fa8e8; color: #e6f1ff; animation: none; }
      .band .kind { text-transform: uppercase; letter-spacing: 0.05em; font-weight: 800; white-space: nowrap; }
      /* at least 18rem for the message: on a portrait tablet the buttons go to a line of their own rather than squeeze it to a word a line under them */
      .band .msg { flex: 1 1 18rem; min-width: 0; font-size: 1rem; }
      .band .more { white-space: nowrap; }
      .list .band { animation: none; font-size: 1rem; padding: 6px 12px; }
      .band button { background: rgba(0, 0, 0, 0.3); border-color: #fff; }
      .sticky { animation: none; }
      /*
       * On the tailleur's screen (1024 wide and up, one-row) the band keeps one row whatever is up, so his cards and
       * call do not move when alerts come and go: the newest alert's words, its kind leading them, then "+N more" and
       * the buttons, which keep to their line. At 1024 with four alerts the buttons wrapped to a second row and pushed
       * the cards down (outsider pass 18). The words have three lines under 1300 px and two above, and the kind is in
       * them, not a column of its own: beside the buttons at 1024 a chef's annulment read "Coup 6 annulled by the chef
       * de table: Card seen…", its reason cut (outsider pass 23, F3).
       */
      @media (min-width: 1000px) {
        :host([one-row]) .band { flex-wrap: nowrap; box-sizing: border-box; height: calc(2.6rem + 24px); }
        :host([one-row]) .band .msg {
          flex: 1 1 auto; line-height: 1.3; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; line-clamp: 2; overflow: hidden;
        }
        :host([one-row]) .band .kind { font-size: 0.9rem; margin-right: 0.4em; }
        :host([one-row]) .band button { white-space: nowrap; flex: none; padding-inline: 10px; }
        :host([one-row]) .band .long { display: none; }
      }
      @media (min-width: 1000px) and (max-width: 1299.98px) {
        :host([one-row]) .band { height: calc(3.9rem + 24px); }
        :host([one-row]) .band .msg { -webkit-line-clamp: 3; line-clamp: 3; }
      }
      @media (max-width: 999.98px) { .band .short { display: none; } }
      :host(:not([one-row])) .band .short { display: none; }
      /* the chef's and payeur's band below 1300 px: "acknowledge all" in its short words, so the buttons keep to the
         message's row; "Presa visione di tutti gli avvisi" went to a second row and the band took a quarter of a
         1024×768 screen (outside crew pass 49, F4) */
      @media (min-width: 1000px) and (max-width: 1299.98px) {
        :host(:not([one-row])) .band .short { display: inline; }
        :host(:not([one-row])) .band .long { display: none; }
        :host(:not([one-row])) .band .msg { flex-basis: 12rem; }
        :host(:not([one-row])) .band button { white-space: nowrap; flex: none; padding-inline: 10px; }
      }
      @keyframes flash { to { background: #b3161c; } }
      @keyframes flash-warn { to { background: #9a6a10; } }
      @media (prefers-reduced-motion: reduce) { .band { animation: none; } }
    `,
  );

  #ack(key?: string) {
    this.dispatchEvent(new CustomEvent<{ key?: string }>('acknowledge', { detail: key === undefined ? {} : { key }, bubbles: true, composed: true }));
  }

  #band(a: NewAlert, others: number) {
    const top = others > 0 || a === this.alerts.at(-1);
    const kind = html`<span class="kind">${alertKindLabel(a.kind, a.code)}</span>`;
    const words = alertText(a);
    return html`<div class="band ${BAND[alertSeverity(a)]}" data-alert=${a.kind} data-severity=${alertSeverity(a)}>
      ${this.oneRow ? '' : kind}
      <span class="msg" title=${words}>${this.oneRow ? html`${kind} ` : ''}<span data-alert-words>${words}</span>${a.at ? html` <small>· ${formatTime(a.at, lang())}</small>` : ''}</span>
      ${
        top && others > 0
          ? html`<button class="more" data-alert-count=${others + 1} aria-expanded=${this.expanded} @click=${() => (this.expanded = !this.expanded)}
              ><span class="long">${t('alerts.count', { n: others + 1 })} · ${this.expanded ? t('alerts.hide') : t('alerts.showAll')}</span
              ><span class="short">${this.expanded ? t('alerts.hide') : t('alerts.more', { n: others })}</span></button>`
          : ''
      }
      <button @click=${() => this.#ack(a.key)}>${t('alert.ack')}</button>
      ${top && others > 0 ? html`<button data-ack-all @click=${() => this.#ack()}><span class="long">${t('alert.ackAll')}</span><span class="short">${t('alert.ackAllShort')}</span> <kbd>Esc</kbd></button>` : ''}
    </div>`;
  }

  /** The sticky band of an open dispute: the table's own alert for it, else the coup. */
  #dispute(c: CoupView) {
    const a = this.view?.alerts.findLast((x) => x.kind === 'dispute' && x.coup === c.coup);
    return html`<div class="band sticky" data-alert="dispute" data-open-dispute=${c.coup}><span class="kind">${alertKindLabel('dispute')}</span><span class="msg"
      >${a ? alertText(a) : t('chef.disputeOf', { n: c.coup })} · ${t('alert.disputeWaits')}</span></div>`;
  }

  override render() {
    const open = new Set(this.disputes.map((d) => d.coup));
    const alerts = this.alerts.filter((a) => !(a.kind === 'dispute' && a.coup !== undefined && open.has(a.coup)));
    const newest = alerts.at(-1);
    const rest = alerts.slice(0, -1).reverse();
    const end = this.view?.end;
    // who suspended it stays said once a held suspension has taken effect (outsider passes 7 and 8)
    const suspended = end?.reason === 'suspended';
    const lineDown = this.link !== null && !this.link.connected;
    // a suspension the chef asked, held for a call or prison choices (docs/rules.md#held-end): a band as a dispute's, not only
    // the status bar's pill, which an outside crew's tailleur found too small to notice (outside crew pass 53, F6)
    const held = this.view?.held?.reason === 'suspended' && !this.view.end ? this.view.held : null;
    return html`<div role="alert" aria-live="assertive">
      ${
        held
          ? html`<div class="band sticky warn" data-alert="held"><span class="kind">${t('alert.heldSuspension')}</span><span class="msg" data-held-words
              >${heldEndText(held)}${held.at ? html` <small>· ${formatTime(held.at, lang())}</small>` : ''}</span></div>`
          : ''
      }
      ${
        suspended
          ? html`<div class="band sticky" data-alert="suspended"><span class="kind">${t('alert.suspended')}</span><span class="msg"
              >${end?.by ? html`<span data-suspend-by>${t('common.byAt', { by: actorName(end.by), at: formatTime(end.at, lang()) })}</span> · ` : ''}${end?.note ? html`<q data-suspend-reason>${end.note}</q> · ` : ''}${t('alert.suspendedText')}</span
            ></div>`
          : ''
      }
      ${
        lineDown
          ? html`<div class="band sticky warn" data-alert="line-down"><span class="kind">${t('alert.lineDown')}</span><span class="msg">${t('alert.lineDownText')}</span></div>`
          : ''
      }
      ${this.disputes.map((c) => this.#dispute(c))}
      ${newest ? this.#band(newest, rest.length) : ''}
      ${
        !newest && this.acknowledged > 0
          ? html`<div class="band info" role="status" data-acknowledged=${this.acknowledged}><span class="msg">${t(this.listed ? 'alert.acknowledgedListed' : 'alert.acknowledgedAll', { n: this.acknowledged })}</span
              ><button data-restore-alerts @click=${() => this.dispatchEvent(new CustomEvent('restore-alerts', { bubbles: true, composed: true }))}>${t('alert.showAgain')}</button></div>`
          : ''
      }
      ${!newest && this.acknowledged === 0 && this.none ? html`<div class="band info" role="status" data-none-to-acknowledge><span class="msg">${t('alert.noneToAck')}</span></div>` : ''}
      ${this.expanded && rest.length ? html`<div class="list" data-alert-list>${rest.map((a) => this.#band(a, 0))}</div>` : ''}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-alert-banner': TqAlertBanner;
  }
}
