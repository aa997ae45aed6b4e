/**
 * Rows of a coup (docs/rules.md#dealing-the-rows): cards go into a row until its total passes 30,
 * so a complete row totals 31–40 and every card but the last leaves it at 30 or less.
 */
import { colour, points, type Colour } from './deck.ts';
import type { Pool } from './pool.ts';

export const STOP = 30;

export function total(cards: readonly string[]): number {
  return cards.reduce((t, c) => t + points(c), 0);
}

/** True when these cards, dealt in this order, make exactly one complete row. */
export function isRow(cards: readonly string[]): boolean {
  return cards.length > 0 && total(cards.slice(0, -1)) <= STOP && total(cards) > STOP;
}

export interface DealtCoup {
  noir: string[];
  rouge: string[];
}

/** Deals one coup from `cards` starting at `from`; undefined if the cards run out first. */
export function dealCoup(cards: readonly string[], from: number): DealtCoup | undefined {
  const rows: string[][] = [[], []];
  let i = from;
  for (const row of rows) {
    while (total(row) <= STOP) {
      const c = cards[i++];
      if (c === undefined) return undefined;
      row.push(c);
    }
  }
  return { noir: rows[0]!, rouge: rows[1]! };
}

/**
 * Takes from the pool the cards of a row totalling `target`, the last card
 * taking it past 30. `first` fixes the first card, or only its colour.
 */
export function composeRow(pool: Pool, target: number, first?: Colour | string): string[] {
  if (!Number.isInteger(target) || target <= STOP || target > STOP + 10) throw new Error(`a row totals 31 to 40, not ${target}`);
  // The last card: the most plentiful value that can close the row.
  let last = 0;
  for (let v = 10; v >= Math.max(1, target - STOP); v--) if (pool.countOf(v) > pool.countOf(last)) last = v;
  if (last === 0) throw new Error(`no card left to close a row of ${target}`);
  const lastCard = pool.take(pool.pick(last)!);
  let need = target - last;
  const row: string[] = [];
  if (first !== undefined) {
    let card: string | undefined;
    if (first !== 'red' && first !== 'black') card = first;
    else for (let v = Math.min(10, need); v >= 1 && card === undefined; v--) card = pool.pick(v, first);
    if (card === undefined || points(card) > need) throw new Error(`cannot open a row of ${target} with ${first}`);
    row.push(pool.take(card));
    need -= points(card);
  }
  while (need > 0) {
    let v = 0;
    for (let x = Math.min(10, need); x >= 1; x--) if (pool.countOf(x) > pool.countOf(v)) v = x;
    if (v === 0) throw new Error(`no cards left to make a row of ${target}`);
    row.push(pool.take(pool.pick(v)!));
    need -= v;
  }
  row.push(lastCard);
  if (
    !isRow(row) ||
    total(row) !== target ||
    (first !== undefined && first !== 'red' && first !== 'black' && row[0] !== first) ||
    ((first === 'red' || first === 'black') && colour(row[0]!) !== first)
  ) {
    throw new Error(`composed ${row.join(' ')} is not a row of ${target}`);
  }
  return row;
}
