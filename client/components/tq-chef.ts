/**
 * The chef de table's screen: open disputes to rule on, the coup in play, the
 * shoe's suspension, every action with who did it and when, and the alerts;
 * the stakes a suspended shoe still owes the players, into the next shoe.
 * The chef's own tools (disputes, suspension) come first: the stakes to hand
 * back are the payeur's work the chef may also close, so they sit under the
 * suspension, never above the tools (an outsider's pass at 1024×768).
 */
import { css, html, type PropertyValues } from 'lit';
import { customElement } from 'lit/decorators.js';
import { keepDrafts } from '../dispute-draft.ts';
import { heldEndText } from '../held-end.ts';
import { t } from '../i18n.ts';
import { live, LiveController } from '../live-store.ts';
import './tq-access-log.ts';
import './tq-history.ts';
import './tq-activity.ts';
import './tq-alert-banner.ts';
import './tq-alert-list.ts';
import './tq-call.ts';
import './tq-dispute-card.ts';
import './tq-hand-back.ts';
import './tq-rows.ts';
import './tq-suspend-form.ts';
import './tq-table-status.ts';
import './tq-unwitnessed-button.ts';
import { TqElement, tqStyles } from './tq-element.ts';
import { typingIn, WindowKeys } from './window-keys.ts';

@customElement('tq-chef')
export class TqChef extends TqElement {
  readonly #live = new LiveController(this);
  /** Esc acknowledges the banners, as the banner's own button says: it was shown here and did nothing (outsider pass 14). */
  readonly #keys = new WindowKeys(this, (e) => {
    if (e.key !== 'Escape' || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typingIn(e)) return;
    live.acknowledge();
  });

  static override styles = tqStyles(
    css`
      :host { display: block; }
      .access { margin-top: 12px; }
      .layout { display: grid; grid-template-columns: minmax(0, 1.3fr) minmax(0, 1fr); gap: 12px; margin-top: 10px; }
      .col { display: flex; flex-direction: column; gap: 10px; min-width: 0; }
      .none { padding: 18px; text-align: center; }
      @media (max-width: 1000px) { .layout { grid-template-columns: 1fr; } }
    `,
  );

  /** A ruling's draft goes once its dispute is no longer open, whoever ruled it. */
  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const v = this.#live.snapshot.view;
    if (v)
      keepDrafts(
        v.shoe,
        v.disputes.map((d) => d.coup),
      );
  }

  override render() {
    const { view: v, link, newAlerts, events } = this.#live.snapshot;
    const disputes = v?.disputes ?? [];
    return html`
      <tq-table-status .view=${v} .link=${link} ?offline=${!this.#live.snapshot.online}></tq-table-status>
      <tq-alert-banner .alerts=${newAlerts} .disputes=${disputes} .view=${v} .link=${link} @acknowledge=${(e: CustomEvent<{ key?: string }>) => live.acknowledge(e.detail.key)}
        .acknowledged=${this.#live.snapshot.acknowledged.length} ?none=${this.#live.snapshot.noneToAcknowledge} listed @restore-alerts=${() => live.restoreAcknowledged()}></tq-alert-banner>
      <div class="layout">
        <div class="col">
          ${
            disputes.length === 0
              ? html`<div class="panel none muted" data-no-disputes>${t('chef.noDisputes')}</div>`
              : disputes.map((d) => html`<tq-dispute-card .coup=${d} .shoe=${v?.shoe ?? null}></tq-dispute-card>`)
          }
          ${
            v?.coup && disputes.some((d) => d.coup === v.coup?.coup)
              ? ''
              : html`<section class="panel"><h2>${t('chef.inPlay')}</h2><tq-rows .coup=${v?.coup ?? null} size="sm"></tq-rows><tq-call .coup=${v?.coup ?? null} size="md"></tq-call></section>`
          }
          <section class="panel history"><tq-history compact .view=${v}></tq-history></section>
        </div>
        <div class="col">
          ${link?.central?.state === 'down' ? html`<section class="panel"><tq-unwitnessed-button></tq-unwitnessed-button></section>` : ''}
          <section class="panel"><tq-suspend-form waitsFor=${v?.awaitingConfirm ?? 0} choices=${v?.prisonChoices ?? 0} ?disabled=${!v || v.phase === 'ended' || v.phase === 'idle'} ?ended=${v?.phase === 'ended'} held=${v?.held ? heldEndText(v.held) : ''} .heldEnd=${v?.held ?? null} situation=${v ? `${v.shoe}|${v.held ? 'held' : ''}` : ''}></tq-suspend-form></section>
          <tq-hand-back></tq-hand-back>
          <section class="panel"><tq-activity .events=${events}></tq-activity></section>
          <section class="panel"><tq-alert-list .alerts=${v?.alerts ?? []}></tq-alert-list></section>
        </div>
      </div>
      <section class="panel access"><tq-access-log></tq-access-log></section>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-chef': TqChef;
  }
}
