/**
 * The call of an earlier coup still waiting while the shuffler deals the next
 * one, above the coup in play: its rows and call small, and a way to dispute
 * it while it waits for confirmation. A call in dispute waits for the chef de
 * table's ruling, and says so (docs/rules.md, "Confirming or disputing the call").
 */
import { html } from 'lit';
import type { CoupView } from '../../server/http/contract.ts';
import { t } from '../i18n.ts';
import './tq-call.ts';
import './tq-rows.ts';

export function pendingCallPanel(
  pending: { coup: number; view: CoupView | undefined },
  inPlay: CoupView | null,
  online: boolean,
  dispute: (coup: number) => void,
) {
  return html`<section class="panel pending" data-pending=${pending.coup}>
    <h2>${t(pending.view?.status === 'disputed' ? 'tailleur.pendingDisputed' : 'tailleur.pending', { n: pending.coup })}</h2>
    ${
      pending.view?.status === 'awaiting-confirm' && inPlay?.status === 'awaiting-confirm'
        ? html`<button class="danger" data-action="dispute-pending" ?disabled=${!online} @click=${() => dispute(pending.coup)}>${t('tailleur.disputeCoup', { n: pending.coup })}</button>`
        : ''
    }
    ${pending.view ? html`<tq-rows .coup=${pending.view} size="sm"></tq-rows><tq-call .coup=${pending.view} size="md"></tq-call>` : ''}
  </section>`;
}
