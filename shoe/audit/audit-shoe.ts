/**
 * A shoe as the shuffle audit sees it: the cards in the order the shuffler
 * dealt them (burnt, voided and foreign cards included — they came out of the
 * shuffler at that place), as card codes of card.ts, with the burn of its rules.
 */
import { cardCode, CARDS_PER_DECK, DECKS, isCard } from '../card.ts';

export interface AuditShoe {
  /** Where it came from (file, shoe id), for reports. */
  id: string;
  cards: Uint8Array;
  /** Cards burnt after the shuffle (the shoe's rules), for the game-result test. */
  burn: number;
}

export const FULL_SHOE = DECKS * CARDS_PER_DECK;

/**
 * A complete legal shoe: all 312 cards, six of each. The position and carry-over
 * tests need it (their nulls are those of a uniform order of that multiset);
 * a suspended shoe or one with a foreign card is left to the runs test.
 */
export function isComplete(cards: Uint8Array): boolean {
  if (cards.length !== FULL_SHOE) return false;
  const copies = new Uint8Array(CARDS_PER_DECK);
  for (let i = 0; i < cards.length; i++) {
    const code = cards[i]!;
    if (code >= CARDS_PER_DECK || ++copies[code]! > DECKS) return false;
  }
  return true;
}

/**
 * The audit's view of a shoe's events (as stored or read from a log): its
 * cards in seq order, and the burn of its rules. Cards that are not cards are
 * left out; the shoe is then not complete and only its game is tested.
 */
export function auditShoeFromEvents(id: string, events: readonly { type: string; card?: unknown; rules?: { burn?: unknown } }[]): AuditShoe {
  const codes: number[] = [];
  let burn = 0;
  for (const e of events) {
    if (e.type === 'shoe' && Number.isInteger(e.rules?.burn)) burn = e.rules!.burn as number;
    if (e.type !== 'card' || typeof e.card !== 'string' || !isCard(e.card)) continue;
    codes.push(cardCode(e.card));
  }
  return { id, cards: Uint8Array.from(codes), burn };
}
