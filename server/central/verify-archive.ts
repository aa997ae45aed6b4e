/**
 * `tq verify --central <url> [--table id] [--data dir]` as functions
 * (docs/central-store.md): the central archive of one table or of every
 * table, and, given the table's data directory, that record against its
 * witness. The checks themselves are verify-central.ts and compare-witness.ts.
 */
import type pg from 'pg';
import { shoeFilePath } from '../store/data-dir.ts';
import { replayShoe } from '../../shoe/replay.ts';
import { readShoeLogText } from '../store/shoe-log-file.ts';
import { readIndexData } from '../store/table-index.ts';
import { verifyDataDir, type DataDirVerdict } from '../store/verify-data-dir.ts';
import type { ReplayFn } from '../store/verify-shoe.ts';
import { CentralError } from './central-error.ts';
import { listTables, tableArchive } from './central-reader.ts';

import { compareShoe, type LocalShoe, type WitnessProblem } from './compare-witness.ts';
import { checkKeyHistory, keyHistory } from './key-history.ts';
import type { CentralShoeVerdict } from './verify-central.ts';
import { verifyCentralShoes } from './verify-central-shoes.ts';
import { verifyShoeLinks, type ShoeEnds, type ShoeLinkProblem } from '../store/verify-shoe-links.ts';
import { LATE_AFTER_S, lateWitnessed, type LateWitness } from './late-witness.ts';
import { readAcks } from './witness-acks.ts';
import { verifyLocalRecord, type LocalRecordVerdict } from './verify-local-record.ts';

export interface ArchiveVerdict {
  ok: boolean;
  tables: number;
  shoes: CentralShoeVerdict[];
  /** Tables whose registered key cannot be read (every seal of theirs fails). */
  keyProblems: { table: string; message: string }[];
  /** Breaks of a table's chain of shoes: a shoe removed, cut, not ended (store/verify-shoe-links.ts). */
  links: (ShoeLinkProblem & { table: string })[];
  /** Shoes with events the store received later than the seal interval (late-witness.ts). */
  late: LateWitness[];
}

export interface ArchiveOptions {
  table?: string;
  replay?: ReplayFn | false;
  /** Seconds after which an event received is late (default: the seal interval, 60). */
  lateAfterS?: number;
  /**
   * Per table, the head shoe of a checkpoint already verified (anchor.ts): only
   * that shoe and later ones are read, so a day's verification does not grow
   * with the archive's age; the shoes before are the checkpoint's (checkAnchor).
   */
  since?: ReadonlyMap<string, string>;
  /** Threads replaying (verify-central-shoes.ts); default: one per core when there are enough shoes. */
  threads?: number;
}

export async function verifyArchive(db: pg.Pool, opts: ArchiveOptions = {}): Promise<ArchiveVerdict> {
  const tables = await listTables(db, opts.table);
  if (opts.table !== undefined && tables.length === 0) throw new CentralError('UNKNOWN_TABLE', opts.table);
  const replay = opts.replay ?? replayShoe;
  const shoes: CentralShoeVerdict[] = [];
  const keyProblems: ArchiveVerdict['keyProblems'] = [];
  const links: ArchiveVerdict['links'] = [];
  const late: LateWitness[] = [];
  for (const t of tables) {
    const ends: ShoeEnds[] = [];
    // Seals are checked against the table's key history (migration 004), which must agree with tables.public_key.
    const history = checkKeyHistory(t.table, t.publicKey, await keyHistory(db, t.table));
    for (const message of history.problems) keyProblems.push({ table: t.table, message });
    const key = history.keys;
    const from = opts.since?.get(t.table);
    // The late check runs on the pool's second connection, in the database, while the batches are read out on the first and verified.
    const lateCheck = () => lateWitnessed(db, t.table, opts.lateAfterS ?? LATE_AFTER_S, from);
    const lateOnes = connections(db) > 1 ? lateCheck() : null;
    lateOnes?.catch(() => undefined); // awaited below, where its failure is thrown
    // The ids only, off the primary key (an index-only scan): no pass over the rows before the batches.
    const ids = (await shoesFrom(db, t.table, from ?? '')).sort();
    const context = { table: t.table, keys: key, lateAfterS: opts.lateAfterS };
    const threads = opts.threads === undefined ? {} : { threads: opts.threads };
    // Without the replay (--chains-only), the workers check the lines' bytes and read in full only the shoes that fail (quick-chains.ts).
    for (const { verdict, end } of await verifyCentralShoes(db, context, ids, replay, opts.replay === undefined || opts.replay === false, threads)) {
      shoes.push(verdict);
      ends.push(end);
    }
    late.push(...(await (lateOnes ?? lateCheck())));
    // From a checkpoint, the head shoe's own predecessor is the checkpoint's, not missing.
    const anchoredBefore = (p: ShoeLinkProblem) => from !== undefined && p.kind === 'shoe-missing' && p.shoe < from;
    links.push(...verifyShoeLinks(ends).flatMap((p) => (anchoredBefore(p) ? [] : [{ ...p, table: t.table }])));
  }
  const ok = keyProblems.length === 0 && links.length === 0 && late.length === 0 && shoes.every((s) => s.ok);
  return { ok, tables: tables.length, shoes, keyProblems, links, late };
}

/** Queries the pool runs at once: two, or one on a pool of one connection (a second would wait in its queue). */
function connections(db: pg.Pool): number {
  return Math.max(1, Math.min(2, db.options.max ?? 2));
}

/** The table's shoes from `from` on (uuid v7 ids sort by time): an index range scan. */
async function shoesFrom(db: pg.Pool, table: string, from: string): Promise<string[]> {
  const r = await db.query<{ shoe_id: string }>('SELECT DISTINCT shoe_id FROM events WHERE table_id = $1 AND shoe_id >= $2 ORDER BY shoe_id', [table, from]);
  return r.rows.map((row) => row.shoe_id);
}

export interface WitnessVerdict {
  ok: boolean;
  table: string;
  local: DataDirVerdict;
  /** The table's files across shoes and their seal files (verify-local-record.ts). */
  record: LocalRecordVerdict;
  central: ArchiveVerdict;
  differences: WitnessProblem[];
}

/** The table's data directory against the central archive of the same table. */
export async function verifyAgainstWitness(
  db: pg.Pool,
  dataDir: string,
  opts: { lateAfterS?: number; replay?: false; keyFile?: string } = {},
): Promise<WitnessVerdict> {
  const index = await readIndexData(dataDir);
  if (!('data' in index) || index.data.table === null) throw new CentralError('UNKNOWN_TABLE', `${dataDir} has no readable index naming its table`);
  const table = index.data.table;
  const local = await verifyDataDir(dataDir);
  const record = await verifyLocalRecord(dataDir, opts);
  const { keyFile: _, ...archiveOpts } = opts;
  const central = await verifyArchive(db, { table, ...archiveOpts });
  const acks = await readAcks(dataDir);
  const archive = await tableArchive(db, table);
  const localShoes = new Map<string, LocalShoe>();
  for (const entry of index.data.shoes) {
    const log = await readShoeLogText(shoeFilePath(dataDir, entry.id)).catch(() => null);
    if (log === null) continue; // reported by the local verify (missing-file)
    localShoes.set(entry.id, { entry, hashes: log.lines.map((l) => (l.kind === 'event' && typeof l.event.hash === 'string' ? l.event.hash : null)) });
  }
  const verdicts = new Map(central.shoes.map((v) => [v.shoe, v]));
  const differences: WitnessProblem[] = [];
  // In the table's order: a shoe is "followed" when a later one of the table is in the central store.
  const order = index.data.shoes.map((e) => e.id);
  const followed = new Set<string>();
  for (let k = order.length - 2, seen = archive.has(order.at(-1) ?? ''); k >= 0; k--) {
    if (seen) followed.add(order[k]!);
    seen ||= archive.has(order[k]!);
  }
  for (const shoe of new Set([...localShoes.keys(), ...archive.keys()])) {
    const held = archive.get(shoe);
    const verdict = verdicts.get(shoe);
    const sealsOk = (held?.seals ?? []).filter(
      (s) => !verdict?.problems.some((p) => p.index === s.i && (p.kind === 'bad-seal' || p.kind === 'seal-mismatch' || p.kind === 'sealed-event-missing')),
    );
    differences.push(...compareShoe(table, shoe, localShoes.get(shoe), held?.rows, sealsOk, { acked: acks.get(shoe)?.i ?? -1, followed: followed.has(shoe) }));
  }
  const ok = local.ok && record.ok && central.ok && !differences.some((d) => d.failure);
  return { ok, table, local, record, central, differences };
}
