/**
 * The table's sealer wired to the table (docs/central-store.md#seals): it
 * follows the stream of stored events, seals the head at checkpoints and at
 * the end of every shoe, and on start marks in the shoe — never signs — play
 * it finds unsealed (a crash, or play dealt while no sealer ran). Started by
 * the central witness, and on its own by a table with a key but no witness,
 * so that the table's own verify can check its seals.
 */
import type { Logger } from 'pino';
import type { TableStore } from '../store/table-store.ts';
import type { Seal } from './seal.ts';
import { Sealer } from './sealer.ts';
import { SYSTEM_ACTOR, type GuardedTable } from './unwitnessed-play.ts';
import type { TableKey } from './table-keys.ts';

export interface TableSealerOptions {
  dataDir: string;
  table: string;
  key: TableKey;
  store: Pick<TableStore, 'listShoes' | 'currentShoeId' | 'readShoe'>;
  tableService: GuardedTable;
  logger: Logger;
  /** Longest play left unsealed (ms, default 60 000). */
  everyMs?: number;
  onSeal?: (shoe: string, seal: Seal) => void;
  /** The shoe in play's head when this server opened the record: events after it were stored by this server (sealer.ts). */
  opened?: { shoe: string; i: number } | null;
}

export interface TableSealer {
  /** The latest shoe when the sealer started, and its last event's time. */
  readonly latest: string | null;
  readonly lastEventAt: string | null;
  close(): Promise<void>;
}

/** The latest shoe of `table` in the record: the one in play, else the last listed. */
export function latestShoe(store: TableSealerOptions['store'], table: string): string | null {
  return (
    store.currentShoeId() ??
    store
      .listShoes()
      .filter((s) => s.table === table)
      .at(-1)?.id ??
    null
  );
}

export async function startTableSealer(o: TableSealerOptions): Promise<TableSealer> {
  const latest = latestShoe(o.store, o.table);
  const sealer: Sealer = new Sealer({
    dataDir: o.dataDir,
    table: o.table,
    key: o.key,
    logger: o.logger,
    ...(o.everyMs !== undefined && { everyMs: o.everyMs }),
    ...(o.onSeal && { onSeal: o.onSeal }),
    // Play found unsealed on start is not signed: it is marked in the shoe, for verify to judge.
    onUnsealed: async (from, to) => {
      const stored = await o.tableService.command({ type: 'witness', state: 'unsealed', from, to }, SYSTEM_ACTOR);
      for (const e of stored) sealer.stored(latest!, e); // the marker is the head the next checkpoint seals
    },
  });
  const events = latest === null ? [] : await o.store.readShoe(latest).catch(() => []);
  const openedAt = o.opened?.shoe === latest ? o.opened?.i : undefined;
  await sealer.start(latest === null ? null : { shoe: latest, events, ...(openedAt !== undefined && { openedAt }) });
  const unsubscribe = o.tableService.subscribe((m) => sealer.stored(m.shoe, m.event));
  return {
    latest,
    lastEventAt: events.at(-1)?.at ?? null,
    async close() {
      unsubscribe();
      await sealer.close();
    },
  };
}
