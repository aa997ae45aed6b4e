/**
 * The shoe a simulated shuffler deals: six decks of 52 (docs/rules.md#cards-and-shoe), either
 * shuffled from a seed or given card by card by a fixture.
 */
import { CodedError } from '../../shoe/coded-error.ts';
import { cardFromCode, DECKS, orderedShoe, parseCard, type Card } from '../../shoe/card.ts';
import { mulberry32, shuffleInPlace } from './seeded-random.ts';

export interface ShoeCard {
  card: Card;
  exposed: boolean;
}

/** A card as a fixture gives it; `seq`, when present, must follow 1, 2, 3 … */
export interface FixtureCard {
  seq?: number;
  card: string;
  exposed?: boolean;
}

/** `decks` × 52 cards, Fisher–Yates shuffled by mulberry32(seed). */
export function shuffledShoe(seed: number | string, decks = DECKS): ShoeCard[] {
  const codes = shuffleInPlace(orderedShoe(decks), mulberry32(seed));
  return Array.from(codes, (code) => ({ card: cardFromCode(code), exposed: false }));
}

export class FixtureShoeError extends CodedError {
  override readonly code = 'FIXTURE_SHOE';
}

/** Validates a fixture's cards (notation, order of seq) into a shoe. */
export function fixtureShoe(cards: readonly FixtureCard[]): ShoeCard[] {
  return cards.map((c, i) => {
    if (c.seq !== undefined && c.seq !== i + 1) {
      throw new FixtureShoeError(`fixture card ${i + 1} has seq ${c.seq}: cards must be numbered 1, 2, 3 … in order`);
    }
    try {
      return { card: parseCard(c.card), exposed: c.exposed === true };
    } catch (e) {
      throw new FixtureShoeError(`fixture card ${i + 1}: ${e instanceof Error ? e.message : String(e)}`);
    }
  });
}
