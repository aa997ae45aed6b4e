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
import { previousToSay } from '../floor-previous.ts';
import { callToConfirm } from '../calls-to-confirm.ts';
import { formatTime } from '../format.ts';
import { lang, t } from '../i18n.ts';
import { alertText, centralAlertText } from '../server-text.ts';
import { alertSeverity, SEVERITY_CLASS } from './alert-severity.ts';
import { alertKindLabel } from './alert-kinds.ts';
import './tq-floor-now.ts';
import './tq-table-status.ts';
import { TqElement, tqStyles } from './tq-element.ts';

@customElement('tq-floor-overview')
export class TqFloorOverview extends TqElement {
  @property({ attribute: false }) accessor tables: FloorTable[] = [];
  @property() accessor selected = '';
  /** The floor's clock reading, for the age of stale reports. */
  @property({ type: Number }) accessor now = 0;

  static override styles = tqStyles(
    css`
      :host { display: block; }
      ol { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
      /* one header line, then cells that wrap at tablet sizes rather than squeezing the alert pills to a sliver */
      li { display: flex; flex-direction: column; gap: 8px; }
      .head { display: flex; align-items: center; gap: 8px 14px; flex-wrap: wrap; }
      .head tq-table-status { flex: 1 1 420px; min-width: 0; }
      .body { display: grid; grid-template-columns: repeat(auto-fill, minmax(210px, 1fr)); gap: 8px 14px; align-items: start; }
      .body tq-floor-now { grid-column: span 2; }
      @media (max-width: 520px) { .body tq-floor-now { grid-column: auto; } }
      .attention { display: flex; flex-direction: column; align-items: flex-start; gap: 4px; font-size: 0.85rem; }
      .attention .badge { white-space: normal; max-width: 100%; }
      .pill { display: inline-flex; flex-direction: column; gap: 1px; padding: 3px 10px; border-radius: 10px; font-size: 0.85rem; max-width: 100%; }
      .pill b { font-size: 0.78rem; text-transform: uppercase; letter-spacing: 0.03em; }
      .info { background: #17324f; color: #bcdcff; }
      .last, .said { color: var(--ink-dim); }
      li[aria-current='true'] { border-color: var(--gold); background: #1d2c17; }
      li.stale { border-color: var(--danger); }
      .id { font: 700 1.4rem var(--font-call); color: var(--gold); }
      .cell { display: flex; flex-direction: column; gap: 3px; font-size: 0.9rem; }
      .cell > .muted { font-size: 0.78rem; text-transform: uppercase; letter-spacing: 0.04em; }
      tq-table-status { font-size: 0.9rem; }
    `,
  );

  #open(row: FloorTable) {
    this.dispatchEvent(
      new CustomEvent<{ table: string; shoe: string | null }>('select-table', { detail: { table: row.table, shoe: row.shoe }, bubbles: true, composed: true }),
    );
  }

  #replication(row: FloorTable) {
    const c = row.reported?.central;
    if (!c) return html`<span class="badge warn" data-replication="unknown">${t('repl.unknown')}</span>`;
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

  /** What asks for the chef's or surveillance's eyes: open disputes, a call waiting, the last alert. */
  #attention(row: FloorTable) {
    const v = row.view;
    const disputes = v?.disputes.length ?? 0;
    const last = v?.alerts.at(-1);
    const linkAlerts = row.stale ? 0 : (row.reported?.link?.alerts ?? 0);
    // a disputed call is in dispute (red), not also "to confirm" (blue): calls-to-confirm.ts
    const awaiting = callToConfirm(v);
    const previous = previousToSay(row);
    if (disputes === 0 && awaiting === null && !last && linkAlerts === 0 && !previous)
      return html`<span class="last" data-no-alerts>${t('alerts.none')}</span>`;
    // severity by colour (alert-severity.ts): a dispute or a silent shuffler in red, a call waiting in routine blue
    const lineDown = row.reported?.link?.connected === false;
    const severity = last ? alertSeverity(last) : null;
    return html`${disputes > 0 ? html`<span class="badge bad" data-severity="serious" data-disputes=${disputes}>${t('floor.disputes', { n: disputes })}</span>` : ''}
      ${awaiting !== null ? html`<span class="badge info" data-severity="routine" data-awaiting=${awaiting}>${t('floor.awaiting', { n: awaiting })}</span>` : ''}
      ${previous && row.shoe ? this.#previous(row.shoe, previous) : ''}
      ${linkAlerts > 0 ? this.#linkAlerts(linkAlerts, lineDown, row.reported?.link?.last) : ''}
      ${
        last && severity
          ? html`<span class="pill ${SEVERITY_CLASS[severity]}" title=${last.message} data-last-alert=${last.kind} data-severity=${severity}><b>${alertKindLabel(last.kind, last.code)}</b>${alertText(last)}</span>`
          : ''
      }`;
  }

  /**
   * The shoe before this one was suspended (or left in play): said until the new
   * shoe's first coup is settled (client/floor-previous.ts), in the words of the table screens' new-shoe banner, with who asked and when.
   */
  #previous(shoe: string, p: PreviousShoe) {
    const notice = {
      kind: 'new-shoe',
      message: '',
      params: { shoe: shoe.slice(-8), previous: p.shoe.slice(-8), how: p.how, ...(p.cause === undefined && p.note !== undefined && { note: p.note }) },
      ...(p.cause !== undefined && { cause: p.cause }),
    };
    const severity = p.cause ? alertSeverity(p.cause) : 'warning';
    const who = p.by !== undefined && p.at !== undefined ? t('floor.previousBy', { by: p.by, at: formatTime(p.at, lang()) }) : '';
    return html`<span class="pill ${SEVERITY_CLASS[severity]}" data-previous-shoe=${p.how} data-severity=${severity}><b>${t('alertKind.newShoe')}</b>${alertText(notice)}${
      who ? html`<span class="said" data-previous-by=${p.by ?? ''}>${who}</span>` : ''
    }</span>`;
  }

  /** The line's current alerts (server/table/link-summary.ts): how many, and the newest in words with its time. */
  #linkAlerts(n: number, lineDown: boolean, last: ReportedLink['last']) {
    const said = last ? `${alertText(last)} (${formatTime(last.at, lang())})` : '';
    return html`<span class="badge ${lineDown ? 'bad' : 'warn'}" title=${said} data-severity=${lineDown ? 'serious' : 'warning'} data-link-alerts=${n}>${t('floor.linkAlerts', { n })}</span>
      ${last ? html`<span class="said" data-link-last=${last.kind}>${said}</span>` : ''}`;
  }

  #reported(row: FloorTable) {
    if (row.reportedAt === null) return html`<span class="badge bad" data-stale>${t('floor.never')}</span>`;
    const at = formatTime(row.reportedAt, lang());
    if (!row.stale) return html`<span data-fresh>${at}</span>`;
    const seconds = Math.max(0, Math.round(((this.now || Date.now()) - Date.parse(row.reportedAt)) / 1000));
    return html`<span class="badge bad" data-stale>${t('floor.stale', { s: seconds })}</span><span class="muted">${at}</span>`;
  }

  override render() {
    if (this.tables.length === 0) return html`<p class="muted" data-no-tables>${t('floor.none')}</p>`;
    const l = lang();
    return html`<ol>
      ${this.tables.map((row) => {
        const link = row.reported?.link ? ({ ...row.reported.link, alerts: [] } as LinkStatus) : null;
        return html`<li class="panel ${row.stale ? 'stale' : ''}" data-table=${row.table} aria-current=${row.table === this.selected ? 'true' : 'false'}>
          <div class="head">
            <span class="id">${row.table}</span>
            <tq-table-status .view=${row.view} .link=${row.stale ? null : link}></tq-table-status>
            <button data-open=${row.table} @click=${() => this.#open(row)}>${t('floor.open')}</button>
          </div>
          <div class="body">
            <tq-floor-now .row=${row}></tq-floor-now>
            <span class="cell attention"><span class="muted">${t('alerts.title')}</span>${this.#attention(row)}</span>
            <span class="cell"><span class="muted">${t('floor.replication')}</span>${this.#replication(row)}
              <span class="muted">${t('floor.reported')}</span>${this.#reported(row)}</span>
            <span class="cell"><span class="muted">${t('floor.lastEvent')}</span>
              <span>${row.lastEventAt ? formatTime(row.lastEventAt, l) : '–'} · <span data-events=${row.events}>${t('floor.events', { n: row.events })}</span></span></span>
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
