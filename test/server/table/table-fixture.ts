/**
 * A table service on a real TableStore in a fresh temporary directory, with a
 * stepping clock, plus the cards and actors the table tests deal with.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RuleError } from '../../../shoe/errors.ts';
import { VENICE_RULES, type Rules } from '../../../shoe/rules.ts';
import { TableStore } from '../../../server/store/table-store.ts';
import { steppingClock } from '../../../server/table/clock.ts';
import type { Actor } from '../../../server/table/table.ts';
import { TableService } from '../../../server/table/table-service.ts';

export const TAILLEUR: Actor = { user: 'tailleur', role: 'tailleur' };
export const PAYEUR: Actor = { user: 'payeur', role: 'payeur' };
export const CHEF: Actor = { user: 'chef', role: 'chef' };

/** "Messieurs les cinq cartes": five cards that play no part. */
export const BURN = ['2H', '3D', '4C', '5S', '6H'];
/** Noir K K K A = 31, Rouge K Q J A = 31: a 31 après ("Un après"). */
export const UN_APRES = ['KS', 'KC', 'KD', 'AH', 'KH', 'QH', 'JH', 'AS'];
/** Noir T T 9 2 = 31 (first card red), Rouge T T T 5 = 35: Noir wins, Inverse wins. */
export const NOIR_WINS = ['TH', 'TC', '9C', '2C', 'TD', 'TS', 'QC', '5D'];

/** The rule a command broke, failing the test when it was accepted (or failed otherwise). */
export async function refusal(p: Promise<unknown>): Promise<RuleError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof RuleError) return e;
    throw e;
  }
  throw new Error('accepted');
}

export interface Fixture {
  dir: string;
  store: TableStore;
  table: TableService;
  /** Closes the service and the store, then opens both again on the same directory. */
  restart(): Promise<void>;
  /** Feeds cards through the shuffler side, numbered after the last one stored. */
  deal(cards: readonly string[]): Promise<void>;
  cleanup(): Promise<void>;
}

export async function tableFixture(rules: Rules = VENICE_RULES): Promise<Fixture> {
  const dir = await mkdtemp(join(tmpdir(), 'tq-table-'));
  const clock = steppingClock();
  const open = async () => {
    const store = await TableStore.open(dir, { table: 'T1' });
    const table = await TableService.open({ store, tableId: 'T1', rules, clock });
    return { store, table };
  };
  const f: Fixture = {
    dir,
    ...(await open()),
    async restart() {
      await f.table.close();
      await f.store.close();
      Object.assign(f, await open());
    },
    async deal(cards) {
      for (const card of cards) await f.table.storeCard({ seq: f.table.lastStoredSeq() + 1, card, exposed: false });
    },
    async cleanup() {
      await f.table.close();
      await f.store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
  return f;
}
