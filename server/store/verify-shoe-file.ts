/**
 * Verifying one shoe file of a data directory: the shoe itself, and its end
 * against what the index recorded when it ended. Rewriting every hash after
 * an edit keeps a chain whole, but not the last hash kept in the index.
 */
import { readFile } from 'node:fs/promises';
import { shoeFilePath } from './data-dir.ts';
import { parseShoeLogText } from './shoe-log-file.ts';
import type { ShoeIndexEntry } from './table-index.ts';
import { verifyShoe, type ReplayFn, type ShoeVerdict } from './verify-shoe.ts';

export async function verifyShoeFile(dataDir: string, shoe: string, entry: ShoeIndexEntry | undefined, replay: ReplayFn | false): Promise<ShoeVerdict> {
  let text: string;
  try {
    text = await readFile(shoeFilePath(dataDir, shoe), 'utf8');
  } catch (e) {
    const message = `shoe ${shoe} cannot be read: ${(e as Error).message}`;
    return { shoe, ok: false, events: 0, problems: [{ index: null, kind: 'missing-file', message }] };
  }
  const parsed = parseShoeLogText(text);
  const verdict = verifyShoe(parsed, { replay, shoe });
  if (verdict.shoe !== shoe) {
    verdict.problems.unshift({ index: 0, kind: 'wrong-shoe', line: parsed.lines[0]?.line ?? 1, message: `the file of shoe ${shoe} starts shoe ${String(verdict.shoe)}` });
    verdict.shoe = shoe;
  }

  if (entry?.events !== undefined && entry.lastHash !== undefined) {
    const last = parsed.lines.at(-1);
    const lastHash = last?.kind === 'event' ? last.event.hash : undefined;
    if (parsed.lines.length !== entry.events || lastHash !== entry.lastHash) {
      verdict.problems.push({
        index: Math.min(parsed.lines.length, entry.events),
        kind: 'tail-mismatch',
        message: `the index recorded ${entry.events} events ending with hash ${entry.lastHash.slice(0, 12)}… when the shoe ended; the file has ${parsed.lines.length} ending with ${String(lastHash).slice(0, 12)}…`,
      });
    }
  }
  verdict.ok = verdict.problems.length === 0;
  return verdict;
}
