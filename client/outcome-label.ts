/**
 * A settlement row's outcome in words. On an après a free stake stands and a
 * prison stake stays in prison at its level (docs/rules.md): both are `push`
 * rows, told apart by their level, and the payeur must see which is which
 * (an outsider saw a seat's free and imprisoned Couleur stakes both read
 * "stands").
 */
import type { SettlementRow } from '../server/http/contract.ts';
import { t, type Key } from './i18n.ts';

export function outcomeLabel(r: Pick<SettlementRow, 'outcome' | 'level'>): string {
  if (r.outcome === 'push' && r.level > 0) return t('outcome.push-prison', { level: r.level });
  return t(`outcome.${r.outcome}` as Key, { level: r.level });
}
