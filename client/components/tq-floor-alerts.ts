/**
 * A floor card's alerts (client/floor-attention.ts), worst first, in a column
 * of a fixed height: the card's own height from what is in play and the money
 * beside it (tq-floor-now), at least a title and two lines. Each alert is one
 * line, its full words on hover; those that do not fit whole are counted in a
 * "+N more". That button, or a touch on any alert, lays every alert of the
 * table out in full over the floor (a popover: nothing under it moves), with
 * the table's replay one button further: an outsider found each alert cut to
 * twenty letters and "+N more" opening the replay at event 1, not the alerts
 * it counted (outsider pass 22, G1). The card followed
 * its alerts: a dispute pushed every card below 66 px down, a carried "coup
 * annulled" 130–170 px for 15–20 s (outsider pass 20), under the eyes of a
 * supervisor watching four tables.
 */
import { css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { FloorTable, PreviousShoe, ReportedLink } from '../../server/http/contract.ts';
import { floorAttention, severityOf, type Attention } from '../floor-attention.ts';
import { formatTime } from '../format.ts';
import { heldEndText } from '../held-end.ts';
import { lang, t } from '../i18n.ts';
import { alertShortText, alertText } from '../server-text.ts';
import { silenceSoFar } from '../floor-silence.ts';
import { SEVERITY_CLASS, type Severity } from './alert-severity.ts';
import { alertKindLabel } from './alert-kinds.ts';
import { TqElement, tqStyles } from './tq-element.ts';

/** The most an alert's chip may be tall on two lines (16 px each and its padding) before it is put on one. */
const TWO_LINES = 36.5;

@customElement('tq-floor-alerts')
export class TqFloorAlerts extends TqElement {
  @property({ attribute: false }) accessor row: FloorTable | null = null;
  /** The floor's clock reading (tq-floor.ts draws again every few seconds): what is said for a time goes and comes by it, whether or not the row changed. */
  @property({ type: Number }) accessor now = 0;
  /** How many alerts, the last of the worst-first list, do not fit whole (measured once drawn). */
  #beyond = 0;
  readonly #resize = new ResizeObserver(() => this.updated());

  static override styles = tqStyles(
    css`
      /* the column's height is the card's (tq-floor-overview.ts), never its alerts': they fit in it or are counted */
      :host { display: flex; flex-direction: column; gap: 4px; font-size: 0.85rem; min-width: 0; overflow: hidden; }
      .title { display: flex; align-items: center; justify-content: space-between; gap: 6px; height: 16px; flex: none; }
      .title .muted { font-size: 0.72rem; text-transform: uppercase; letter-spacing: 0.04em; }
      /* as tall as the title line, shown or not */
      .more { height: 16px; min-height: 0; padding: 0 8px; border-radius: 999px; font-size: 0.72rem; line-height: 14px; white-space: nowrap; }
      .list { flex: 1 1 0; min-height: 0; overflow: hidden; display: flex; flex-direction: column; align-items: flex-start; gap: 4px; }
      .item { flex: none; display: flex; max-width: 100%; min-width: 0; }
      .item[data-beyond] { visibility: hidden; }
      /* one line each, the words cut with an ellipsis and whole in the title: a pill of three or four lines was what
         made the card grow; one line shows the worst four at 768 px in Italian where a two-line clamp showed two */
      .chip { display: block; min-width: 0; max-width: 100%; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; line-height: 16px; padding-block: 1px; }
      /* a title and two such lines in the narrow card's 4rem (16 + 4 + 18 + 4 + 18) */
      .chip b.kind { margin-right: 2px; }
      .pill { padding-inline: 10px; border-radius: 10px; font-weight: 400; }
      /* a call waiting alone on one line too, whole in its title: on two lines (Italian's words at 1024 px) it grew the card
         5 px at each call and moved every card below (outsider pass 21) */
      .alone { max-width: 100%; min-width: 0; display: flex; }
      .slot { flex: none; max-width: 100%; display: flex; min-width: 0; }
      .info { background: #17324f; color: #bcdcff; }
      .last, .said { color: var(--ink-dim); }
      .chip .said { color: inherit; opacity: 0.8; font-weight: 400; }
      .item { cursor: pointer; }
      /* every alert in full, over the floor: in the top layer, so the card's clipped column does not cut it */
      [popover] { max-width: min(36rem, 92vw); max-height: 80vh; overflow: auto; padding: 12px 14px; border: 1px solid var(--gold); border-radius: 10px; background: var(--felt-dark); color: var(--ink); }
      [popover]::backdrop { background: rgb(0 0 0 / 35%); }
      .all-head { display: flex; align-items: center; justify-content: space-between; gap: 12px; margin-bottom: 8px; }
      .all-head b { font: 700 1.1rem var(--font-call); color: var(--gold); }
      .all-list { display: flex; flex-direction: column; gap: 6px; margin: 0; padding: 0; list-style: none; }
      .all-list .chip { white-space: normal; overflow: visible; line-height: 1.3; padding-block: 3px; }
      .disputed-list { margin: 4px 0 0 12px; padding: 0; list-style: none; font-size: 0.85rem; }
      .all-foot { display: flex; justify-content: flex-end; gap: 8px; margin-top: 10px; }
      /* across a narrow card (tq-floor-overview.ts: 1024, 1366 and 1920 px): the title beside the alerts, "+N more" at the end of
         the call's line, an alert a line of the card's width. In a 200 px column a spell over lost its "until 07:08:12" and a
         dispute its time, at 1024 px in Italian and English (outside floor pass 44); the card's own 58 px hold two alerts and the call */
      @container (max-width: 699.98px) {
        :host { display: grid; grid-template-columns: auto minmax(0, 1fr) auto; grid-template-rows: minmax(0, 1fr) 18px; gap: 2px 8px; }
        .title { display: contents; }
        .title .muted { grid-column: 1; grid-row: 1; align-self: start; line-height: 18px; }
        .more { grid-column: 3; grid-row: 2; align-self: center; }
        .list { grid-column: 2 / span 2; grid-row: 1; gap: 2px; }
        .slot { grid-column: 2; grid-row: 2; }
        .list > .last { line-height: 18px; }
      }
      /* beside what is in play on a wide card (a portrait tablet's 240 px column), an alert on two lines where one cuts it:
         "1 contestazione aperta · in attesa dalle 20:00:00" and "Silenzio 35 s fino alle 07:08:12" lost their times (outside
         floor pass 44); one that needs more than two is on one line, cut, whole in its title, so one long note does not take
         the column (measured once drawn) */
      @container (min-width: 700px) {
        .list .chip { white-space: normal; }
        .list .chip[data-one-line] { white-space: nowrap; }
      }
    `,
  );

  override connectedCallback(): void {
    super.connectedCallback();
    this.#resize.observe(this);
  }

  override disconnectedCallback(): void {
    this.#resize.disconnect();
    super.disconnectedCallback();
  }

  /** Measured once the frame is laid out, never within the update itself: at most one more drawing a frame. */
  override updated(): void {
    if (this.#frame !== 0) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0;
      this.#measure();
    });
  }

  #frame = 0;

  /**
   * Puts on one line, cut, the alerts that would take more than two (beside a portrait tablet's play, where they wrap), then
   * counts the alerts whose line ends past the column's foot; the rest are whole.
   */
  #measure(): void {
    const list = this.renderRoot.querySelector<HTMLElement>('.list');
    if (!list) return;
    const chips = [...list.querySelectorAll<HTMLElement>('.chip')];
    for (const c of chips) c.removeAttribute('data-one-line');
    for (const c of chips.filter((x) => x.getBoundingClientRect().height > TWO_LINES)) c.setAttribute('data-one-line', '');
    const foot = list.getBoundingClientRect().bottom;
    const beyond = [...list.querySelectorAll('.item')].filter((x) => x.getBoundingClientRect().bottom > foot + 0.5).length;
    if (beyond === this.#beyond) return;
    this.#beyond = beyond;
    this.requestUpdate();
  }

  /** The table's replay, as its Replay button opens it. */
  #replay() {
    this.#popover()?.hidePopover();
    this.dispatchEvent(new CustomEvent('more-alerts', { bubbles: true, composed: true }));
  }

  #popover(): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>('[popover]');
  }

  /** Whether every alert is laid out in full: drawn only then, so the page holds each alert once. */
  #allOpen = false;

  /** Every alert of the table in full, over the floor. */
  async #showAll() {
    this.#allOpen = true;
    this.requestUpdate();
    await this.updateComplete;
    const pop = this.#popover();
    if (pop && !pop.matches(':popover-open')) pop.showPopover();
  }

  #toggled(e: Event) {
    if ((e as ToggleEvent).newState !== 'closed') return;
    this.#allOpen = false;
    this.requestUpdate();
  }

  override render() {
    const row = this.row;
    if (!row) return '';
    // worst first, as the summary strip names them; a held end is in the card's status band already (tq-table-status)
    const all = floorAttention([row], this.now || Date.now())[0]?.items ?? [];
    // money owed back is the card's gold "To hand back" row; the strip names it (floor-attention.ts)
    const items = all.filter((a) => a.kind !== 'stale' && a.kind !== 'held' && a.kind !== 'awaiting' && a.kind !== 'hand-back');
    const awaiting = all.find((a) => a.kind === 'awaiting');
    const beyond = Math.min(this.#beyond, items.length);
    // The routine call to confirm comes and goes every coup: beside an alert its line is kept, last, whether or not a call
    // waits, so the alerts above it stay where they are and as many fit (outsider pass 19); alone, it takes the place of
    // "No alerts." under the title.
    const slot = awaiting
      ? this.#item(awaiting, row)
      : // the room of one line, kept empty: its placeholder text "coup 0: call to confirm" was in the page's text (outside floor pass 47, F6)
        html`<span class="badge info chip" style="visibility: hidden" aria-hidden="true" data-awaiting-room> </span>`;
    return html`<span class="title"><span class="muted">${t('alerts.title')}</span>${
      beyond > 0
        ? html`<button class="badge neutral more" data-more-alerts=${beyond} @click=${() => this.#showAll()}>${t('floorSummary.more', { n: beyond })}</button>`
        : ''
    }</span>
      <span class="list" data-alert-list>${
        items.length === 0
          ? awaiting
            ? html`<span class="alone">${this.#item(awaiting, row)}</span>`
            : html`<span class="last" data-no-alerts>${t('alerts.none')}</span>`
          : items.map(
              (a, i) => html`<span class="item" ?data-beyond=${i >= items.length - beyond} @click=${() => this.#showAll()}>${this.#item(a, row)}</span>`,
            )
      }</span>
      ${items.length > 0 ? html`<span class="slot">${slot}</span>` : ''}
      <div popover data-all-alerts=${row.table} role="dialog" aria-label=${t('floor.allAlerts', { table: row.table })} @toggle=${(e: Event) => this.#toggled(e)}>${
        this.#allOpen
          ? html`<div class="all-head"><b>${row.table}</b><span class="muted">${t('alerts.title')}</span></div>
        <ul class="all-list">${all.map((a) => html`<li>${this.#fullItem(a, row)}</li>`)}</ul>
        <div class="all-foot">
          <button class="neutral" data-all-replay @click=${() => this.#replay()}>${t('floor.open')}</button>
          <button data-all-close @click=${() => this.#popover()?.hidePopover()}>${t('common.close')}</button>
        </div>`
          : ''
      }</div>`;
  }

  /** An item laid out in full: a held end too, whose reason and the call it waits for the card's status bar cuts. */
  #fullItem(a: Attention, row: FloorTable) {
    if (a.kind === 'disputes') return html`${this.#item(a, row)}${this.#disputed(row)}`;
    if (a.kind !== 'held') return this.#item(a, row);
    const said = heldEndText(a.held);
    return html`<span class="badge chip warn" data-severity=${severityOf(a)} data-held-all=${a.held.reason}>${said}</span>`;
  }

  /**
   * Each open dispute in full, under its chip in the laid-out alerts: what the tailleur announced, what the cards say, who
   * raised it and when. The card's chip has room for the count and the time only, and an outsider on a tablet, with no
   * hover, found neither the proposed call nor who raised it (outside floor pass 45).
   */
  #disputed(row: FloorTable) {
    const l = lang();
    const lines = (row.view?.disputes ?? []).flatMap((c) =>
      c.dispute
        ? [
            html`<li class="disputed" data-disputed-coup=${c.coup}>${t('floor.disputeFull', {
              coup: c.coup,
              announced: c.dispute.announced,
              call: c.call ?? '–',
              by: c.dispute.by ?? '–',
              at: c.dispute.at ? formatTime(c.dispute.at, l) : '–',
            })}</li>`,
          ]
        : [],
    );
    return lines.length === 0 ? '' : html`<ul class="disputed-list">${lines}</ul>`;
  }

  /** Severity by colour (alert-severity.ts): a dispute or a silent shuffler in red, a call waiting in routine blue. */
  #item(a: Attention, row: FloorTable) {
    const severity = severityOf(a);
    switch (a.kind) {
      case 'stale':
      case 'held':
      case 'hand-back':
        return '';
      case 'behind': {
        // what the card shows of the table is this old: its record stalled two minutes and nothing on the floor said so (outsider pass 30)
        const at = formatTime(a.since, lang());
        // "Behind since 17:08:00": the count is on the card's replication badge and in the title; with it the time was cut at
        // nearly every size ("Record behind 121 si…", outsider pass 32)
        const lead = t('floor.behindLead');
        const said = t('floor.behindSince', { at });
        return html`<span class="badge chip pill ${SEVERITY_CLASS[severity]}" title=${t('floor.behindTitle', { n: a.n, at })} data-behind=${a.n} data-severity=${severity}><b class="kind">${lead}</b> ${said}</span>`;
      }
      case 'disputes': {
        const said = t('floor.disputes', { n: a.n });
        const since = a.since === undefined ? '' : t('floor.disputesSince', { at: formatTime(a.since, lang()) });
        // what each disputed call announced, whose own alert this chip says (floor-attention.ts)
        const announced = (row.view?.disputes ?? []).flatMap((c) => (c.dispute ? [`${t('call.coup', { n: c.coup })}: «${c.dispute.announced}»`] : []));
        return html`<span class="badge chip ${SEVERITY_CLASS[severity]}" title=${[said, since, ...announced].filter(Boolean).join(' · ')} data-severity=${severity} data-disputes=${a.n} data-disputes-since=${a.since ?? nothing}>${said}${since ? html` · <span class="said">${since}</span>` : ''}</span>`;
      }
      case 'awaiting': {
        const said = t('floor.awaiting', { n: a.coup });
        return html`<span class="badge chip ${SEVERITY_CLASS[severity]}" title=${said} data-severity=${severity} data-awaiting=${a.coup}>${said}</span>`;
      }
      case 'previous':
        return this.#previous(a.shoe, a.previous, severity);
      case 'line':
        return this.#linkAlerts(a.n, severity, a.last);
      case 'alert': {
        // the shoe it is of, when the next shoe has begun, and always for a coup the shoe's end cut short: the same chip
        // before and after the next shoe's first line, which comes a second later (outsider pass 17)
        const shoe = a.before ?? (a.alert.code === 'CUT_SHORT' ? row.shoe : null);
        const kind = alertKindLabel(a.alert.kind, a.alert.code);
        const of = shoe ? t('floor.alertShoe', { shoe: shoe.slice(-8) }) : '';
        const alert = silenceSoFar(a.alert, row.reported?.link?.lastFrameAt, this.now || Date.now());
        return html`<span class="badge chip pill ${SEVERITY_CLASS[severity]}" title=${[kind, alertText(alert), of].filter(Boolean).join(' · ')} data-last-alert=${a.alert.kind} data-severity=${severity} data-alert-before=${a.before ?? ''}><b class="kind">${kind}</b> ${alertShortText(alert)}${shoe ? html` · <span class="said" data-alert-shoe=${shoe}>${of}</span>` : ''}</span>`;
      }
      case 'withdrawn': {
        // who asked it and why, who withdrew it and when: the held band went without a word (outsider pass 20, F7)
        const p = a.alert.params ?? {};
        const words = { asked: p.asked ?? '–', reason: p.reason ?? '', by: p.by ?? '–', at: a.alert.at ? formatTime(a.alert.at, lang()) : '–' };
        const kind = alertKindLabel('unheld');
        const why = t(p.reason === undefined ? 'floor.withdrawnNoReason' : 'floor.withdrawn', words);
        // and the note of who withdrew it, as the chef's screen says it (docs/rules.md#unhold; outsider pass 27)
        const said = p.note === undefined ? why : `${why}: «${p.note}»`;
        return html`<span class="badge chip pill ${SEVERITY_CLASS[severity]}" title=${`${kind} · ${said}`} data-withdrawn=${words.by} data-severity=${severity} data-alert-before=${a.before ?? ''}><b class="kind">${kind}</b> ${said}</span>`;
      }
      case 'silence-ended':
      case 'stale-ended':
      case 'behind-ended': {
        // a stale spell over is said as a silence over is: once the table reported again, nothing said it had stopped (outsider
        // pass 28); and a record behind that caught up: it left no trace (outsider pass 32)
        const s = Math.max(0, Math.round((Date.parse(a.to) - Date.parse(a.from)) / 1000));
        const at = formatTime(a.to, lang());
        // how long in the bold lead, where the card's narrow alerts cut: "Reports back Stale 47…" at 1024 px, "Rapporti ripresi dopo …";
        // a silence over too: "Shuffler silence over Shuffler was silent 43 s (until …)" was 452 px, cut at every size (outside floor pass 41)
        const [kind, said, title] =
          a.kind === 'silence-ended'
            ? [t('floor.silenceEndedFor', { s }), t('floor.staleEnded', { at }), `${t('floor.silenceEndedKind')} · ${t('floor.silenceEnded', { s, at })}`]
            : a.kind === 'stale-ended'
              ? [t('floor.staleEndedFor', { s }), t('floor.staleEnded', { at }), t('floor.staleEndedTitle', { s, at })]
              : [t('floor.behindEndedFor', { s }), t('floor.staleEnded', { at }), t('floor.behindEndedTitle', { s, at })];
        return html`<span class="badge chip pill ${SEVERITY_CLASS[severity]}" title=${title || `${kind} · ${said}`} data-silence-ended=${a.kind === 'silence-ended' ? a.to : nothing} data-stale-ended=${a.kind === 'stale-ended' ? a.to : nothing} data-behind-ended=${a.kind === 'behind-ended' ? a.to : nothing} data-severity=${severity}><b class="kind">${kind}</b> ${said}</span>`;
      }
      case 'ruled': {
        // the ruling in place of the kind, then the chef's reason, then the coup, who, when and what was disputed: the reason
        // came last and was cut at every size, "Dispute ruled ruled by…" (outsider pass 28); it went from the floor at
        // the ruling before that (outsider passes 22 and 24)
        const r = a.ruled;
        const ruling = t(r.ruling === 'cards' ? 'floor.ruledCards' : 'floor.ruledAnnul');
        const said = t('floor.ruledWhat', { coup: r.coup, by: r.by ?? '–', announced: r.announced, at: r.at ? formatTime(r.at, lang()) : '–' });
        const of = r.before ? t('floor.alertShoe', { shoe: r.before.slice(-8) }) : '';
        return html`<span class="badge chip pill ${SEVERITY_CLASS[severity]}" title=${[t('floor.ruledKind'), ruling, r.reason, said, of].filter(Boolean).join(' · ')} data-ruled=${r.ruling} data-ruled-coup=${r.coup} data-ruled-before=${r.before ?? ''} data-severity=${severity}><b class="kind" data-ruling>${ruling}</b>${r.reason ? html` <q data-ruling-reason>${r.reason}</q>` : ''} · ${said}${of ? html` · <span class="said">${of}</span>` : ''}</span>`;
      }
    }
  }

  /**
   * The shoe before this one was suspended (or left in play): said until the new shoe's first coup is settled
   * (client/floor-previous.ts), in the words of the table screens' new-shoe banner, with who asked and when.
   */
  #previous(shoe: string, p: PreviousShoe, severity: Severity) {
    const notice = {
      kind: 'new-shoe',
      message: '',
      params: { shoe: shoe.slice(-8), previous: p.shoe.slice(-8), how: p.how, ...(p.cause === undefined && p.note !== undefined && { note: p.note }) },
      ...(p.cause !== undefined && { cause: p.cause }),
    };
    // named as the strip names it: "Shoe suspended" there read "New shoe" on the card, a routine word (outsider pass 24, F4)
    const kind = p.how === 'suspended' ? t('status.endSuspended') : t('alertKind.newShoe');
    const who = p.by !== undefined && p.at !== undefined ? t('floor.previousBy', { by: p.by, at: formatTime(p.at, lang()) }) : '';
    return html`<span class="badge chip pill ${SEVERITY_CLASS[severity]}" title=${[kind, alertText(notice), who].filter(Boolean).join(' · ')} data-previous-shoe=${p.how} data-severity=${severity}><b class="kind">${kind}</b> ${alertText(notice)}${
      who ? html` · <span class="said" data-previous-by=${p.by ?? ''}>${who}</span>` : ''
    }</span>`;
  }

  /** The line's current alerts (server/table/link-summary.ts): how many, and the newest in words with its time. */
  #linkAlerts(n: number, severity: Severity, last: ReportedLink['last']) {
    const said = last ? `${alertText(last)} (${formatTime(last.at, lang())})` : '';
    const short = last ? `${alertShortText(last)} (${formatTime(last.at, lang())})` : '';
    const count = t('floor.linkAlerts', { n });
    return html`<span class="badge chip ${SEVERITY_CLASS[severity]}" title=${said ? `${count} · ${said}` : count} data-severity=${severity}><span title=${said} data-link-alerts=${n}>${count}</span>${
      last ? html` · <span class="said" data-link-last=${last.kind}>${short}</span>` : ''
    }</span>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-floor-alerts': TqFloorAlerts;
  }
}
