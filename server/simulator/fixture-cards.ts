/**
 * Reads the cards of a shoe log fixture (docs/shoe-log.md, JSON Lines) for the
 * simulator: lines `{"type":"card","seq":n,"card":"QH"}` with optional
 * `"exposed":true`; every other line is ignored. The lines are read by the
 * shoe log's line reader (shoe/shoe-log-lines.ts).
 */
import { CodedError } from '../../shoe/coded-error.ts';
import { readFile } from 'node:fs/promises';
import { parseLine, parseShoeLogText } from '../../shoe/shoe-log-lines.ts';
import type { FixtureCard } from './shuffled-shoe.ts';

export class FixtureReadError extends CodedError {
  override readonly code = 'FIXTURE_READ';
  constructor(path: string, line: number, why: string) {
    super(`${path}:${line}: ${why}`);
    this.name = 'FixtureReadError';
  }
}

export function parseFixtureCards(text: string, path = 'fixture'): FixtureCard[] {
  const cards: FixtureCard[] = [];
  const { lines, unterminated } = parseShoeLogText(text);
  if (unterminated !== null && unterminated.text.trim() !== '') lines.push(parseLine(unterminated.text, unterminated.line));
  for (const l of lines) {
    if (l.kind === 'unreadable') throw new FixtureReadError(path, l.line, l.message);
    const event = l.event as { type?: unknown; seq?: unknown; card?: unknown; exposed?: unknown };
    if (event.type !== 'card') continue;
    if (typeof event.seq !== 'number' || typeof event.card !== 'string') {
      throw new FixtureReadError(path, l.line, 'a card line needs a numeric "seq" and a string "card"');
    }
    cards.push({ seq: event.seq, card: event.card, exposed: event.exposed === true });
  }
  return cards;
}

export async function readFixtureCards(path: string): Promise<FixtureCard[]> {
  return parseFixtureCards(await readFile(path, 'utf8'), path);
}
