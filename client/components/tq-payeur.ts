/**
 * The payeur's screen: stakes entered from the keyboard, the coup as it is
 * dealt, then the settlement per chance with its totals, and the prison board
 * with the choices after a 31 après. After a shoe ends with stakes to go back
 * (a coup cut by a suspension or the shuffler's reload), they stay listed
 * beside the entry, above the coup, into the next shoe, until the payeur has
 * handed them back.
 */
import { css, html } from 'lit';
import { customElement, query } from 'lit/decorators.js';
import { t } from '../i18n.ts';
import { live, LiveController } from '../live-store.ts';
import { endWaiting, prisonWaitingText } from '../prison-waiting.ts';
import type { Shortcut } from './tq-shortcuts.ts';
import type { TqStakeEntry } from './tq-stake-entry.ts';
import './tq-alert-banner.ts';
import './tq-call.ts';
import './tq-hand-back.ts';
import './tq-history.ts';
import './tq-prison.ts';
import './tq-rows.ts';
import './tq-settlement.ts';
import './tq-shortcuts.ts';
import './tq-stake-entry.ts';
import { stakesInPlay } from '../stakes-in-play.ts';
import './tq-stakes.ts';
import './tq-standing.ts';
import './tq-table-status.ts';
import { TqElement, tqStyles } from './tq-element.ts';
import { WindowKeys } from './window-keys.ts';

@customElement('tq-payeur')
export class TqPayeur extends TqElement {
  @query('tq-stake-entry') accessor entry!: TqStakeEntry;

  readonly #live = new LiveController(this);
  readonly #keys = new WindowKeys(this, (e) => {
    if (e.key === 'F2' || (e.key === '/' && !e.composedPath().some((n) => n instanceof HTMLInputElement))) {
      e.preventDefault();
      this.entry.focusEntry();
    } else if (e.key === 'Escape' && !this.entry.cancelAddition()) live.acknowledge();
  });

  /**
   * The page scrolls a field it focuses (F2, Tab) or a link's target below the
   * band kept in sight, not under it.
   */
  readonly #stripHeight = new ResizeObserver(([entry]) => {
    document.documentElement.style.scrollPaddingTop = `${Math.ceil(entry?.borderBoxSize[0]?.blockSize ?? 0) + 8}px`;
  });

  static override styles = tqStyles(
    css`
      :host { display: block; }
      /* what the payeur may do now (bets open or not; pay, do not pay yet) stays in sight however long the page:
         at 768 px the settlement's four tables pushed it off the screen */
      .now { position: sticky; top: 0; z-index: 3; display: flex; flex-direction: column; gap: 6px; padding: 6px 0; background: var(--felt-dark); box-shadow: 0 6px 8px -6px #000; }
      .top { display: grid; grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr); gap: 12px; margin: 10px 0; }
      .left, .right { display: flex; flex-direction: column; gap: 10px; min-width: 0; }
      .right tq-hand-back { margin-top: -8px; }
      .coup tq-call { margin-top: 6px; }
      tq-shortcuts { margin-top: 8px; font-size: 0.8rem; }
      section.panel + section.panel { margin-top: 10px; }
      .prison-waiting { text-decoration: none; padding: 10px 14px; border-width: 2px; font-weight: 800; font-size: 1.1rem; }
      @media (max-width: 1000px) { .top { grid-template-columns: 1fr; } }
    `,
  );

  override firstUpdated(): void {
    this.entry.focusEntry();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.updateComplete.then(() => {
      const strip = this.isConnected ? this.renderRoot.querySelector('.now') : null;
      if (strip) this.#stripHeight.observe(strip);
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#stripHeight.disconnect();
    document.documentElement.style.scrollPaddingTop = '';
  }

  #toPrison(e: Event) {
    e.preventDefault();
    this.renderRoot.querySelector('#prison')?.scrollIntoView({ block: 'start' });
  }

  #shortcuts(): Shortcut[] {
    return [
      { keys: ['F2', '/'], label: t('payeur.focusEntry') },
      { keys: ['Tab'], label: t('payeur.nextField') },
      { keys: ['R', 'N', 'C', 'I'], label: t('payeur.chanceKeys') },
      { keys: ['Space'], label: t('payeur.insuredKey') },
      { keys: ['Enter'], label: t('entry.place') },
      { keys: ['Esc'], label: t('payeur.escKey') },
    ];
  }

  override render() {
    const { view: v, link, newAlerts, online } = this.#live.snapshot;
    // The last coup completed stays on screen while the next one is dealt: the payeur may still be paying it.
    const settled = v?.coup?.status === 'dealing' ? (v.recent?.[0] ?? v.coup) : (v?.coup ?? null);
    const waiting = prisonWaitingText(v?.prison ?? [], v ? endWaiting(v) : false);
    // while choices are open the board stands over the entry, full width so that a stake and its four buttons are one
    // line: under the settlement it was below a 1024×768 screen after every 31 après (outside crew pass 45, F3), and in
    // the right column each row's buttons stacked four high; once the choices are made it goes back under the settlement
    const choosing = (v?.prisonChoices ?? 0) > 0;
    const prison = html`<section class="panel" id="prison"><tq-prison .prison=${v?.prison ?? []} .release=${v?.release ?? []} actions></tq-prison></section>`;
    return html`
      <div class="now">
        <tq-table-status .view=${v} .link=${link} ?offline=${!this.#live.snapshot.online}></tq-table-status>
        <tq-standing .coup=${settled} .end=${v?.end ?? null} ?release=${v?.rules.endOfShoeRelease ?? false} ?later=${settled !== null && settled !== v?.coup}></tq-standing>
      </div>
      <tq-alert-banner .alerts=${newAlerts} .view=${v} .link=${null} @acknowledge=${(e: CustomEvent<{ key?: string }>) => live.acknowledge(e.detail.key)}
        .acknowledged=${this.#live.snapshot.acknowledged.length} ?none=${this.#live.snapshot.noneToAcknowledge} @restore-alerts=${() => live.restoreAcknowledged()}></tq-alert-banner>
      ${
        waiting
          ? html`<a class="prison-waiting" href="#prison" data-prison-waiting=${v?.prisonChoices ?? 0} @click=${(e: Event) => this.#toPrison(e)}>${waiting}</a>`
          : ''
      }
      ${choosing ? prison : ''}
      <div class="top">
        <div class="left">
          <section class="panel"><h2>${t('entry.title')}</h2><tq-stake-entry .view=${v}></tq-stake-entry></section>
          <section class="panel"><tq-stakes .stakes=${v?.stakes ?? []} .max=${v?.rules.max} .lying=${v?.lyingStakes ?? []} .inPlay=${stakesInPlay(v)} .totals=${v?.stakeTotals ?? null} ?editable=${v?.phase === 'open' && online}></tq-stakes></section>
          <!-- the keys under the stakes, not between the entry and them: at 1024×768 the list began below the screen (outsider passes 12 and 13) -->
          <tq-shortcuts inline .items=${this.#shortcuts()}></tq-shortcuts>
        </div>
        <div class="right">
          <!-- beside the entry, not above it: full width over it, it pushed the entry and the stakes below a 1024×768 screen (outside crew pass 43, F4) -->
          <tq-hand-back></tq-hand-back>
          <section class="panel coup">
            <tq-rows .coup=${v?.coup ?? null} size="sm"></tq-rows>
            <tq-call .coup=${v?.coup ?? null} size="md"></tq-call>
          </section>
        </div>
      </div>
      <section class="panel"><h2>${t('settle.title')}</h2><tq-settlement standing-above .coup=${settled}></tq-settlement></section>
      ${choosing ? '' : prison}
      <section class="panel"><tq-history .view=${v}></tq-history></section>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-payeur': TqPayeur;
  }
}
