/**
 * A shoe log's lines before any check of the format (docs/shoe-log.md): split
 * on newlines, each line a JSON object or a problem named by its 1-based
 * number, the unterminated tail kept apart. The store reads its own files at
 * this level (to recover a torn tail); shoe-log.ts checks each object against
 * its event kind.
 */
import { MAX_LINE_DEPTH, nesting } from './line-nesting.ts';

/**
 * The lines of a shoe log, each a JSON object or a problem named by its line
 * number, before any check of the format: the store reads its own files (and
 * recovers a torn tail) at this level; everything else reads events.
 */
export type ShoeLogLine =
  | {
      kind: 'event';
      /** 1-based line number in the file. */
      line: number;
      text: string;
      event: Record<string, unknown>;
      /** SHA-256 of the line's bytes before its trailing hash member, when a reader computed it (verify). */
      digest?: string;
    }
  | { kind: 'unreadable'; line: number; text: string; message: string /** The same, without the line number. */; reason: string };

export interface ShoeLogText {
  lines: ShoeLogLine[];
  /**
   * Text after the last newline, if any: a line still being written, or torn
   * by a crash. Not part of `lines`.
   */
  unterminated: { line: number; text: string } | null;
  /** Number of newline-terminated lines, blank ones included. */
  terminatedLines: number;
}

/** Splits a shoe log into lines; blank lines are skipped but counted. */
export function parseShoeLogText(text: string): ShoeLogText {
  const parts = text.split('\n');
  const tail = parts.pop() ?? '';
  const unterminated = tail === '' ? null : { line: parts.length + 1, text: tail };
  const lines: ShoeLogLine[] = [];
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k]!;
    if (part.trim() === '') continue;
    lines.push(parseLine(part, k + 1));
  }
  return { lines, unterminated, terminatedLines: parts.length };
}

export { MAX_LINE_DEPTH };

export function parseLine(text: string, line: number): ShoeLogLine {
  if (nesting(text, MAX_LINE_DEPTH) > MAX_LINE_DEPTH) {
    const reason = `nested more than ${MAX_LINE_DEPTH} levels deep`;
    return { kind: 'unreadable', line, text: text.slice(0, 200), message: `line ${line} is ${reason}`, reason };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { kind: 'unreadable', line, text, message: `line ${line} is not JSON: ${(e as Error).message}`, reason: `not valid JSON (${(e as Error).message})` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { kind: 'unreadable', line, text, message: `line ${line} is not a JSON object`, reason: 'an event is a JSON object' };
  }
  return { kind: 'event', line, text, event: value as Record<string, unknown> };
}
