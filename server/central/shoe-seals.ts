/**
 * One shoe's seals against its file (docs/central-store.md#seals): every seal
 * signed by the table's key (or a key it rotated away from), sealing the hash
 * the file holds at its index; an ended shoe needs a final seal of its end,
 * and nothing may follow a final seal. Whoever rewrites the file without the
 * key cannot make it pass. Used by `tq verify --data` for every shoe and by
 * the table's own verify (surveillance's integrity badge) for one.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { type Seal, sealIsSigned } from './seal.ts';
import { loadTableKey, privateKeyPath } from './table-keys.ts';

export type SealProblemKind = 'bad-seal' | 'seal-mismatch' | 'unsealed-end';

export interface SealProblem {
  index: number | null;
  kind: SealProblemKind;
  message: string;
}

/** The keys a table's seals may be signed with, and when its first key was made. */
export interface SealKeys {
  keys: KeyObject[];
  /** When the table's first key was written: a shoe ended before it is not held to a seal. */
  madeAt: number | null;
}

/** The table's key and the keys it rotated away from (rotate-local-key.ts); throws NO_KEY when it has none. */
export async function loadSealKeys(dataDir: string, keyFile?: string): Promise<SealKeys> {
  const key = (await loadTableKey(dataDir, keyFile)).publicKey;
  const file = privateKeyPath(dataDir, keyFile);
  return { keys: [key, ...(await keptKeys(file))], madeAt: await firstKeyTime(file) };
}

type Line = Record<string, unknown> | null;

export interface SealVerdict {
  problems: SealProblem[];
  /** The last event a good seal vouches for (null: none yet); the chain vouches for everything before it. */
  sealedTo: number | null;
  /** The shoe's last event read. */
  last: number | null;
}

/**
 * `seals`: the shoe's seal file, read BEFORE its lines (`at(k)`: line k parsed,
 * or null), so that at a table still dealing every seal read seals an event
 * already on disk.
 */
export function checkShoeSeals(table: string, shoe: string, keys: SealKeys, seals: readonly Seal[], at: (k: number) => Line, lineCount: number): SealVerdict {
  const problems: SealProblem[] = [];
  let sealedTo: number | null = null;
  const add = (index: number | null, kind: SealProblemKind, message: string) => problems.push({ index, kind, message });
  const lastEvent = at(lineCount - 1);
  const last =
    lastEvent && typeof lastEvent.i === 'number' && typeof lastEvent.hash === 'string'
      ? { i: lastEvent.i, hash: lastEvent.hash, type: String(lastEvent.type) }
      : null;
  for (const seal of seals) {
    if (!keys.keys.some((k) => sealIsSigned(k, table, shoe, seal))) {
      add(seal.i, 'bad-seal', `the seal of event ${seal.i} is not signed by the table's key`);
      continue;
    }
    if (at(seal.i)?.hash !== seal.head)
      add(seal.i, 'seal-mismatch', `event ${seal.i}'s hash is not the one the table sealed: the record was rewritten up to here`);
    else sealedTo = Math.max(sealedTo ?? -1, seal.i);
    if (seal.final && last !== null && last.i > seal.i) add(seal.i + 1, 'seal-mismatch', `events after ${seal.i} follow the shoe's final seal`);
  }
  // A shoe that ended, never sealed, before the table had its key (keys made later: tq keys init) is not held to a seal.
  const beforeKey = seals.length === 0 && keys.madeAt !== null && typeof lastEvent?.at === 'string' && Date.parse(lastEvent.at) < keys.madeAt;
  if (last?.type === 'end' && !beforeKey && !seals.some((s) => s.final && s.i === last.i && s.head === last.hash))
    add(last.i, 'unsealed-end', `the shoe ended at event ${last.i} and no final seal of the table's key vouches for it`);
  return { problems, sealedTo, last: last?.i ?? null };
}

/** A shoe file's lines, parsed on demand: `at(k)` and how many there are. */
export async function shoeLines(file: string): Promise<{ at: (k: number) => Line; count: number; text: string } | null> {
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) return null;
  const lines = text.split('\n').filter((l) => l !== '');
  const at = (k: number): Line => {
    try {
      return lines[k] === undefined ? null : (JSON.parse(lines[k]) as Record<string, unknown>);
    } catch {
      return null;
    }
  };
  return { at, count: lines.length, text };
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
