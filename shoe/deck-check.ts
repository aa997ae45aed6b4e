/**
 * The deck check of a shoe's report (server/http/API.md):
 * copies seen of each of the 52 cards against the six a shoe holds (docs/rules.md#cards-and-shoe),
 * the foreign cards (a seventh copy, never counted), and the cards seen fewer
 * than six times. Missing cards mean something only once the shoe is empty:
 * before that, the rest are simply still in the shuffler.
 */
import { ALL_CARDS, DECKS } from './card.ts';
import type { ShoeState } from './state.ts';

export interface DeckCheck {
  /** Copies seen of every card (burnt and voided cards included, foreign ones not); six each in a full shoe. */
  counts: Record<string, number>;
  expectedEach: number;
  foreign: { seq: number; card: string }[];
  missing: { card: string; seen: number }[];
  /** True only when the shoe ended empty: only then is a missing card really missing. */
  missingMeaningful: boolean;
  note: string;
}

export function deckCheck(state: ShoeState): DeckCheck {
  const counts: Record<string, number> = {};
  for (const card of ALL_CARDS) counts[card] = 0;
  for (const c of state.cards) if (c.status !== 'foreign') counts[c.card] = (counts[c.card] ?? 0) + 1;
  const missingMeaningful = state.end?.reason === 'empty';
  return {
    counts,
    expectedEach: DECKS,
    foreign: state.cards.filter((c) => c.status === 'foreign').map(({ seq, card }) => ({ seq, card })),
    missing: ALL_CARDS.filter((card) => counts[card]! < DECKS).map((card) => ({ card, seen: counts[card]! })),
    missingMeaningful,
    note: missingMeaningful
      ? 'the shoe ended empty: every card listed as missing was never dealt'
      : 'the shoe did not end empty: cards listed as missing may still have been in the shuffler, so "missing" is not meaningful yet',
  };
}
