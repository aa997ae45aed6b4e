/**
 * The cards still in the shuffler while a fixture is planned: six copies of
 * each card at first. Picks are deterministic (most copies left, then deck order).
 */
import { CARDS, COPIES, colour, points, type Colour } from './deck.ts';

export class Pool {
  private readonly counts: Map<string, number>;

  constructor(counts?: ReadonlyMap<string, number>) {
    this.counts = new Map(counts ?? CARDS.map((c) => [c, COPIES]));
  }

  clone(): Pool {
    return new Pool(this.counts);
  }

  count(card: string): number {
    return this.counts.get(card) ?? 0;
  }

  get size(): number {
    let n = 0;
    for (const k of this.counts.values()) n += k;
    return n;
  }

  get points(): number {
    let n = 0;
    for (const [c, k] of this.counts) n += k * points(c);
    return n;
  }

  take(card: string): string {
    const k = this.count(card);
    if (k <= 0) throw new Error(`no ${card} left in the shoe: a legal shoe holds ${COPIES} of each card`);
    this.counts.set(card, k - 1);
    return card;
  }

  /** Remaining cards, one entry per copy, in deck order. */
  cards(): string[] {
    return CARDS.flatMap((c) => Array.from({ length: this.count(c) }, () => c));
  }

  /** Copies left worth `value` points (of a colour, if given). */
  countOf(value: number, of?: Colour): number {
    let n = 0;
    for (const [c, k] of this.counts) if (points(c) === value && (of === undefined || colour(c) === of)) n += k;
    return n;
  }

  /** The card worth `value` (of a colour, if given) with most copies left, or undefined. */
  pick(value: number, of?: Colour): string | undefined {
    let best: string | undefined;
    for (const c of CARDS) {
      if (points(c) !== value || (of !== undefined && colour(c) !== of)) continue;
      if (this.count(c) > 0 && (best === undefined || this.count(c) > this.count(best))) best = c;
    }
    return best;
  }
}
