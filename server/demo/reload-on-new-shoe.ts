/**
 * `tq demo --pace`: a shuffler dealing on its own pace is never pulled, so nothing told it the
 * table began a new shoe: after a suspension it went on dealing the suspended
 * shoe's cards, every one refused, and the table sat burning at 312 (outsider
 * pass 10). When the tailleur starts a shoe it is reloaded, as a dealer
 * reloads the shuffler; a shoe the shuffler itself announced is not (it is
 * the new one already). The table's parts may be replaced (a card side
 * reopened), so the subscription follows `server.table`.
 */
import type { TableService } from '../table/table-service.ts';
import { SHUFFLER } from '../table/table.ts';
import type { DemoShuffler } from './demo-shuffler.ts';

export function reloadOnNewShoe(server: { readonly table: Pick<TableService, 'onStored'> }, shuffler: Pick<DemoShuffler, 'deal'>): () => void {
  let watched: Pick<TableService, 'onStored'> | null = null;
  let off = () => {};
  const watch = (): void => {
    if (server.table === watched) return;
    off();
    watched = server.table;
    off = watched.onStored(({ event }) => {
      if (event.type === 'shoe' && event.by !== SHUFFLER.user) shuffler.deal(true);
    });
  };
  watch();
  const timer = setInterval(watch, 1000);
  timer.unref();
  return () => {
    clearInterval(timer);
    off();
  };
}
