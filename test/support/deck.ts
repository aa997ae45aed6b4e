/**
 * The six-deck shoe as the fixture tools see it, written from docs/rules.md#cards-and-shoe without
 * the engine's help so that fixtures built here can judge the engine.
 */
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'] as const;
export const SUITS = ['H', 'D', 'C', 'S'] as const;
export const COPIES = 6;

export type Colour = 'red' | 'black';

/** The 52 distinct cards, ace of hearts first. */
export const CARDS: readonly string[] = SUITS.flatMap((s) => RANKS.map((r) => `${r}${s}`));

/** Ace 1, two to nine face value, ten and faces 10. */
export function points(card: string): number {
  const i = RANKS.indexOf(card[0] as (typeof RANKS)[number]);
  if (i < 0 || !CARDS.includes(card)) throw new Error(`not a card: ${card}`);
  return Math.min(i + 1, 10);
}

/** Hearts and diamonds are red, clubs and spades black. */
export function colour(card: string): Colour {
  points(card);
  return card[1] === 'H' || card[1] === 'D' ? 'red' : 'black';
}

/** Every card of a fresh six-deck shoe (312), in deck order. */
export function fullShoe(): string[] {
  return Array.from({ length: COPIES }, () => CARDS).flat();
}

/** The suit symbols the dashboards print. */
export const SUIT_SYMBOLS: Readonly<Record<string, string>> = { H: '♥', D: '♦', C: '♣', S: '♠' };

/** A card as the dashboards print it: rank (ten as `10`) and suit symbol, e.g. `10 ♥` (`sep` between them). */
export function printed(card: string, sep = ' '): string {
  points(card);
  return `${card[0] === 'T' ? '10' : card[0]}${sep}${SUIT_SYMBOLS[card[1]!]}`;
}
