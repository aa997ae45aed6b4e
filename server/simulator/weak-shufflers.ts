/**
 * Shufflers for the simulator, fair and deliberately weak, to prove the shuffle
 * audit's power (README, "Shuffle audit"). Each takes the previous shoe in the
 * order it was dealt — the discards the shuffler is loaded with — and returns
 * the next shoe's order:
 *
 * - `fair`: Fisher–Yates, the previous order forgotten;
 * - `riffle:K`: K riffle shuffles (Gilbert–Shannon–Reeds: a binomial cut, then
 *   cards dropped from each half in proportion to its size), the model of a
 *   hand or machine riffle; seven are about enough for one deck, far more for six;
 * - `cut`: one random cut, the previous order otherwise kept;
 * - `pull:R[:P]`: a fair shuffle, then each card of rank R in the back half
 *   swapped, with probability P (default 0.25), with a random card of the front
 *   half — a shuffler favouring one rank near the start of the shoe.
 */
import { RANKS, type Rank } from '../../shoe/card.ts';
import { randomInt, shuffleInPlace, type Random } from '../../shoe/math/seeded-random.ts';

export type Shuffler = (previous: Uint8Array, random: Random) => Uint8Array;

export class ShufflerSpecError extends Error {
  readonly code = 'SHUFFLER_SPEC';
  constructor(spec: string, why: string) {
    super(`--shuffle ${spec}: ${why} (fair, riffle:K, cut, pull:R[:P])`);
    this.name = 'ShufflerSpecError';
  }
}

export function riffle(previous: Uint8Array, random: Random): Uint8Array {
  const n = previous.length;
  let cut = 0;
  for (let i = 0; i < n; i++) if (random() < 0.5) cut++;
  const out = new Uint8Array(n);
  let left = 0;
  let right = cut;
  for (let i = 0; i < n; i++) {
    const l = cut - left;
    const r = n - right;
    out[i] = random() * (l + r) < l ? previous[left++]! : previous[right++]!;
  }
  return out;
}

export function parseShuffler(spec: string): Shuffler {
  const [kind, ...args] = spec.split(':');
  switch (kind) {
    case 'fair':
      if (args.length > 0) throw new ShufflerSpecError(spec, 'fair takes no argument');
      return (previous, random) => shuffleInPlace(previous.slice(), random);
    case 'riffle': {
      const times = Number(args[0]);
      if (args.length !== 1 || !Number.isInteger(times) || times < 1 || times > 100) throw new ShufflerSpecError(spec, 'riffle:K with K riffles, 1 to 100');
      return (previous, random) => {
        let order = previous;
        for (let i = 0; i < times; i++) order = riffle(order, random);
        return order;
      };
    }
    case 'cut':
      if (args.length > 0) throw new ShufflerSpecError(spec, 'cut takes no argument');
      return (previous, random) => {
        const at = randomInt(random, previous.length);
        const out = new Uint8Array(previous.length);
        out.set(previous.subarray(at));
        out.set(previous.subarray(0, at), previous.length - at);
        return out;
      };
    case 'pull': {
      const rank = RANKS.indexOf((args[0] ?? '').toUpperCase().replace(/^10$/, 'T') as Rank);
      const p = args[1] === undefined ? 0.25 : Number(args[1]);
      if (rank < 0 || args.length > 2 || !(p >= 0 && p <= 1)) throw new ShufflerSpecError(spec, 'pull:R[:P] with a rank A 2-9 T J Q K and a probability');
      return (previous, random) => {
        const out = shuffleInPlace(previous.slice(), random);
        const half = out.length >> 1;
        for (let i = half; i < out.length; i++) {
          if (out[i]! % 13 !== rank || random() >= p) continue;
          const j = randomInt(random, half);
          const t = out[i]!;
          out[i] = out[j]!;
          out[j] = t;
        }
        return out;
      };
    }
    default:
      throw new ShufflerSpecError(spec, `unknown shuffler "${kind}"`);
  }
}
