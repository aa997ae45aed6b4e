/**
 * Reading a shoe log file from disk (SPEC §6: JSON Lines, one event per line,
 * unknown fields kept). This reader knows files, not rules: each line is a
 * JSON object or a problem named by its line number. The validating reader of
 * the format lives in shoe/.
 */
import { readFile } from 'node:fs/promises';

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
  | { kind: 'unreadable'; line: number; text: string; message: string };

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

/** A line of a shoe log that is not a JSON object. */
export class ShoeLogSyntaxError extends Error {
  readonly code = 'BAD_LINE';
  constructor(
    readonly file: string,
    readonly line: number,
    detail: string,
  ) {
    super(`${file}:${line}: ${detail}`);
    this.name = 'ShoeLogSyntaxError';
  }
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

export function parseLine(text: string, line: number): ShoeLogLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { kind: 'unreadable', line, text, message: `line ${line} is not JSON: ${(e as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { kind: 'unreadable', line, text, message: `line ${line} is not a JSON object` };
  }
  return { kind: 'event', line, text, event: value as Record<string, unknown> };
}

/** Every line of a shoe log file, readable or not, and any unterminated tail. */
export async function readShoeLogText(path: string): Promise<ShoeLogText> {
  return parseShoeLogText(await readFile(path, 'utf8'));
}

/**
 * The events of a shoe log file with their line numbers. A line that is not a
 * JSON object throws a {@link ShoeLogSyntaxError} naming the line. A last line
 * without its newline is read if it is whole (editors leave files so); cut
 * short, it is an error like any other.
 */
export async function readShoeLogFile(path: string): Promise<{ line: number; event: Record<string, unknown> }[]> {
  const { lines, unterminated } = await readShoeLogText(path);
  if (unterminated !== null && unterminated.text.trim() !== '') lines.push(parseLine(unterminated.text, unterminated.line));
  const events: { line: number; event: Record<string, unknown> }[] = [];
  for (const l of lines) {
    if (l.kind === 'unreadable') throw new ShoeLogSyntaxError(path, l.line, l.message);
    events.push({ line: l.line, event: l.event });
  }
  return events;
}
