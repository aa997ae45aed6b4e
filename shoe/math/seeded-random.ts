/**
 * A small seeded PRNG (mulberry32) so a simulated shoe and its line faults
 * replay exactly from a seed, and the audit's permutation nulls are the same
 * on every run. Pure: the same seed always gives the same numbers, so it is
 * randomness passed in as data. Not for real shuffling: a casino shuffler's
 * randomness is its own; this only makes tests, demos and audits repeatable.
 */

export type Random = () => number;

/** 32-bit seed from a number or any text (FNV-1a over the text). */
export function seedFrom(seed: number | string): number {
  if (typeof seed === 'number' && Number.isFinite(seed)) return seed >>> 0;
  let h = 0x811c9dc5;
  for (const ch of String(seed)) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: uniform floats in [0, 1) from a 32-bit state. */
export function mulberry32(seed: number | string): Random {
  let a = seedFrom(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number in [0, n). */
export function randomInt(random: Random, n: number): number {
  return Math.floor(random() * n);
}

/** Fisher–Yates, in place; returns the same array. */
export function shuffleInPlace<T extends { length: number; [i: number]: unknown }>(items: T, random: Random): T {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(random, i + 1);
    const t = items[i];
    items[i] = items[j];
    items[j] = t;
  }
  return items;
}
