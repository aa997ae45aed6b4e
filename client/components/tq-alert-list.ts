/** The shoe's alerts so far (TableView.alerts), newest first. */
import { css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Alert } from '../../server/http/contract.ts';
import { formatTime } from '../format.ts';
import { lang, t } from '../i18n.ts';
import { alertText } from '../server-text.ts';
import { alertKindLabel } from './alert-kinds.ts';
import { TqElement, tqStyles } from './tq-element.ts';

@customElement('tq-alert-list')
export class TqAlertList extends TqElement {
  @property({ attribute: false }) accessor alerts: Alert[] = [];

  static override styles = tqStyles(
    css`
      :host { display: block; }
      ul { list-style: none; margin: 0; padding: 0; max-height: 260px; overflow: auto; }
      li { padding: 4px 0; border-bottom: 1px solid var(--line); font-size: 0.9rem; display: flex; gap: 8px; align-items: baseline; }
      .badge { white-space: nowrap; }
    `,
  );

  override render() {
    const list = [...this.alerts].reverse();
    return html`<h2>${t('alerts.title')}</h2>
      ${
        list.length === 0
          ? html`<p class="muted">${t('alerts.none')}</p>`
          : html`<ul>
            ${list.map(
              (a) => html`<li data-alert=${a.kind}>
                <span class="badge ${a.kind === 'void' || a.kind === 'annulled' || a.kind === 'dispute' ? 'warn' : 'bad'}">${alertKindLabel(a.kind, a.code)}</span>
                <span title=${a.message}>${alertText(a)}${a.coup !== undefined ? html` · <span class="muted">${t('call.coup', { n: a.coup })}</span>` : ''}
                ${a.at ? html` · <span class="muted">${formatTime(a.at, lang())}</span>` : ''}</span>
              </li>`,
            )}
          </ul>`
      }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-alert-list': TqAlertList;
  }
}
