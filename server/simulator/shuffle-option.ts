/**
 * `tq shuffler --shuffle <spec> [--previous shoe.jsonl]`: the shoe the serial
 * simulator deals, shuffled by one of the simulator's shufflers
 * (weak-shufflers.ts) from the previous shoe's dealt order — read from its
 * shoe log, or new decks in factory order when none is given.
 */
import { readFileSync } from 'node:fs';
import { cardFromCode, orderedShoe } from '../../shoe/card.ts';
import { dealtCards } from '../../shoe/audit/dealt-cards.ts';
import { mulberry32 } from '../../shoe/math/seeded-random.ts';
import type { FixtureCard } from './shuffled-shoe.ts';
import { parseShuffler } from './weak-shufflers.ts';

export function shuffledFromPrevious(spec: string, seed: number | string, previousLog?: string): FixtureCard[] {
  const shuffle = parseShuffler(spec);
  let previous = orderedShoe();
  if (previousLog !== undefined) {
    try {
      previous = dealtCards(readFileSync(previousLog, 'utf8'), previousLog).cards;
    } catch (e) {
      throw new Error(`--previous ${previousLog}: ${(e as Error).message}`);
    }
  }
  return Array.from(shuffle(previous, mulberry32(seed)), (code, i) => ({ seq: i + 1, card: cardFromCode(code) }));
}
