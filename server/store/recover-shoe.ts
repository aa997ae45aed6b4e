/**
 * `tq recover`: what to do when a line in the middle of the shoe in play is
 * unreadable (a disk fault, a hand edit). Opening the store never plays on
 * from a record it cannot read, so the server does not start. Recovering
 * keeps the damaged file aside, byte for byte (`<id>.jsonl.damaged-<time>`),
 * keeps the record up to the line before the damage — a whole hash chain —
 * and appends a `fault` event saying what was set aside, so the record tells
 * its own story. Cards after the damage were acknowledged and are not in the
 * record any more: the shuffler is asked to RESEND from the last card kept
 * when the server starts, and the audit compares the file set aside.
 */
import { copyFile, readFile, rename, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseShoeLogText } from '../../shoe/shoe-log-lines.ts';
import { fsyncPath } from './durable-fs.ts';
import { shoeFilePath, shoesDir } from './data-dir.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { readIndexData } from './table-index.ts';
import { TableStore } from './table-store.ts';

export interface Recovered {
  shoe: string;
  /** 1-based line of the first unreadable line, and the lines the file had. */
  line: number;
  lines: number;
  kept: number;
  asideFile: string;
}

/** Holds the data directory's exclusive lock (./data-dir-lock.ts): never under a running server or a backup. */
export async function recoverDataDir(dataDir: string, now = new Date()): Promise<Recovered[]> {
  const lock = await lockDataDir(dataDir, { command: 'recover', mode: 'exclusive', refuseShared: true });
  try {
    return await recoverLocked(dataDir, now);
  } finally {
    await lock.release();
  }
}

async function recoverLocked(dataDir: string, now: Date): Promise<Recovered[]> {
  const index = await readIndexData(dataDir);
  if (!('data' in index)) throw new Error(`the index cannot be read (${index.problem}): start the server once, it rebuilds it`);
  const recovered: Recovered[] = [];
  for (const entry of index.data.shoes.filter((e) => e.endedAt === undefined)) {
    const path = shoeFilePath(dataDir, entry.id);
    const bytes = await readFile(path);
    const text = bytes.toString('utf8');
    const parsed = parseShoeLogText(text);
    const damaged = parsed.lines.find((l) => l.kind === 'unreadable' && l.line < parsed.terminatedLines);
    if (damaged === undefined) continue;
    const kept = parsed.lines.filter((l) => l.line < damaged.line);
    const cut = kept.length === 0 ? 0 : nthNewline(bytes, damaged.line - 1) + 1;
    const aside = `${path}.damaged-${now.toISOString().replace(/[:.]/g, '-')}`;
    await copyFile(path, aside);
    await fsyncPath(aside);
    const temp = `${path}.recovering`;
    await writeFile(temp, bytes.subarray(0, cut));
    await fsyncPath(temp);
    await rename(temp, path);
    await fsyncPath(shoesDir(dataDir));
    recovered.push({ shoe: entry.id, line: damaged.line, lines: parsed.terminatedLines, kept: kept.length, asideFile: basename(aside) });
  }
  if (recovered.length === 0) return recovered;
  const store = await TableStore.open(dataDir);
  try {
    for (const r of recovered) {
      const text = `line ${r.line} of ${r.lines} of the shoe file was unreadable: the record continues after line ${r.kept}; the damaged file is kept as ${r.asideFile}`;
      await store.append(r.shoe, [{ type: 'fault', code: 'RECOVERED', text }], { at: now.toISOString(), by: 'tq recover' });
    }
  } finally {
    await store.close();
  }
  return recovered;
}

/** Offset of the n-th newline byte (1-based). */
function nthNewline(bytes: Buffer, n: number): number {
  let at = -1;
  for (let k = 0; k < n; k++) at = bytes.indexOf(0x0a, at + 1);
  return at;
}
