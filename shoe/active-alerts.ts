/**
 * The alerts the screens show as active (TableView.alerts): a dispute alert
 * leaves once the chef de table has ruled on its coup (docs/rules.md#dispute-ruled-alert).
 * QA found "dispute coup 3" still among the table's alerts ten coups after
 * the ruling. The alert stays in the shoe's state and log, and the dispute
 * and ruling stay in "who did what" (the events), so nothing is lost to the
 * audit.
 */
import type { Alert, ShoeState } from './state.ts';

export function activeAlerts(state: Pick<ShoeState, 'alerts' | 'coups'>, limit: number): Alert[] {
  const ruled = new Set(state.coups.filter((c) => c.dispute && c.status !== 'disputed').map((c) => c.coup));
  if (ruled.size === 0) return state.alerts.last(limit);
  const active = state.alerts.last(limit + ruled.size).filter((a) => !(a.kind === 'dispute' && a.coup !== undefined && ruled.has(a.coup)));
  return active.slice(-limit);
}
