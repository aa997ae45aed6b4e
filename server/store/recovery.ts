/**
 * Crash recovery of a shoe file on open (crash safety). A write that a
 * crash cut short leaves a last line without its newline, or one that does not
 * parse; it was never acknowledged (acknowledgement follows fsync), so it is
 * cut away and logged. A damaged line anywhere else is not a crash: it is left
 * as it is and reported, for verify to name as tampering.
 */
import { open, readFile } from 'node:fs/promises';
import { parseShoeLogText } from './shoe-log-file.ts';
import type { ShoeTail } from './shoe-file.ts';
import { HASH_PATTERN } from './stored-event.ts';

export interface ShoeRecovery {
  path: string;
  /** Readable events kept, oldest first. */
  events: Record<string, unknown>[];
  /** Where appends continue; null when the last event has no usable `i`/`hash`. */
  tail: ShoeTail | null;
  /** The torn end that was cut away, if any. */
  truncated: { bytes: number; text: string } | null;
  /** Lines that do not parse and were left in place. */
  unreadable: { line: number; message: string }[];
}

export async function recoverShoeFile(path: string): Promise<ShoeRecovery> {
  const bytes = await readFile(path);
  let keep = bytes.lastIndexOf(0x0a) + 1; // everything up to the last newline
  let parsed = parseShoeLogText(bytes.toString('utf8', 0, keep));

  const last = parsed.lines.at(-1);
  if (last?.kind === 'unreadable' && last.line === parsed.terminatedLines) {
    keep = keep >= 2 ? bytes.lastIndexOf(0x0a, keep - 2) + 1 : 0;
    parsed = parseShoeLogText(bytes.toString('utf8', 0, keep));
  }

  let truncated: ShoeRecovery['truncated'] = null;
  if (keep < bytes.length) {
    truncated = { bytes: bytes.length - keep, text: bytes.toString('utf8', keep) };
    const handle = await open(path, 'r+');
    try {
      await handle.truncate(keep);
      await handle.datasync();
    } finally {
      await handle.close();
    }
  }

  const events: Record<string, unknown>[] = [];
  const unreadable: ShoeRecovery['unreadable'] = [];
  for (const line of parsed.lines) {
    if (line.kind === 'event') events.push(line.event);
    else unreadable.push({ line: line.line, message: line.message });
  }
  return { path, events, tail: tailAfter(events.at(-1), keep), truncated, unreadable };
}

function tailAfter(last: Record<string, unknown> | undefined, size: number): ShoeTail | null {
  if (last === undefined) return null;
  const { i, hash } = last;
  if (typeof i !== 'number' || !Number.isInteger(i) || typeof hash !== 'string' || !HASH_PATTERN.test(hash)) return null;
  return { size, nextIndex: i + 1, lastHash: hash };
}
