/**
 * Insurance is bought per coup (docs/rules.md#insurance): a stake an après carried to the next coup is uninsured
 * there though it was insured on the coup before. A small "not renewed" cell was all that said so, and an outsider
 * read it as insurance lost (outside crew pass 43, F2): while bets are open, a line over the stakes names how many
 * and insures them again at one click, each stake at its own premium.
 */
import { html } from 'lit';
import type { TableView } from '../../server/http/contract.ts';
import { CHANCE_NAMES } from '../french.ts';
import { t } from '../i18n.ts';

type Stake = TableView['stakes'][number];

/** The carried stakes whose insurance lapsed and was not bought again. */
export function lapsedStakes(stakes: readonly Stake[]): Stake[] {
  return stakes.filter((s) => s.insuranceLapsed === true && !s.insured);
}

/** The line and its button, or nothing when no stake's insurance lapsed or bets are closed. */
export function lapsedInsuranceLine(stakes: readonly Stake[], editable: boolean, renew: (lapsed: Stake[]) => void) {
  const lapsed = lapsedStakes(stakes);
  if (lapsed.length === 0 || !editable) return '';
  const names = lapsed.map((s) => `${s.player} ${CHANCE_NAMES[s.chance]}`).join(', ');
  return html`<p class="lapsed" role="status" data-lapsed=${lapsed.length}>
    <span>${t('stakes.lapsed', { n: lapsed.length, names })}</span>
    <button data-renew-all @click=${(e: MouseEvent) => e.detail <= 1 && renew(lapsed)}>${t('stakes.renewAll', { n: lapsed.length })}</button>
  </p>`;
}
