/**
 * Every table of the floor at a glance, one row each: the table as its
 * central copy replays (the same status bar as at the table), what the table
 * last reported of its shuffler line and of its replication, and whether that
 * report is stale — a silent table keeps its last row, so its age is shown
 * rather than trusted. Choosing a row opens that table's shoes.
 */
import { css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { FloorTable, LinkStatus, PreviousShoe, ReportedLink } from '../../server/http/contract.ts';
import { attentionOf, severityOf, type Attention } from '../floor-attention.ts';
import { formatTime } from '../format.ts';
import { lang, t } from '../i18n.ts';
import { alertText, centralAlertText } from '../server-text.ts';
import { SEVERITY_CLASS, type Severity } from './alert-severity.ts';
import { alertKindLabel } from './alert-kinds.ts';
import './tq-floor-now.ts';
import './tq-table-status.ts';
import { TqElement, tqStyles } from './tq-element.ts';

/** How long a table may be behind the central store before its badge says so: a card's events take a moment to go. */
const BEHIND_SHOWN_MS = 5000;

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
      :host { display: block; }
      :host([offline]) li { opacity: 0.5; filter: grayscale(0.8); }
      /* cards side by side as the screen allows: two at 1024 px, three on the floor's 1920 px screen, one on a portrait
         tablet — four tables to a 1024×768 screen where two fitted (an outsider missed an alert on T3) */
      ol { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 460px), 1fr)); gap: 8px; align-items: start; }
      li { display: flex; flex-direction: column; gap: 4px; padding: 4px 10px 6px; container-type: inline-size; }
      li:focus { outline: none; }
      li:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
      /* the table's name over its Replay button, so the status has the card's width less one column */
      .head { display: grid; grid-template-columns: auto minmax(0, 1fr); grid-template-rows: auto auto; gap: 0 10px; align-items: start; }
      /* three lines' room whatever the bar says: it wrapped to two or three as its words changed width (outsider pass 15) */
      .head tq-table-status { grid-column: 2; grid-row: 1 / span 2; align-self: start; min-height: 4.5rem; }
      .head .id { grid-column: 1; grid-row: 1; line-height: 1.2; }
      .head button { grid-column: 1; grid-row: 2; min-height: 30px; padding: 2px 8px; font-size: 0.85rem; }
      /* a narrow card: what is in play and the money across, alerts and the reports under them */
      .body { display: grid; grid-template-columns: minmax(200px, 0.8fr) minmax(0, 1.2fr); gap: 4px 12px; align-items: start; }
      .body tq-floor-now { grid-column: 1 / -1; }
      /* a wide card (portrait tablet, one column): what is in play and the money beside the alerts, the reports under them */
      @container (min-width: 700px) {
        .body { grid-template-columns: minmax(0, 1.9fr) minmax(200px, 1fr); }
        .body tq-floor-now { grid-column: 1; grid-row: 1 / span 2; }
      }
      /* room for two alerts whether or not there are any, so a call waiting, then confirmed, does not move the cards below */
      .attention { display: flex; flex-direction: column; align-items: flex-start; gap: 4px; font-size: 0.85rem; min-height: 4rem; }
      .attention .badge { white-space: normal; max-width: 100%; }
      .pill { display: inline-flex; flex-direction: column; gap: 1px; padding: 3px 10px; border-radius: 10px; font-size: 0.85rem; max-width: 100%; }
      .pill b { font-size: 0.78rem; text-transform: uppercase; letter-spacing: 0.03em; }
      .info { background: #17324f; color: #bcdcff; }
      .last, .said { color: var(--ink-dim); }
      li[aria-current='true'] { border-color: var(--gold); background: #1d2c17; }
      li.stale { border-color: var(--danger); }
      .id { font: 700 1.25rem var(--font-call); color: var(--gold); }
      .cell { display: flex; flex-direction: column; gap: 2px; font-size: 0.85rem; min-width: 0; }
      .cell > .muted { font-size: 0.72rem; text-transform: uppercase; letter-spacing: 0.04em; }
      /* the replication as its badge says it, and the last event held: a line each */
      .reports { position: relative; font-size: 0.8rem; gap: 3px; }
      .reports .badge { white-space: normal; }
    `,
  );

  /** Brings a table's card into sight `offset` px below the top (the floor's sticky strip) and gives it the focus. */
  focusTable(table: string, offset: number): void {
    const li = this.renderRoot.querySelector<HTMLElement>(`li[data-table="${CSS.escape(table)}"]`);
    if (!li) return;
    window.scrollTo({ top: Math.max(0, window.scrollY + li.getBoundingClientRect().top - offset - 8) });
    li.focus({ preventScroll: true });
  }

  #open(row: FloorTable) {
    this.dispatchEvent(
      new CustomEvent<{ table: string; shoe: string | null }>('select-table', { detail: { table: row.table, shoe: row.shoe }, bubbles: true, composed: true }),
    );
  }

  /** When each table was first reported behind, this time. */
  readonly #behindSince = new Map<string, number>();

  /**
   * A table's replication as shown: behind for under {@link BEHIND_SHOWN_MS}, as every table is for a moment after
   * each card, it reads in sync. The badge flashed amber "behind 1 event" on every busy table (outsider pass 15).
   */
  #shownState(row: FloorTable, c: NonNullable<NonNullable<FloorTable['reported']>['central']>): typeof c.state {
    if (c.state !== 'behind') {
      this.#behindSince.delete(row.table);
      return c.state;
    }
    const now = Date.now();
    const since = this.#behindSince.get(row.table) ?? now;
    this.#behindSince.set(row.table, since);
    // the floor draws again at least every five seconds (tq-floor.ts), so a table still behind is said then
    return now - since >= BEHIND_SHOWN_MS ? 'behind' : 'in-sync';
  }

  #replication(row: FloorTable) {
    const reported = row.reported?.central;
    if (!reported) return html`<span class="badge warn" data-replication="unknown">${t('repl.unknown')}</span>`;
    const c = { ...reported, state: row.stale ? reported.state : this.#shownState(row, reported) };
    const said =
      c.state === 'in-sync'
        ? t('repl.inSync')
        : c.state === 'behind'
          ? t('repl.behind', { n: c.behind ?? '?' })
          : t('repl.down', { at: formatTime(c.downSince, lang()) });
    // a stale report says nothing of the replication now: its last word is shown as such, in grey, never a green "in sync"
    if (row.stale) return html`<span class="badge neutral" data-replication="last-known" data-last=${c.state}>${t('repl.lastKnown', { state: said })}</span>`;
    const alert = c.alert ? html`<span class="bad" title=${centralAlertText(c.alert)}>${c.alert.code}</span>` : '';
    const tone = c.state === 'in-sync' ? 'ok' : c.state === 'behind' ? 'warn' : 'bad';
    return html`<span class="badge ${tone}" data-replication=${c.state}>${said}</span>${alert}`;
  }

  /** What asks for the chef's or surveillance's eyes (client/floor-attention.ts), each in full; a stale report is said beside the report's time. */
  #attention(row: FloorTable) {
    // a held end is in the card's status band already (tq-table-status)
    const all = attentionOf(row);
    const items = all.filter((a) => a.kind !== 'stale' && a.kind !== 'held' && a.kind !== 'awaiting');
    const awaiting = all.find((a) => a.kind === 'awaiting');
    // The routine call to confirm comes and goes every coup: beside an alert its place is kept, last, whether or not a call
    // waits, so a card with a tall alert no longer grew 44 px for the 0.8 s a call waited (outsider pass 19); alone, it
    // takes the place of "No alerts." within the column's reserved room.
    const slot = awaiting
      ? this.#item(awaiting, row)
      : html`<span class="badge info" style="visibility: hidden" aria-hidden="true" data-awaiting-room>${t('floor.awaiting', { n: 0 })}</span>`;
    if (items.length === 0) return awaiting ? slot : html`<span class="last" data-no-alerts>${t('alerts.none')}</span>`;
    return html`${items.map((a) => this.#item(a, row))}${slot}`;
  }

  /** Severity by colour (alert-severity.ts): a dispute or a silent shuffler in red, a call waiting in routine blue. */
  #item(a: Attention, row: FloorTable) {
    const severity = severityOf(a);
    switch (a.kind) {
      case 'stale':
      case 'held':
        return '';
      case 'disputes':
        return html`<span class="badge ${SEVERITY_CLASS[severity]}" data-severity=${severity} data-disputes=${a.n}>${t('floor.disputes', { n: a.n })}</span>`;
      case 'awaiting':
        return html`<span class="badge ${SEVERITY_CLASS[severity]}" data-severity=${severity} data-awaiting=${a.coup}>${t('floor.awaiting', { n: a.coup })}</span>`;
      case 'previous':
        return this.#previous(a.shoe, a.previous, severity);
      case 'line':
        return this.#linkAlerts(a.n, severity, a.last);
      case 'alert': {
        // the shoe it is of, when the next shoe has begun, and always for a coup the shoe's end cut short: the same pill
        // before and after the next shoe's first line, which comes a second later (outsider pass 17)
        const shoe = a.before ?? (a.alert.code === 'CUT_SHORT' ? row.shoe : null);
        return html`<span class="pill ${SEVERITY_CLASS[severity]}" title=${a.alert.message} data-last-alert=${a.alert.kind} data-severity=${severity} data-alert-before=${a.before ?? ''}><b>${alertKindLabel(a.alert.kind, a.alert.code)}</b>${alertText(a.alert)}${
          shoe ? html`<span class="said" data-alert-shoe=${shoe}>${t('floor.alertShoe', { shoe: shoe.slice(-8) })}</span>` : ''
        }</span>`;
      }
      case 'withdrawn': {
        // who asked it and why, who withdrew it and when: the held band went without a word (outsider pass 20, F7)
        const p = a.alert.params ?? {};
        const words = { asked: p.asked ?? '–', reason: p.reason ?? '', by: p.by ?? '–', at: a.alert.at ? formatTime(a.alert.at, lang()) : '–' };
        return html`<span class="pill ${SEVERITY_CLASS[severity]}" data-withdrawn=${words.by} data-severity=${severity} data-alert-before=${a.before ?? ''}><b>${alertKindLabel('unheld')}</b>${t(
          p.reason === undefined ? 'floor.withdrawnNoReason' : 'floor.withdrawn',
          words,
        )}</span>`;
      }
      case 'silence-ended': {
        const s = Math.max(0, Math.round((Date.parse(a.to) - Date.parse(a.from)) / 1000));
        return html`<span class="pill ${SEVERITY_CLASS[severity]}" data-silence-ended=${a.to} data-severity=${severity}><b>${t('floor.silenceEndedKind')}</b>${t('floor.silenceEnded', { s, at: formatTime(a.to, lang()) })}</span>`;
      }
    }
  }

  /**
   * The shoe before this one was suspended (or left in play): said until the new
   * shoe's first coup is settled (client/floor-previous.ts), in the words of the table screens' new-shoe banner, with who asked and when.
   */
  #previous(shoe: string, p: PreviousShoe, severity: Severity) {
    const notice = {
      kind: 'new-shoe',
      message: '',
      params: { shoe: shoe.slice(-8), previous: p.shoe.slice(-8), how: p.how, ...(p.cause === undefined && p.note !== undefined && { note: p.note }) },
      ...(p.cause !== undefined && { cause: p.cause }),
    };
    const who = p.by !== undefined && p.at !== undefined ? t('floor.previousBy', { by: p.by, at: formatTime(p.at, lang()) }) : '';
    return html`<span class="pill ${SEVERITY_CLASS[severity]}" data-previous-shoe=${p.how} data-severity=${severity}><b>${t('alertKind.newShoe')}</b>${alertText(notice)}${
      who ? html`<span class="said" data-previous-by=${p.by ?? ''}>${who}</span>` : ''
    }</span>`;
  }

  /** The line's current alerts (server/table/link-summary.ts): how many, and the newest in words with its time. */
  #linkAlerts(n: number, severity: Severity, last: ReportedLink['last']) {
    const said = last ? `${alertText(last)} (${formatTime(last.at, lang())})` : '';
    return html`<span class="badge ${SEVERITY_CLASS[severity]}" title=${said} data-severity=${severity} data-link-alerts=${n}>${t('floor.linkAlerts', { n })}</span>
      ${last ? html`<span class="said" data-link-last=${last.kind}>${said}</span>` : ''}`;
  }

  #reported(row: FloorTable) {
    if (row.reportedAt === null) return html`<span class="badge bad" data-stale>${t('floor.never')}</span>`;
    const at = formatTime(row.reportedAt, lang());
    if (!row.stale) return html`<span class="muted" data-fresh>${t('floor.reportedAt', { at })}</span>`;
    const seconds = Math.max(0, Math.round(((this.now || Date.now()) - Date.parse(row.reportedAt)) / 1000));
    return html`<span class="badge bad" data-stale>${t('floor.stale', { s: seconds })}</span><span class="muted">${at}</span>`;
  }

  override render() {
    if (this.tables.length === 0) return html`<p class="muted" data-no-tables>${t('floor.none')}</p>`;
    const l = lang();
    return html`<ol>
      ${this.tables.map((row) => {
        const link = row.reported?.link ? ({ ...row.reported.link, alerts: [] } as LinkStatus) : null;
        return html`<li class="panel ${row.stale ? 'stale' : ''}" tabindex="-1" data-table=${row.table} aria-current=${row.table === this.selected ? 'true' : 'false'}>
          <div class="head">
            <span class="id">${row.table}</span>
            <tq-table-status compact .view=${row.view} .link=${link} ?last-known=${row.stale}></tq-table-status>
            <button data-open=${row.table} @click=${() => this.#open(row)}>${t('floor.open')}</button>
          </div>
          <div class="body">
            <tq-floor-now .row=${row}></tq-floor-now>
            <span class="cell attention"><span class="muted">${t('alerts.title')}</span>${this.#attention(row)}</span>
            <span class="cell reports"><span class="sr-only">${t('floor.replication')}</span>
              <span title=${t('floor.replication')}>${this.#replication(row)} <span data-reported>${this.#reported(row)}</span></span>
              <span><span class="muted">${t('floor.lastEvent')}</span> ${row.lastEventAt ? formatTime(row.lastEventAt, l) : '–'} · <span data-events=${row.events}>${t('floor.events', { n: row.events })}</span></span></span>
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
