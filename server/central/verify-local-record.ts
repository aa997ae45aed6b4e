/**
 * What `tq verify --data` checks beyond each shoe's own chain
 * (docs/central-store.md#verification): the table's chain of shoes
 * (store/verify-shoe-links.ts) — a shoe removed from the disk, or cut before
 * its end, breaks its successor's link — and the seal files beside the shoes
 * (nothing read them, so a rewrite with the chain and the
 * index recomputed passed). Every seal must be signed by the table's key and
 * seal the hash the file holds at its index; an ended shoe needs a final seal
 * of its end, and nothing may follow it. Whoever rewrites the files without
 * the key can no longer make them verify.
 */
import { shoeFilePath } from '../store/data-dir.ts';
import { readIndexData } from '../store/table-index.ts';
import { verifyShoeLinks, type ShoeEnds } from '../store/verify-shoe-links.ts';
import { LATE_AFTER_S } from './late-witness.ts';
import { readSeals } from './seal-file.ts';
import { checkShoeSeals, loadSealKeys, shoeLines, type SealKeys } from './shoe-seals.ts';
import { mayHoldWitnessEvents, unwitnessedSpans, type UnwitnessedProblem } from './unwitnessed-spans.ts';

export type LocalRecordProblemKind =
  | 'shoe-missing'
  | 'shoe-cut'
  | 'chain-break'
  | 'unended-shoe'
  | 'chain-fork'
  | 'bad-seal'
  | 'seal-mismatch'
  | 'unsealed-end'
  | UnwitnessedProblem['kind'];

export interface LocalRecordProblem {
  shoe: string;
  index: number | null;
  kind: LocalRecordProblemKind;
  message: string;
}

export interface LocalRecordVerdict {
  ok: boolean;
  problems: LocalRecordProblem[];
  /** Why the seals were not checked (no key readable in the data directory), if they were not. */
  sealsUnchecked?: string;
}

export async function verifyLocalRecord(dataDir: string, opts: { lateAfterS?: number; keyFile?: string } = {}): Promise<LocalRecordVerdict> {
  const index = await readIndexData(dataDir);
  if (!('data' in index)) return { ok: true, problems: [] }; // the index's problem is the data directory verify's
  const table = index.data.table;
  const entries = index.data.shoes.filter((e) => table === null || e.table === table);
  let keys: SealKeys | null = null;
  let sealsUnchecked: string | undefined;
  try {
    keys = await loadSealKeys(dataDir, opts.keyFile);
  } catch (e) {
    sealsUnchecked = (e as Error).message;
  }
  const problems: LocalRecordProblem[] = [];
  const ends: ShoeEnds[] = [];
  for (const entry of entries) {
    const seals = keys === null ? [] : await readSeals(dataDir, entry.id);
    const file = await shoeLines(shoeFilePath(dataDir, entry.id));
    if (file === null) continue; // a missing file: the shoe's own verify reports it, and its successor's link below
    const { at, count, text } = file;
    const lastEvent = at(count - 1);
    const last =
      lastEvent && typeof lastEvent.i === 'number' && typeof lastEvent.hash === 'string'
        ? { i: lastEvent.i, hash: lastEvent.hash, type: String(lastEvent.type) }
        : null;
    ends.push({ shoe: entry.id, first: at(0), last });
    if (mayHoldWitnessEvents(text))
      for (const p of unwitnessedSpans(
        Array.from({ length: count }, (_, k) => at(k) ?? {}),
        opts.lateAfterS ?? LATE_AFTER_S,
      ))
        problems.push({ shoe: entry.id, ...p });
    if (keys === null || table === null) continue;
    for (const p of checkShoeSeals(table, entry.id, keys, seals, at, count).problems) problems.push({ shoe: entry.id, ...p });
  }
  problems.push(...verifyShoeLinks(ends));
  problems.sort((a, b) => (a.shoe < b.shoe ? -1 : a.shoe > b.shoe ? 1 : (a.index ?? -1) - (b.index ?? -1)));
  return { ok: problems.length === 0, problems, ...(sealsUnchecked !== undefined && { sealsUnchecked }) };
}
