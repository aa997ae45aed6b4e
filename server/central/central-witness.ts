/**
 * The table's side of the central witness, in one place (docs/central-store.md):
 * `tq serve --central <url>` starts it beside the table. It listens to the
 * table's stream of stored events (each one already durable on disk), seals
 * the chain head with the table's key, replicates events and seals, and
 * upserts the table's live status (shuffler link, replication, shoe) about
 * once a second for the surveillance room. Nothing here is on a card's path
 * to its ACK, and nothing here stops the table from dealing.
 */
import type { Logger } from 'pino';
import type { TableStore } from '../store/table-store.ts';
import type { LinkStatus, LiveMessage } from '../table/table.ts';
import { centralErrorOf } from './central-error.ts';
import { centralPool, maskUrl } from './central-connect.ts';
import { linkSummary, type LinkSummary } from '../table/link-summary.ts';
import { upsertStatus } from './central-writer.ts';
import type { CentralLinkState } from './replication-state.ts';
import { warnIfOwner } from './owner-check.ts';
import { Replicator } from './replicator.ts';
import { signStatus } from './signed-status.ts';
import { latestShoe, startTableSealer } from './table-sealer.ts';
import { UnwitnessedPlay, type GuardedTable } from './unwitnessed-play.ts';
import { loadTableKey } from './table-keys.ts';

/** A status row unchanged this long is written again (the floor calls a row older than 15 s stale). */
export const STATUS_HEARTBEAT_MS = 5000;

/**
 * What the witness needs of the table: its stream of stored events, its link status, and a way to refuse a coup and
 * record the witness in the shoe (GuardedTable). Required, not probed: probed, the HTTP side's table
 * (server/app/remote-table.ts) lacked them and the bound on unwitnessed play was silently not kept.
 */
export interface WitnessedTable extends GuardedTable {
  subscribe(listener: (message: LiveMessage) => void): () => void;
  onLink(listener: (status: LinkStatus) => void): () => void;
  linkStatus(): LinkStatus;
}

export interface CentralWitnessOptions {
  url: string;
  table: string;
  dataDir: string;
  /** The table key's file, when not `<data>/keys/table.key` (table-keys.ts). */
  keyFile?: string;
  /** The durable record: the TableStore, or a reader of its files (server/app/record-reader.ts). */
  store: Pick<TableStore, 'listShoes' | 'currentShoeId' | 'readShoe'>;
  tableService: WitnessedTable;
  logger: Logger;
  /** Longest play left unsealed (ms, default 60 000). */
  sealEveryMs?: number;
  /** How often the table's status row is refreshed at most (ms, default 1000). */
  statusEveryMs?: number;
  /** Longest time dealing without the witness before the chef must acknowledge it (ms, default 10 min). */
  unwitnessedLimitMs?: number;
  /** The shoe in play's head when this server opened the record (table-sealer.ts). */
  opened?: { shoe: string; i: number } | null;
  /** Called when the replication state changes (the dashboards' badge). */
  onState?: (state: CentralLinkState) => void;
}

export interface CentralWitness {
  state(): CentralLinkState;
  close(): Promise<void>;
}

/** The status row's JSON (table_status.status), read by the surveillance room. */
export interface TableStatusJson {
  link: LinkSummary;
  central: CentralLinkState;
  shoe: string | null;
  lastEventAt: string | null;
  /** The table's signature of this status and when it made it (signed-status.ts); absent without a key. */
  signed?: { at: string; sig: string };
}

export async function startCentralWitness(o: CentralWitnessOptions): Promise<CentralWitness> {
  const logger = o.logger;
  const key = await loadTableKey(o.dataDir, o.keyFile).catch((e: unknown) => {
    logger.error({ reason: (e as Error).message }, 'no table key: the record is replicated without seals');
    return null;
  });
  const pool = centralPool(o.url);
  warnIfOwner(pool, logger);
  let dirty = true;
  let unwitnessed: UnwitnessedPlay | null = null;
  const replicator = new Replicator({
    pool,
    table: o.table,
    dataDir: o.dataDir,
    shoes: () => o.store.listShoes().filter((s) => s.table === o.table),
    ...(key && { publicKey: key.publicLine }),
    logger,
    onState: (state) => {
      dirty = true;
      unwitnessed?.changed(state);
      o.onState?.(state);
    },
  });
  unwitnessed = new UnwitnessedPlay(o.tableService, replicator.state, { logger, ...(o.unwitnessedLimitMs !== undefined && { limitMs: o.unwitnessedLimitMs }) });
  const sealer =
    key &&
    (await startTableSealer({
      dataDir: o.dataDir,
      table: o.table,
      key,
      store: o.store,
      tableService: o.tableService,
      logger,
      ...(o.sealEveryMs !== undefined && { everyMs: o.sealEveryMs }),
      onSeal: (shoe, seal) => replicator.sealed(shoe, seal),
      ...(o.opened !== undefined && { opened: o.opened }),
    }));
  let lastEventAt: string | null = sealer?.lastEventAt ?? null;
  let shoe: string | null = sealer ? sealer.latest : latestShoe(o.store, o.table);
  const unsubscribe = o.tableService.subscribe((m) => {
    replicator.stored(m.shoe, m.event);
    shoe = m.shoe;
    lastEventAt = m.event.at;
    dirty = true;
  });
  const offLink = o.tableService.onLink(() => (dirty = true));
  replicator.start();
  if (!key) replicator.alert('NO_KEY', 'the table has no key (tq keys init): its record is replicated without seals');
  logger.info({ central: maskUrl(o.url), seals: key !== null }, 'replicating to the central store');

  let publishing = false;
  let publishedAt = 0;
  const statusTimer = setInterval(() => {
    if (publishing || replicator.state.state === 'down') return;
    // Unchanged, the row is still refreshed now and then: the surveillance room takes a silent row for a silent table.
    if (!dirty && Date.now() - publishedAt < STATUS_HEARTBEAT_MS) return;
    dirty = false;
    publishing = true;
    const status: TableStatusJson = { link: linkSummary(o.tableService.linkStatus(), Date.now()), central: replicator.state, shoe, lastEventAt };
    // Signed with the table's key (signed-status.ts): a row written with the role alone does not verify.
    upsertStatus(pool, o.table, key ? signStatus(key.privateKey, o.table, status) : status)
      .then(() => (publishedAt = Date.now()))
      .catch((e: unknown) => {
        dirty = true;
        logger.warn({ reason: centralErrorOf(e).message }, 'central store: status not updated');
      })
      .finally(() => (publishing = false));
  }, o.statusEveryMs ?? 1000);
  statusTimer.unref();

  return {
    state: () => replicator.state,
    async close() {
      clearInterval(statusTimer);
      unwitnessed?.close();
      unsubscribe();
      offLink();
      await sealer?.close();
      await replicator.close();
      await pool.end().catch(() => undefined);
    },
  };
}
