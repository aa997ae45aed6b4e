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
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { shoeFilePath } from '../store/data-dir.ts';
import { readIndexData } from '../store/table-index.ts';
import { verifyShoeLinks, type ShoeEnds } from '../store/verify-shoe-links.ts';
import { sealIsSigned } from './seal.ts';
import { readSeals } from './seal-file.ts';
import { LATE_AFTER_S } from './late-witness.ts';
import { loadTableKey, privateKeyPath } from './table-keys.ts';
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
  let key: KeyObject | null = null;
  /** Keys the table rotated away from (rotate-local-key.ts): their seals still count. */
  let older: KeyObject[] = [];
  let keyMadeAt: number | null = null;
  let sealsUnchecked: string | undefined;
  try {
    key = (await loadTableKey(dataDir, opts.keyFile)).publicKey;
    older = await keptKeys(privateKeyPath(dataDir, opts.keyFile));
    keyMadeAt = await firstKeyTime(privateKeyPath(dataDir, opts.keyFile));
  } catch (e) {
    sealsUnchecked = (e as Error).message;
  }
  const problems: LocalRecordProblem[] = [];
  const ends: ShoeEnds[] = [];
  for (const entry of entries) {
    const text = await readFile(shoeFilePath(dataDir, entry.id), 'utf8').catch(() => null);
    if (text === null) continue; // a missing file: the shoe's own verify reports it, and its successor's link below
    const lines = text.split('\n').filter((l) => l !== '');
    const at = (k: number): Record<string, unknown> | null => {
      try {
        return lines[k] === undefined ? null : (JSON.parse(lines[k]) as Record<string, unknown>);
      } catch {
        return null;
      }
    };
    const lastEvent = at(lines.length - 1);
    const last =
      lastEvent && typeof lastEvent.i === 'number' && typeof lastEvent.hash === 'string'
        ? { i: lastEvent.i, hash: lastEvent.hash, type: String(lastEvent.type) }
        : null;
    ends.push({ shoe: entry.id, first: at(0), last });
    if (mayHoldWitnessEvents(text))
      for (const p of unwitnessedSpans(
        lines.map((_, k) => at(k) ?? {}),
        opts.lateAfterS ?? LATE_AFTER_S,
      ))
        problems.push({ shoe: entry.id, ...p });
    if (key === null || table === null) continue;
    const seals = await readSeals(dataDir, entry.id);
    const add = (i: number | null, kind: LocalRecordProblemKind, message: string) => problems.push({ shoe: entry.id, index: i, kind, message });
    for (const seal of seals) {
      if (![key, ...older].some((k) => sealIsSigned(k, table, entry.id, seal))) {
        add(seal.i, 'bad-seal', `the seal of event ${seal.i} is not signed by the table's key`);
        continue;
      }
      const held = at(seal.i);
      if (held?.hash !== seal.head) add(seal.i, 'seal-mismatch', `event ${seal.i}'s hash is not the one the table sealed: the record was rewritten up to here`);
      if (seal.final && last !== null && last.i > seal.i) add(seal.i + 1, 'seal-mismatch', `events after ${seal.i} follow the shoe's final seal`);
    }
    // A shoe that ended, never sealed, before the table had its key (keys made later: tq keys init) is not held to a seal.
    const beforeKey = seals.length === 0 && keyMadeAt !== null && typeof lastEvent?.at === 'string' && Date.parse(lastEvent.at) < keyMadeAt;
    if (last?.type === 'end' && !beforeKey && !seals.some((s) => s.final && s.i === last.i && s.head === last.hash))
      add(last.i, 'unsealed-end', `the shoe ended at event ${last.i} and no final seal of the table's key vouches for it`);
  }
  problems.push(...verifyShoeLinks(ends));
  problems.sort((a, b) => (a.shoe < b.shoe ? -1 : a.shoe > b.shoe ? 1 : (a.index ?? -1) - (b.index ?? -1)));
  return { ok: problems.length === 0, problems, ...(sealsUnchecked !== undefined && { sealsUnchecked }) };
}

async function keptKeys(keyFile: string): Promise<KeyObject[]> {
  const dir = dirname(keyFile);
  const names = (await readdir(dir).catch(() => [])).filter((n) => keyFileName(keyFile, true).test(n));
  return Promise.all(names.map(async (n) => createPublicKey(createPrivateKey(await readFile(join(dir, n), 'utf8')))));
}

/** When the table's first key was written (its key files' earliest modification time): keys/ is the owner's only (0700). */
async function firstKeyTime(keyFile: string): Promise<number | null> {
  const dir = dirname(keyFile);
  const names = (await readdir(dir).catch(() => [])).filter((n) => keyFileName(keyFile, false).test(n));
  const times = await Promise.all(names.map(async (n) => (await stat(join(dir, n))).mtimeMs));
  return times.length === 0 ? null : Math.min(...times);
}

/** The key file's name, and its rotated-away copies `<name>.<n>` (rotate-local-key.ts): only those, or both. */
function keyFileName(keyFile: string, keptOnly: boolean): RegExp {
  const name = basename(keyFile).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(keptOnly ? `^${name}\\.\\d+$` : `^${name}(\\.\\d+)?$`);
}
