/** Who did what and when: stored events (by, at) newest first, the selected one highlighted. */
import { css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { StoredEvent } from '../../server/http/contract.ts';
import { actorName, describeEvent } from '../event-text.ts';
import { formatTime } from '../format.ts';
import { lang, t } from '../i18n.ts';
import { stakeTopUps } from '../stake-top-ups.ts';
import { TqElement, tqStyles } from './tq-element.ts';

@customElement('tq-activity')
export class TqActivity extends TqElement {
  @property({ attribute: false }) accessor events: StoredEvent[] = [];
  /** Show at most this many (the latest). */
  @property({ type: Number }) accessor limit = 40;
  /** Hide the shuffler's cards, to see what people did (a checkbox on the list). */
  @property({ type: Boolean, attribute: 'people-only' }) accessor peopleOnly = false;
  @property({ type: Number }) accessor current = -1;

  static override styles = tqStyles(
    css`
      :host { display: block; }
      header { display: flex; justify-content: space-between; align-items: baseline; gap: 8px; }
      header label { font-size: 0.85rem; color: var(--ink-dim); display: flex; gap: 6px; align-items: center; }
      header input { min-height: 0; }
      ol { list-style: none; margin: 0; padding: 0; max-height: var(--activity-height, 360px); overflow: auto; }
      li { display: grid; grid-template-columns: 4.2rem 7.5rem 1fr; gap: 8px; padding: 4px 6px; border-bottom: 1px solid var(--line); font-size: 0.9rem; }
      li.current { background: #2a3a1c; outline: 1px solid var(--gold); }
      .at { color: var(--ink-dim); font-variant-numeric: tabular-nums; }
      /* whole names: 'mescolatrice' was cut to 'mescolat…' in 5.5rem; a longer one wraps, never cut */
      .by { font-weight: 700; overflow-wrap: anywhere; }
      .t-dispute, .t-resolve, .t-fault, .t-end, .t-void { color: #ffd99a; }
    `,
  );

  override render() {
    // read from the whole list, the shuffler's cards included: an addition is known from the bets before it
    const topUps = stakeTopUps(this.events);
    const list = (this.peopleOnly ? this.events.filter((e) => e.by !== 'shuffler') : this.events).slice(-this.limit).reverse();
    return html`<header><h2>${t('activity.title')}</h2>
        <label><input type="checkbox" data-people-only .checked=${this.peopleOnly} @change=${(e: Event) => (this.peopleOnly = (e.target as HTMLInputElement).checked)} />
          ${t('activity.peopleOnly')}</label></header>
      ${
        list.length === 0
          ? html`<p class="muted">${t('activity.none')}</p>`
          : html`<ol>
            ${list.map(
              (e) => html`<li class="t-${e.type} ${e.i === this.current ? 'current' : ''}" data-event=${e.type} data-index=${e.i}>
                <span class="at">${formatTime(e.at, lang())}</span><span class="by" data-by=${e.by} ?data-carried=${e.type === 'bet' && e.carried === true}>${e.type === 'bet' && e.carried ? t('crew17.activity.carried') : actorName(e.by)}</span><span>${describeEvent(e, topUps.get(e.i))}</span>
              </li>`,
            )}
          </ol>`
      }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-activity': TqActivity;
  }
}
