/**
 * Cards of the six-deck shoe (docs/rules.md#cards-and-shoe). A card is written rank + suit:
 * `A 2 … 9 T J Q K` + `H D C S`; `10H` is accepted on input and normalised to `TH`.
 * Hot paths use a numeric code 0..51 (suit × 13 + rank index) so the dealer can
 * count copies in a typed array.
 */
import { CodedError } from './coded-error.ts';
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'] as const;
export const SUITS = ['H', 'D', 'C', 'S'] as const;

export type Rank = (typeof RANKS)[number];
export type Suit = (typeof SUITS)[number];
export type Card = `${Rank}${Suit}`;
export type Colour = 'red' | 'black';

/** Copies of each card in a legal shoe: six decks. A seventh is foreign. */
export const DECKS = 6;
export const CARDS_PER_DECK = 52;

export class InvalidCardError extends CodedError {
  override readonly code = 'INVALID_CARD';
  constructor(readonly input: string) {
    super(`"${input}" is not a card: write rank (A 2-9 T/10 J Q K) then suit (H D C S), e.g. TH, 10H, QS`);
    this.name = 'InvalidCardError';
  }
}

const CODE_BY_CARD = new Map<string, number>();
export const ALL_CARDS: readonly Card[] = SUITS.flatMap((s, si) =>
  RANKS.map((r, ri) => {
    const card = `${r}${s}` as Card;
    CODE_BY_CARD.set(card, si * 13 + ri);
    return card;
  }),
);

/** Points by rank index: ace 1, two to ten face value, jack/queen/king 10. */
const POINTS_BY_RANK = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10] as const;

/** Points of each card code, for loops that must not allocate. */
export const POINTS_BY_CODE: Uint8Array = Uint8Array.from(ALL_CARDS, (_, code) => POINTS_BY_RANK[code % 13]!);
/** 1 when the card code is red (♥ ♦), 0 when black (♣ ♠). */
export const RED_BY_CODE: Uint8Array = Uint8Array.from(ALL_CARDS, (_, code) => (code < 26 ? 1 : 0));

export function isCard(text: string): text is Card {
  return CODE_BY_CARD.has(text);
}

/** Parses the notation of docs/rules.md#cards-and-shoe, case-insensitively; throws {@link InvalidCardError}. */
export function parseCard(input: string): Card {
  const text = input.trim().toUpperCase().replace(/^10/, 'T');
  if (isCard(text)) return text;
  throw new InvalidCardError(input);
}

export function cardCode(card: Card): number {
  return CODE_BY_CARD.get(card)!;
}

export function cardFromCode(code: number): Card {
  const card = ALL_CARDS[code];
  if (card === undefined) throw new RangeError(`card code ${code} is outside 0..51`);
  return card;
}

export function cardPoints(card: Card): number {
  return POINTS_BY_CODE[cardCode(card)]!;
}

export function cardColour(card: Card): Colour {
  return RED_BY_CODE[cardCode(card)] === 1 ? 'red' : 'black';
}

const RANK_NAMES: Record<Rank, string> = {
  A: 'ace',
  '2': 'two',
  '3': 'three',
  '4': 'four',
  '5': 'five',
  '6': 'six',
  '7': 'seven',
  '8': 'eight',
  '9': 'nine',
  T: 'ten',
  J: 'jack',
  Q: 'queen',
  K: 'king',
};
const SUIT_NAMES: Record<Suit, string> = { H: 'hearts', D: 'diamonds', C: 'clubs', S: 'spades' };

/** "ten of hearts", as the rules text names a card. */
export function cardName(card: Card): string {
  return `${RANK_NAMES[card[0] as Rank]} of ${SUIT_NAMES[card[1] as Suit]}`;
}

/** A fresh ordered shoe of `decks` decks (codes), to be shuffled by the caller. */
export function orderedShoe(decks = DECKS): Uint8Array {
  const shoe = new Uint8Array(decks * CARDS_PER_DECK);
  for (let i = 0; i < shoe.length; i++) shoe[i] = i % CARDS_PER_DECK;
  return shoe;
}
