/** Recorded shoes by table and date (GET /api/shoes), newest first; choosing one opens its replay. */
import { css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { ShoeSummary } from '../api.ts';
import { formatDate, formatTime } from '../format.ts';
import { lang, t } from '../i18n.ts';
import { TqElement, tqStyles } from './tq-element.ts';

@customElement('tq-shoe-list')
export class TqShoeList extends TqElement {
  @property({ attribute: false }) accessor shoes: ShoeSummary[] = [];
  @property() accessor selected = '';

  static override styles = tqStyles(
    css`
      :host { display: block; }
      h3 { margin: 10px 0 4px; color: var(--gold); }
      h4 { margin: 6px 0 2px; font-size: 0.85rem; color: var(--ink-dim); }
      ul { list-style: none; margin: 0; padding: 0; }
      button { width: 100%; text-align: left; display: grid; grid-template-columns: 1fr auto; gap: 2px 8px; min-height: 0; padding: 6px 8px; margin: 2px 0; font-weight: 500; }
      button[aria-current='true'] { border-color: var(--gold); background: #2a3a1c; }
      /* The id heads its entry: below its times, it sat right above the next entry's times and an outsider read each id with the wrong span. */
      .id { font-family: ui-monospace, monospace; font-size: 0.8rem; color: var(--ink-dim); grid-column: 1 / -1; overflow: hidden; text-overflow: ellipsis; }
    `,
  );

  #select(id: string) {
    this.dispatchEvent(new CustomEvent<{ id: string }>('select-shoe', { detail: { id }, bubbles: true, composed: true }));
  }

  override render() {
    const l = lang();
    const byTable = new Map<string, Map<string, ShoeSummary[]>>();
    for (const s of [...this.shoes].reverse()) {
      const dates = byTable.get(s.table) ?? new Map<string, ShoeSummary[]>();
      byTable.set(s.table, dates);
      const day = formatDate(s.startedAt, l);
      dates.set(day, [...(dates.get(day) ?? []), s]);
    }
    return html`<h2>${t('shoes.title')}</h2>
      ${this.shoes.length === 0 ? html`<p class="muted">${t('shoes.none')}</p>` : ''}
      ${[...byTable].map(
        ([table, dates]) => html`<h3>${t('status.table')} ${table}</h3>
          ${[...dates].map(
            ([day, shoes]) => html`<h4>${day}</h4>
              <ul>
                ${shoes.map(
                  (s) => html`<li><button data-shoe=${s.id} aria-current=${s.id === this.selected ? 'true' : 'false'} @click=${() => this.#select(s.id)}>
                    <span class="id">${s.name ?? s.id} · ${t('shoes.events', { n: s.events })}</span>
                    <span class="span">${formatTime(s.startedAt, l)}${s.endedAt ? ` – ${formatTime(s.endedAt, l)}` : ''}</span>
                    <span class="muted">${s.source === 'file' ? html`<span class="badge warn">${t('shoes.file')}</span> ` : ''}${s.end ? (s.end === 'empty' ? t('status.endEmpty') : s.end === 'suspended' ? t('status.endSuspended') : s.end) : t('shoes.inPlay')}</span>
                  </button></li>`,
                )}
              </ul>`,
          )}`,
      )}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-shoe-list': TqShoeList;
  }
}
