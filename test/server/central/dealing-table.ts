/**
 * A table for the central witness's tests: the real store and table service
 * in a temporary data directory, fed cards as the shuffler link feeds them
 * (storeCard) with the tailleur confirming every call, and optionally the
 * central witness beside it, exactly as `tq serve --central` wires it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { VENICE_RULES } from '../../../shoe/rules.ts';
import { startCentralWitness, type CentralWitness } from '../../../server/central/central-witness.ts';
import { shuffledShoe } from '../../../server/simulator/shuffled-shoe.ts';
import { TableStore } from '../../../server/store/table-store.ts';
import { TableService } from '../../../server/table/table-service.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from './central-server.ts';

const TAILLEUR = { user: 'tailleur', role: 'tailleur' } as const;

export interface DealingTable {
  dir: string;
  table: string;
  store: TableStore;
  service: TableService;
  witness: CentralWitness | null;
  /** Deals `cards` more cards of the shoe in play (starting one if needed; a shoe of 312 ends when empty). */
  deal(cards: number): Promise<void>;
  /** Deals whole shoes to their end. */
  dealShoes(shoes: number): Promise<void>;
  close(): Promise<void>;
}

export async function openDealingTable(o: {
  table: string;
  dir?: string;
  central?: string;
  seed?: number;
  sealEveryMs?: number;
  unwitnessedLimitMs?: number;
}): Promise<DealingTable> {
  const dir = o.dir ?? (await mkdtemp(join(tmpdir(), `tq-central-${o.table}-`)));
  const logger = pino({ level: 'silent' });
  const store = await TableStore.open(dir, { table: o.table, logger });
  const service = await TableService.open({ store, tableId: o.table, rules: VENICE_RULES, logger });
  let changed = () => {};
  const witness =
    o.central === undefined
      ? null
      : await startCentralWitness({
          url: o.central,
          table: o.table,
          dataDir: dir,
          store,
          tableService: service,
          logger,
          ...(o.sealEveryMs !== undefined && { sealEveryMs: o.sealEveryMs }),
          ...(o.unwitnessedLimitMs !== undefined && { unwitnessedLimitMs: o.unwitnessedLimitMs }),
          statusEveryMs: 100,
          onState: () => changed(),
        });
  if (witness) changed = service.centralLink(() => witness.state());
  let shoeNumber = store.listShoes().length;
  let cards = shuffledShoe((o.seed ?? 1) * 1000 + shoeNumber);

  /** One move of the shuffler or the tailleur; true when it stored a card. */
  const step = async (): Promise<boolean> => {
    const view = service.view();
    if (view.phase === 'idle' || view.phase === 'ended') {
      shoeNumber++;
      cards = shuffledShoe((o.seed ?? 1) * 1000 + shoeNumber);
      await service.shoeReady(`SIM-${o.table}-${shoeNumber}`, cards.length);
    } else if (view.awaitingConfirm !== null) {
      await service.command({ type: 'confirm', coup: view.awaitingConfirm }, TAILLEUR);
    } else if (view.phase === 'waiting') {
      await service.command({ type: 'open' }, TAILLEUR);
    } else if (view.lastSeq >= cards.length) {
      await service.shoeEmpty(view.lastSeq);
    } else {
      const seq = view.lastSeq + 1;
      await service.storeCard({ seq, card: cards[seq - 1]!.card, exposed: false });
      return true;
    }
    return false;
  };
  const deal = async (n: number) => {
    for (let dealt = 0; dealt < n; ) if (await step()) dealt++;
  };
  const ended = () => store.listShoes().filter((s) => s.endedAt !== undefined).length;
  const dealShoes = async (shoes: number) => {
    const target = ended() + shoes;
    while (ended() < target) await step();
  };
  return {
    dir,
    table: o.table,
    store,
    service,
    witness,
    deal,
    dealShoes,
    async close() {
      await service.close();
      await witness?.close();
      await store.close();
    },
  };
}

/** A throwaway PostgreSQL for the whole suite, and the tables each test opens (push them), closed and removed after it. */
export function witnessSuite(): { readonly pg: ThrowawayPostgres; tables: DealingTable[] } {
  let pg: ThrowawayPostgres | undefined;
  const tables: DealingTable[] = [];
  before(async () => {
    pg = await startThrowawayPostgres();
  });
  afterEach(async () => {
    for (const t of tables.splice(0)) {
      await t.close().catch(() => undefined);
      await rm(t.dir, { recursive: true, force: true });
    }
  });
  after(async () => {
    await pg?.destroy();
  });
  return {
    get pg() {
      return pg!;
    },
    tables,
  };
}
