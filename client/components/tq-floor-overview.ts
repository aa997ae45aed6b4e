/**
 * Every table of the floor at a glance, one row each: the table as its
 * central copy replays (the same status bar as at the table), what the table
 * last reported of its shuffler line and of its replication, and whether that
 * report is stale — a silent table keeps its last row, so its age is shown
 * rather than trusted. Choosing a row opens that table's shoes.
 */
import { css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { FloorTable, LinkStatus } from '../../server/http/contract.ts';
import { behindFor } from '../floor-windows.ts';
import { formatTime } from '../format.ts';
import { lang, t } from '../i18n.ts';
import { centralAlertText } from '../server-text.ts';
import './tq-floor-alerts.ts';
import './tq-floor-now.ts';
import './tq-table-status.ts';
import { TqElement, tqStyles } from './tq-element.ts';

type Replication = NonNullable<NonNullable<FloorTable['reported']>['central']>;

/** A table's replication to the central store in words: in sync, how far behind, or down since when. */
function replicationWords(c: Pick<Replication, 'state' | 'behind' | 'downSince'>): string {
  return c.state === 'in-sync'
    ? t('repl.inSync')
    : c.state === 'behind'
      ? t('repl.behind', { n: c.behind ?? '?' })
      : t('repl.down', { at: formatTime(c.downSince, lang()) });
}

@customElement('tq-floor-overview')
export class TqFloorOverview extends TqElement {
  @property({ attribute: false }) accessor tables: FloorTable[] = [];
  @property() accessor selected = '';
  /** The floor's clock reading, for the age of stale reports. */
  @property({ type: Number }) accessor now = 0;
  /** The floor's own stream is down: the cards are as they were, greyed (tq-floor.ts). */
  @property({ type: Boolean, reflect: true }) accessor offline = false;

  static override styles = tqStyles(
    css`
      :host { display: block; container: floor / inline-size; }
      :host([offline]) li { opacity: 0.5; filter: grayscale(0.8); }
      /* cards side by side as the screen allows: two at 1024 px, three (or two and two) on the floor's 1920 px screen, one on a portrait
         tablet — four tables to a 1024×768 screen where two fitted (an outsider missed an alert on T3) */
      ol { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 460px), 1fr)); gap: 8px; align-items: start; }
      /* four tables where three fit to a row (3 × 460 + 2 × 8 = 1396 px; the page is never wide enough for four): two and
         two, where three and one left ~700 px of the floor's 1920 px screen empty (outsider pass 29) */
      @container floor (min-width: 1396px) {
        ol[data-n='4'] { grid-template-columns: repeat(2, minmax(0, 1fr)); }
      }
      /* 4 px above and below, as meant (the panel's 12 px won over this rule's): the alerts across the card and the reports' line
         under them took the room, and four cards still fit a 1024×768 screen (outside floor pass 44) */
      li.panel { display: flex; flex-direction: column; gap: 4px; padding: 4px 10px; container-type: inline-size; }
      li:focus { outline: none; }
      li:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
      /* the table's name over its Replay button, so the status has the card's width less one column */
      .head { display: grid; grid-template-columns: auto minmax(0, 1fr); grid-template-rows: auto auto; gap: 0 10px; align-items: start; }
      /* three lines' room whatever the bar says: it wrapped to two or three as its words changed width (outsider pass 15) */
      .head tq-table-status { grid-column: 2; grid-row: 1 / span 2; align-self: start; min-height: 4.5rem; }
      .head .id { grid-column: 1; grid-row: 1; line-height: 1.2; }
      .head button { grid-column: 1; grid-row: 2; min-height: 30px; padding: 2px 8px; font-size: 0.85rem; }
      /* a narrow card (1024, 1366, 1920 px): what is in play and the money, then the alerts across the card's whole width, then
         the reports on one line. The alerts had a 200 px column beside the reports, each cut to one line: "Silenzio 35 s fino
         alle 07:08:12" lost its time and the dispute its own at 1024 px (outside floor pass 44) */
      .body { display: grid; grid-template-columns: minmax(0, 1fr); gap: 3px 12px; align-items: start; }
      /* a wide card (portrait tablet, one column): what is in play and the money, the alerts beside them, as tall as they are,
         the reports' line under both, across the card: under the first column alone a stale card cut its last-known replication
         to "ultimo noto: alli…" and hid its last event's time with half the line empty (outside floor pass 50, F4) */
      @container (min-width: 700px) {
        .body { grid-template-columns: minmax(0, 1.9fr) minmax(200px, 1fr); grid-template-rows: auto auto; }
        .body tq-floor-now { grid-column: 1; grid-row: 1; }
        .body .reports { grid-column: 1 / -1; grid-row: 2; }
        .body .attention { grid-column: 2; grid-row: 1; }
      }
      /* the alerts as tall as the card is anyway, whatever they say (tq-floor-alerts.ts): across a narrow card, two alerts and the
         line of a call waiting (18 + 2 + 18 + 2 + 18 px); beside what is in play on a wide card, stretched to its height */
      .attention { contain: size; height: 58px; align-self: stretch; }
      @container (min-width: 700px) {
        .attention { height: auto; min-height: 58px; }
      }
      li[aria-current='true'] { border-color: var(--gold); background: #1d2c17; }
      li.stale { border-color: var(--danger); }
      .id { font: 700 1.25rem var(--font-call); color: var(--gold); }
      .cell { display: flex; flex-direction: column; gap: 2px; font-size: 0.85rem; min-width: 0; }
      .cell > .muted { font-size: 0.72rem; text-transform: uppercase; letter-spacing: 0.04em; }
      /* the replication as its badge says it, the report's time and the last event held, on one line of a fixed height whatever
         they say: on two or three lines beside the alerts the card's height followed their words (outside floor pass 44) */
      .reports { position: relative; font-size: 0.8rem; flex-direction: row; align-items: center; gap: 10px; height: 20px; white-space: nowrap; overflow: hidden; }
      .reports .badge { line-height: 16px; padding-block: 1px; }
      /* on one line, the replication's words cut before the report's time is: a stale table's "not known now (last reported:
         in sync)" on two lines and its STALE badge on a third made the card 44 px taller (outsider pass 22) */
      .reports .said { display: flex; flex: 0 1 auto; align-items: center; gap: 4px; min-width: 0; white-space: nowrap; }
      /* the last event gives way first: the report's time and a STALE badge are worth more */
      .reports .last { flex: 0 1000 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; }
      /* the count of events gives way before the last event's time: cut, the time went with it */
      .reports .count { flex: 0 2000 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; margin-left: -6px; }
      .reports .said > * { flex: none; }
      .reports .said > [data-reported] { flex: 0 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; }
      /* the STALE badge gives way only once the replication's last word has given all it can: shrinking alongside it, it was a
         pixel short at 1366 px (outsider pass 30) */
      .reports .said > [data-reported]:has([data-stale]) { flex-shrink: 0.001; }
      /* stale: STALE first, the replication's last word in what it leaves */
      .reports .said > [data-replication='last-known'] { order: 1; flex: 0 100 auto; min-width: 0; padding-inline: 4px; overflow: hidden; text-overflow: ellipsis; }
      .reports .said [data-stale] { display: block; overflow: hidden; text-overflow: ellipsis; font-weight: 400; padding-inline: 8px; }
      /* a narrow reports cell (a 1024 or 1920 px screen's card, a portrait tablet's) has no room for both: STALE whole, the
         replication's last word, on hover of the STALE badge, is worth less than its seconds */
      .reports { container-type: inline-size; }
      /* a stale card's line under some 900 px (a 1024 px screen's card, a portrait tablet's): the STALE badge and the last
         event's time fill it, and the last word cut to "last known: in sy…" said nothing while it hid that time (outside floor
         pass 50, F4); the STALE badge's title says it. The last event gives way last while stale: it is the time that matters */
      .reports:has([data-stale]) .last { flex-shrink: 0.01; }
      /* the count first of all: in Italian at 1024 px the STALE badge, the time and the count were 64 px too many */
      .reports:has([data-stale]) .count { flex-shrink: 100000; }
      @container (max-width: 900px) {
        .reports .said > [data-replication='last-known'] { display: none; }
        /* alone in its group to give way, it gives all it must: with a factor under 1 it gave only that share, and in Italian at
           1024 px "NON AGGIORNATO 23 s, dalle 21:28…" ran over the last event (outside floor pass 51, F1) */
        .reports .said > [data-reported]:has([data-stale]) { flex-shrink: 1; }
      }
      @container (max-width: 340px) {
        /* alone to give way, it gives all it must: a flex factor under 1 gives only that share, and the badge ran 52 px past
           a 1024 px screen's card (outsider pass 32) */
        .reports .said > [data-reported]:has([data-stale]) { flex-shrink: 1; }
        /* smaller words in the badge's own size, which keeps the line's height: the badge itself smaller made the card 2 px
           shorter while stale */
        .reports .said [data-stale] { padding-inline: 5px; }
        .reports .said [data-stale] > * { font-size: 0.7rem; }
      }
    `,
  );

  /** Brings a table's card into sight `offset` px below the top (the floor's sticky strip) and gives it the focus. */
  focusTable(table: string, offset: number): void {
    const li = this.renderRoot.querySelector<HTMLElement>(`li[data-table="${CSS.escape(table)}"]`);
    if (!li) return;
    window.scrollTo({ top: Math.max(0, window.scrollY + li.getBoundingClientRect().top - offset - 8) });
    li.focus({ preventScroll: true });
  }

  /**
   * The replay opens under the cards and the page scrolls to it (tq-floor.ts): a double click's second click then fell on
   * another card's Replay, and T1's opened T3's shoes (outside floor pass 46). The second click is never an order.
   */
  #open(row: FloorTable) {
    this.dispatchEvent(
      new CustomEvent<{ table: string; shoe: string | null }>('select-table', { detail: { table: row.table, shoe: row.shoe }, bubbles: true, composed: true }),
    );
  }

  #replication(row: FloorTable) {
    const reported = row.reported?.central;
    if (!reported) return html`<span class="badge warn" data-replication="unknown">${t('repl.unknown')}</span>`;
    // behind only for the moment after each card reads in sync (floor-windows.ts); a stale report's word is kept as it was
    const momentary = reported.state === 'behind' && !row.stale && behindFor(row, this.now || Date.now()) === null;
    const c = { ...reported, state: momentary ? ('in-sync' as const) : reported.state };
    const said = replicationWords(c);
    // a stale report says nothing of the replication now: its last word is shown as such, in grey, never a green "in sync"
    if (row.stale) {
      const last = t('repl.lastKnown', { state: said });
      return html`<span class="badge neutral" data-replication="last-known" data-last=${c.state} title=${last}>${last}</span>`;
    }
    const alert = c.alert ? html`<span class="bad" title=${centralAlertText(c.alert)}>${c.alert.code}</span>` : '';
    const tone = c.state === 'in-sync' ? 'ok' : c.state === 'behind' ? 'warn' : 'bad';
    return html`<span class="badge ${tone}" data-replication=${c.state}>${said}</span>${alert}`;
  }

  /** A stale table's replication as last reported, for the STALE badge's title. */
  #lastReplication(row: FloorTable): string {
    const c = row.reported?.central;
    return !row.stale || !c ? '' : t('repl.lastKnown', { state: replicationWords(c) });
  }

  #reported(row: FloorTable, replication = '') {
    if (row.reportedAt === null) return html`<span class="badge bad" data-stale>${t('floor.never')}</span>`;
    const at = formatTime(row.reportedAt, lang());
    if (!row.stale) return html`<span class="muted" data-fresh title=${t('floor.reportedAt', { at })}>${t('floor.reportedAt', { at })}</span>`;
    const seconds = Math.max(0, Math.round(((this.now || Date.now()) - Date.parse(row.reportedAt)) / 1000));
    // the time in the badge, said for what it is: a bare "01:02:38" beside it had no label (outsider pass 21, N6); how long
    // first, for where the card cuts it: at 1920 IT the clock time was cut before its seconds (outsider pass 27)
    const stale = t('floor.staleSince', { at, s: seconds });
    // how long in bold, since when in the plain weight: in bold throughout, "NON AGGIORNATO 37 s, dalle 17:10:09" was wider than a
    // 1024 px screen's card (outsider pass 32)
    return html`<span class="badge bad" data-stale title=${[stale, replication].filter(Boolean).join(' · ')}><b>${t('floor.staleFor', { s: seconds })}</b>, <span>${t('floor.staleFrom', { at })}</span></span>`;
  }

  override render() {
    if (this.tables.length === 0) return html`<p class="muted" data-no-tables>${t('floor.none')}</p>`;
    const l = lang();
    return html`<ol data-n=${this.tables.length}>
      ${this.tables.map((row) => {
        const link = row.reported?.link ? ({ ...row.reported.link, alerts: [] } as LinkStatus) : null;
        return html`<li class="panel ${row.stale ? 'stale' : ''}" tabindex="-1" data-table=${row.table} aria-current=${row.table === this.selected ? 'true' : 'false'}>
          <div class="head">
            <span class="id">${row.table}</span>
            <tq-table-status compact .view=${row.view} .link=${link} ?last-known=${row.stale}></tq-table-status>
            <button data-open=${row.table} @click=${(e: MouseEvent) => e.detail <= 1 && this.#open(row)}>${t('floor.open')}</button>
          </div>
          <div class="body">
            <tq-floor-now .row=${row} .now=${this.now}></tq-floor-now>
            <tq-floor-alerts class="attention" .row=${row} .now=${this.now} @more-alerts=${() => this.#open(row)}></tq-floor-alerts>
            <span class="cell reports"><span class="sr-only">${t('floor.replication')}</span>
              <span class="said" title=${t('floor.replication')}>${this.#replication(row)} <span data-reported>${this.#reported(row, this.#lastReplication(row))}</span></span>
              <span class="last" title=${`${t('floor.lastEvent')} · ${t('floor.events', { n: row.events })}`}><span class="muted">${t('floor.lastEventShort')}</span> ${row.lastEventAt ? formatTime(row.lastEventAt, l) : '–'}</span><span class="count" title=${t('floor.events', { n: row.events })}>· <span data-events=${row.events}>${t('floor.events', { n: row.events })}</span></span></span>
          </div>
        </li>`;
      })}
    </ol>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-floor-overview': TqFloorOverview;
  }
}
