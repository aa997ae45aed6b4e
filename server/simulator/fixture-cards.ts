/**
 * Reads the cards of a shoe log fixture (SPEC §6, JSON Lines) for the
 * simulator: lines `{"type":"card","seq":n,"card":"QH"}` with optional
 * `"exposed":true`; every other line is ignored. A minimal reader: the shoe
 * log's own reader lives with the store.
 */
import { readFile } from 'node:fs/promises';
import type { FixtureCard } from './shuffled-shoe.ts';

export class FixtureReadError extends Error {
  readonly code = 'FIXTURE_READ';
  constructor(path: string, line: number, why: string) {
    super(`${path}:${line}: ${why}`);
    this.name = 'FixtureReadError';
  }
}

export function parseFixtureCards(text: string, path = 'fixture'): FixtureCard[] {
  const cards: FixtureCard[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      throw new FixtureReadError(path, i + 1, `not JSON (${e instanceof Error ? e.message : String(e)})`);
    }
    const event = value as { type?: unknown; seq?: unknown; card?: unknown; exposed?: unknown } | null;
    if (event === null || typeof event !== 'object' || event.type !== 'card') return;
    if (typeof event.seq !== 'number' || typeof event.card !== 'string') {
      throw new FixtureReadError(path, i + 1, 'a card line needs a numeric "seq" and a string "card"');
    }
    cards.push({ seq: event.seq, card: event.card, exposed: event.exposed === true });
  });
  return cards;
}

export async function readFixtureCards(path: string): Promise<FixtureCard[]> {
  return parseFixtureCards(await readFile(path, 'utf8'), path);
}
