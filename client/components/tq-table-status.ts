/**
 * The table at a glance: shoe, phase with the bets open or closed, cards left,
 * burn cards still to draw, exposed coups against the limit, shuffler line.
 */
import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { TableView } from '../../shoe/table-view.ts';
import type { LinkStatus } from '../../server/table/table.ts';
import { ANNOUNCE } from '../french.ts';
import { LangController, t, type Key } from '../i18n.ts';
import { shared } from './shared-styles.ts';

const PHASE: Record<TableView['phase'], { key: Key; tone: string; french?: string }> = {
  idle: { key: 'phase.idle', tone: 'muted' },
  burning: { key: 'phase.burning', tone: 'warn', french: ANNOUNCE.burn },
  waiting: { key: 'phase.waiting', tone: 'warn' },
  open: { key: 'phase.open', tone: 'ok', french: ANNOUNCE.open },
  closed: { key: 'phase.closed', tone: 'bad', french: ANNOUNCE.closed },
  ended: { key: 'phase.ended', tone: 'muted' },
};

@customElement('tq-table-status')
export class TqTableStatus extends LitElement {
  @property({ attribute: false }) accessor view: TableView | null = null;
  @property({ attribute: false }) accessor link: LinkStatus | null = null;

  readonly #lang = new LangController(this);

  static override styles = [
    shared,
    css`
      :host { display: block; }
      .bar { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 18px; }
      .phase { font-size: 1.25rem; padding: 6px 16px; text-transform: uppercase; letter-spacing: 0.04em; }
      .french { color: var(--gold); font-size: 1.15rem; }
      .item { white-space: nowrap; }
      .item b { font-variant-numeric: tabular-nums; font-size: 1.1rem; }
      .exposed.hot b { color: var(--warn); }
      .exposed.limit b { color: var(--red-bright); }
    `,
  ];

  override render() {
    const v = this.view;
    if (!v) return html`<div class="bar muted">${t('common.loading')}</div>`;
    const phase = PHASE[v.phase];
    const limit = v.rules.exposedCoupLimit;
    const hot = v.exposedCoups > 0 ? (v.exposedCoups >= limit - 1 ? 'limit' : 'hot') : '';
    const l = this.link;
    return html`<div class="bar">
      <span class="badge phase ${phase.tone}" data-phase=${v.phase}>${t(phase.key)}</span>
      ${phase.french && v.phase !== 'ended' ? html`<span class="french" lang="fr">${phase.french}</span>` : ''}
      ${v.end ? html`<span class="badge bad">${t(v.end.reason === 'empty' ? 'status.endEmpty' : 'status.endSuspended')}</span>` : ''}
      <span class="item muted">${t('status.table')} <b>${v.table || '–'}</b></span>
      <span class="item muted">${t('status.shoe')} <b>${v.shoe ? v.shoe.slice(-8) : '–'}</b></span>
      <span class="item muted">${t('status.cardsLeft')} <b data-cards-left=${v.cardsLeft}>${v.cardsLeft}</b></span>
      ${v.burnLeft > 0 ? html`<span class="item muted">${t('status.burnLeft')} <b>${v.burnLeft}</b></span>` : ''}
      <span class="item exposed ${hot}" data-exposed=${v.exposedCoups}>${t('status.exposed')} <b>${v.exposedCoups} / ${limit}</b></span>
      ${l
        ? html`<span class="item">${t('status.line')}
            <span class="badge ${l.connected ? 'ok' : 'bad'}">${l.connected ? t('status.lineUp') : t('status.lineDown')}</span>
            ${l.model ? html`<span class="muted">${l.model} ${l.state ?? ''}</span>` : ''}</span>`
        : ''}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-table-status': TqTableStatus;
  }
}
