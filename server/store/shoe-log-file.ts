/**
 * Reading a shoe log file from disk. The reader of the format is shoe's
 * (shoe/shoe-log.ts: the lines, then the events); this adds the file.
 */
import { CodedError } from '../../shoe/coded-error.ts';
import { readFile } from 'node:fs/promises';
import { parseShoeLogText, parseLine, type ShoeLogText } from '../../shoe/shoe-log-lines.ts';

export { parseLine, parseShoeLogText, type ShoeLogLine, type ShoeLogText } from '../../shoe/shoe-log-lines.ts';

/** A line of a shoe log that is not a JSON object. */
export class ShoeLogSyntaxError extends CodedError {
  override readonly code = 'BAD_LINE';
  constructor(
    readonly file: string,
    readonly line: number,
    detail: string,
  ) {
    super(`${file}:${line}: ${detail}`);
    this.name = 'ShoeLogSyntaxError';
  }
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
