/**
 * What a stake entry will do, said before it is placed: the total after an
 * addition over the table's maximum (it plays as the maximum, the excess returned) or
 * under its minimum (refused): docs/rules.md#stakes.
 */
import { html } from 'lit';
import type { TableView } from '../../server/http/contract.ts';
import { formatCents } from '../format.ts';
import { lang, t } from '../i18n.ts';

export function limitFlags(v: TableView | null, held: { amount: number } | undefined, cents: number | null) {
  if (!v || cents === null || cents <= 0) return '';
  const l = lang();
  const total = (held?.amount ?? 0) + cents;
  const over = total > v.rules.max;
  return html`
    ${
      over
        ? html`<div class="flag" role="status" data-over-max>${t('entry.overMax', { amount: formatCents(total, l), max: formatCents(v.rules.max, l), excess: formatCents(total - v.rules.max, l) })}</div>`
        : ''
    }
    ${total < v.rules.min ? html`<div class="flag" role="status" data-below-min>${t('entry.belowMin', { min: formatCents(v.rules.min, l) })}</div>` : ''}`;
}
