/** The simulator's seeded PRNG (mulberry32), so generated fixtures are the same on every run. */
export { mulberry32 as rng } from '../../server/simulator/seeded-random.ts';

/** Fisher–Yates with the given random source; returns a new array. */
export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
