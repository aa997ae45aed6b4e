/**
 * `tq demo`: when the tailleur starts a shoe the demo's shuffler is reloaded
 * at once, as a dealer reloads the shuffler; a shoe the shuffler itself
 * announced is not (it is the new one already). Dealing on its own pace it was
 * never pulled, so nothing told it: after a suspension it went on dealing the
 * suspended shoe's cards, every one refused, and the table sat burning at 312;
 * pulled by hand it loaded the next shoe only at the first pull, and until
 * then every screen read "empty" beside "312 cards left" (outsider pass 10). The table's parts may be replaced (a card side
 * reopened), so the subscription follows `server.table`.
 */
import type { TableService } from '../table/table-service.ts';
import { SHUFFLER } from '../table/table.ts';
import type { DemoShuffler } from './demo-shuffler.ts';

export function reloadOnNewShoe(server: { readonly table: Pick<TableService, 'onStored'> }, shuffler: Pick<DemoShuffler, 'reload'>): () => void {
  let watched: Pick<TableService, 'onStored'> | null = null;
  let off = () => {};
  const watch = (): void => {
    if (server.table === watched) return;
    off();
    watched = server.table;
    off = watched.onStored(({ event }) => {
      if (event.type === 'shoe' && event.by !== SHUFFLER.user) shuffler.reload();
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
