/**
 * What opening a data directory repairs, and only that (crash
 * safety). Shoes the index lists as ended were closed after their last fsync
 * and are left to verify. The others, and shoe files the index does not know,
 * are read: a torn tail is cut away, a damaged middle line is reported, a file
 * created just before a crash is listed, and a shoe whose `end` reached the
 * disk before the index did is marked ended.
 */
import { readdir, unlink } from 'node:fs/promises';
import type { Logger } from 'pino';
import { fsyncPath } from './durable-fs.ts';
import { shoeFilePath, shoeIdOfFile, shoesDir } from './data-dir.ts';
import { recoverShoeFile } from './recovery.ts';
import type { ShoeTail } from './shoe-file.ts';
import { END_REASONS, type EndReason, type TableIndex } from './table-index.ts';

export type OpenNote =
  | { kind: 'index-rebuilt'; reason: string }
  | { kind: 'torn-tail-removed'; shoe: string; bytes: number; text: string }
  | { kind: 'unreadable-line'; shoe: string; line: number; message: string }
  | { kind: 'shoe-listed'; shoe: string }
  | { kind: 'shoe-ended'; shoe: string }
  | { kind: 'empty-file-removed'; shoe: string }
  | { kind: 'file-missing'; shoe: string }
  | { kind: 'current-shoe-corrected'; from: string | null; to: string | null };

export interface Reconciled {
  notes: OpenNote[];
  /** The shoe in play and where its appends continue (null tail: its last line is unusable). */
  current: { id: string; tail: ShoeTail | null } | null;
}

export async function reconcile(dataDir: string, index: TableIndex, logger: Logger): Promise<Reconciled> {
  const notes: OpenNote[] = [];
  const note = (n: OpenNote, level: 'warn' | 'error', msg: string) => {
    notes.push(n);
    logger[level](n, msg);
  };

  const files = new Set((await readdir(shoesDir(dataDir))).map(shoeIdOfFile).filter((id) => id !== null));
  const unended = index.data.shoes.filter((e) => e.endedAt === undefined).map((e) => e.id);
  const unlisted = [...files].filter((id) => index.entry(id) === undefined).sort();

  const tails = new Map<string, ShoeTail | null>();
  for (const id of [...unended, ...unlisted]) {
    if (!files.has(id)) {
      note({ kind: 'file-missing', shoe: id }, 'error', 'the index lists a shoe in play whose file is missing');
      continue;
    }
    const path = shoeFilePath(dataDir, id);
    const found = await recoverShoeFile(path);
    tails.set(id, found.tail);
    if (found.truncated) {
      note(
        { kind: 'torn-tail-removed', shoe: id, ...found.truncated },
        'warn',
        'cut away the torn end of a shoe file: a write the crash interrupted, never acknowledged',
      );
    }
    for (const u of found.unreadable) {
      note({ kind: 'unreadable-line', shoe: id, ...u }, 'error', 'a shoe file has a damaged line before its end: left as found, run verify');
    }

    if (index.entry(id) === undefined) {
      const first = found.events[0];
      if (first === undefined) {
        await unlink(path);
        await fsyncPath(shoesDir(dataDir));
        note({ kind: 'empty-file-removed', shoe: id }, 'warn', 'removed a shoe file created just before a crash, holding no event');
        continue;
      }
      const table = typeof first.table === 'string' ? first.table : (index.data.table ?? '');
      await index.addShoe({ id, table, startedAt: typeof first.at === 'string' ? first.at : '' });
      note({ kind: 'shoe-listed', shoe: id }, 'warn', 'listed a shoe whose file was written but not yet indexed when the process stopped');
    }

    const last = found.events.at(-1);
    if (last?.type === 'end') {
      const reason = END_REASONS.find((r) => r === last.reason) as EndReason | undefined;
      await index.endShoe(id, {
        endedAt: typeof last.at === 'string' ? last.at : '',
        ...(reason !== undefined && { endReason: reason }),
        ...(found.tail !== null && { events: found.tail.nextIndex, lastHash: found.tail.lastHash }),
      });
      note({ kind: 'shoe-ended', shoe: id }, 'warn', 'marked a shoe ended: its end event was on disk before the index');
    }
  }

  // The shoe in play is the one shoe not ended: an index naming another (edited, or an ended one) is corrected, never followed.
  const inPlay = index.data.shoes.filter((e) => e.endedAt === undefined && tails.has(e.id)).map((e) => e.id);
  if (inPlay.length === 1 && index.data.currentShoe !== inPlay[0]) {
    note(
      { kind: 'current-shoe-corrected', from: index.data.currentShoe, to: inPlay[0]! },
      'error',
      'the index named another shoe in play than the one not ended: corrected, run verify',
    );
    await index.setCurrent(inPlay[0]!);
  } else if (inPlay.length === 0 && index.data.currentShoe !== null) {
    note(
      { kind: 'current-shoe-corrected', from: index.data.currentShoe, to: null },
      'error',
      'the index named a shoe in play that has ended: corrected, run verify',
    );
    await index.setCurrent(null);
  }
  const currentId = index.data.currentShoe;
  if (currentId === null || !tails.has(currentId)) return { notes, current: null };
  return { notes, current: { id: currentId, tail: tails.get(currentId) ?? null } };
}
