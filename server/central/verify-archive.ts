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
import { listShoes, listTables, tableArchive } from './central-reader.ts';

/** Shoes read per query when verifying an archive. */
const ARCHIVE_CHUNK = 50;
import { compareShoe, type LocalShoe, type WitnessProblem } from './compare-witness.ts';
import { parsePublicKey } from './table-keys.ts';
import { verifyCentralShoe, type CentralShoeVerdict } from './verify-central.ts';

export interface ArchiveVerdict {
  ok: boolean;
  tables: number;
  shoes: CentralShoeVerdict[];
  /** Tables whose registered key cannot be read (every seal of theirs fails). */
  keyProblems: { table: string; message: string }[];
}

export async function verifyArchive(db: pg.Pool, opts: { table?: string; replay?: ReplayFn | false } = {}): Promise<ArchiveVerdict> {
  const tables = await listTables(db, opts.table);
  if (opts.table !== undefined && tables.length === 0) throw new CentralError('UNKNOWN_TABLE', opts.table);
  const replay = opts.replay ?? replayShoe;
  const shoes: CentralShoeVerdict[] = [];
  const keyProblems: ArchiveVerdict['keyProblems'] = [];
  for (const t of tables) {
    let key = null;
    try {
      key = parsePublicKey(t.publicKey);
    } catch (e) {
      keyProblems.push({ table: t.table, message: (e as Error).message });
    }
    // A chunk of shoes per query: two queries per chunk, not per shoe, and never the whole archive in memory.
    const ids = (await listShoes(db, t.table)).map((s) => s.shoe).sort();
    // The next chunk is read while this one is verified: the database works while this thread hashes and replays.
    const chunk = (k: number) => tableArchive(db, t.table, ids.slice(k, k + ARCHIVE_CHUNK));
    let next = ids.length > 0 ? chunk(0) : null;
    for (let k = 0; next !== null; k += ARCHIVE_CHUNK) {
      const archive = await next;
      next = k + ARCHIVE_CHUNK < ids.length ? chunk(k + ARCHIVE_CHUNK) : null;
      for (const [shoe, { rows, seals }] of archive) shoes.push(verifyCentralShoe(t.table, shoe, rows, seals, key, replay));
    }
  }
  return { ok: keyProblems.length === 0 && shoes.every((s) => s.ok), tables: tables.length, shoes, keyProblems };
}

export interface WitnessVerdict {
  ok: boolean;
  table: string;
  local: DataDirVerdict;
  central: ArchiveVerdict;
  differences: WitnessProblem[];
}

/** The table's data directory against the central archive of the same table. */
export async function verifyAgainstWitness(db: pg.Pool, dataDir: string): Promise<WitnessVerdict> {
  const index = await readIndexData(dataDir);
  if (!('data' in index) || index.data.table === null) throw new CentralError('UNKNOWN_TABLE', `${dataDir} has no readable index naming its table`);
  const table = index.data.table;
  const local = await verifyDataDir(dataDir);
  const central = await verifyArchive(db, { table });
  const archive = await tableArchive(db, table);
  const localShoes = new Map<string, LocalShoe>();
  for (const entry of index.data.shoes) {
    const log = await readShoeLogText(shoeFilePath(dataDir, entry.id)).catch(() => null);
    if (log === null) continue; // reported by the local verify (missing-file)
    localShoes.set(entry.id, { entry, hashes: log.lines.map((l) => (l.kind === 'event' && typeof l.event.hash === 'string' ? l.event.hash : null)) });
  }
  const verdicts = new Map(central.shoes.map((v) => [v.shoe, v]));
  const differences: WitnessProblem[] = [];
  for (const shoe of new Set([...localShoes.keys(), ...archive.keys()])) {
    const held = archive.get(shoe);
    const verdict = verdicts.get(shoe);
    const sealsOk = (held?.seals ?? []).filter(
      (s) => !verdict?.problems.some((p) => p.index === s.i && (p.kind === 'bad-seal' || p.kind === 'seal-mismatch' || p.kind === 'sealed-event-missing')),
    );
    differences.push(...compareShoe(table, shoe, localShoes.get(shoe), held?.rows, sealsOk));
  }
  const ok = local.ok && central.ok && !differences.some((d) => d.failure);
  return { ok, table, local, central, differences };
}
