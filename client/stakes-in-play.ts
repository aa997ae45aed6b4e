/**
 * The coup whose stakes are in its settlement while its call waits for the tailleur or the chef
 * (docs/rules.md#settlement-outcomes): the stakes list, empty then, says they are there.
 */
import type { TableView } from '../server/http/contract.ts';

export function stakesInPlay(v: TableView | null | undefined): number | null {
  const c = v?.awaiting;
  return c && c.settlement.length > 0 ? c.coup : null;
}
