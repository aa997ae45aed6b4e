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
import { formatTime } from '../format.ts';
import { lang, t } from '../i18n.ts';
import { alertText, centralAlertText } from '../server-text.ts';
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
      li { display: grid; grid-template-columns: 70px minmax(0, 1fr) 150px 170px 190px 160px auto; align-items: center; gap: 8px 14px; }
      .attention { display: flex; flex-direction: column; gap: 3px; font-size: 0.85rem; }
      .attention .last { color: var(--ink-dim); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 190px; }
      li[aria-current='true'] { border-color: var(--gold); background: #1d2c17; }
      li.stale { border-color: var(--danger); }
      .id { font: 700 1.4rem var(--font-call); color: var(--gold); }
      .cell { display: flex; flex-direction: column; gap: 3px; font-size: 0.9rem; }
      .cell > .muted { font-size: 0.78rem; text-transform: uppercase; letter-spacing: 0.04em; }
      tq-table-status { font-size: 0.9rem; }
      @media (max-width: 1200px) { li { grid-template-columns: 60px repeat(3, minmax(0, 1fr)) auto; } li tq-table-status { grid-column: 2 / -1; } }
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
    const alert = c.alert ? html`<span class="bad" title=${centralAlertText(c.alert)}>${c.alert.code}</span>` : '';
    switch (c.state) {
      case 'in-sync':
        return html`<span class="badge ok" data-replication="in-sync">${t('repl.inSync')}</span>${alert}`;
      case 'behind':
        return html`<span class="badge warn" data-replication="behind">${t('repl.behind', { n: c.behind ?? '?' })}</span>${alert}`;
      case 'down':
        return html`<span class="badge bad" data-replication="down">${t('repl.down', { at: formatTime(c.downSince, lang()) })}</span>${alert}`;
    }
  }

  /** What asks for the chef's or surveillance's eyes: open disputes, a call waiting, the last alert. */
  #attention(row: FloorTable) {
    const v = row.view;
    const disputes = v?.disputes.length ?? 0;
    const last = v?.alerts.at(-1);
    const linkAlerts = row.stale ? 0 : (row.reported?.link?.alerts ?? 0);
    if (disputes === 0 && v?.awaitingConfirm == null && !last && linkAlerts === 0) return html`<span class="last" data-no-alerts>${t('alerts.none')}</span>`;
    return html`${disputes > 0 ? html`<span class="badge bad" data-disputes=${disputes}>${t('floor.disputes', { n: disputes })}</span>` : ''}
      ${v?.awaitingConfirm != null ? html`<span class="badge warn" data-awaiting=${v.awaitingConfirm}>${t('floor.awaiting', { n: v.awaitingConfirm })}</span>` : ''}
      ${linkAlerts > 0 ? html`<span class="badge warn" data-link-alerts=${linkAlerts}>${t('floor.linkAlerts', { n: linkAlerts })}</span>` : ''}
      ${last ? html`<span class="last" title=${last.message} data-last-alert=${last.kind}>${alertText(last)}</span>` : ''}`;
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
          <span class="id">${row.table}</span>
          <tq-table-status .view=${row.view} .link=${row.stale ? null : link}></tq-table-status>
          <span class="cell attention"><span class="muted">${t('alerts.title')}</span>${this.#attention(row)}</span>
          <span class="cell"><span class="muted">${t('floor.replication')}</span>${this.#replication(row)}</span>
          <span class="cell"><span class="muted">${t('floor.reported')}</span>${this.#reported(row)}</span>
          <span class="cell"><span class="muted">${t('floor.lastEvent')}</span>
            <span>${row.lastEventAt ? formatTime(row.lastEventAt, l) : '–'} · <span data-events=${row.events}>${t('floor.events', { n: row.events })}</span></span></span>
          <button data-open=${row.table} @click=${() => this.#open(row)}>${t('floor.open')}</button>
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
