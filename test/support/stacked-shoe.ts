/**
 * A legal shoe (each of the 312 cards once) whose first coups, just after the
 * burn, are 31 après: the rarest coup (about 1 in 46) made common, so a random
 * table meets prisons, deepened prisons, choices and forced splits every shoe.
 */
import { fullShoe } from './deck.ts';
import { shuffle } from './rng.ts';
import { STOP, total } from './rows.ts';

export function stackedShoe(random: () => number, apres31: number, burn = 5): string[] {
  let pool = shuffle(fullShoe(), random);
  const take = (n: number) => {
    const cards = pool.slice(0, n);
    pool = pool.slice(n);
    return cards;
  };
  const out = take(burn);
  for (let rows = 0; rows < 2 * apres31; ) {
    // Deal a row from the top; keep it if it makes 31, else shuffle it back.
    let n = 0;
    while (total(pool.slice(0, n)) <= STOP) n++;
    if (total(pool.slice(0, n)) === STOP + 1) {
      out.push(...take(n));
      rows++;
    } else pool = shuffle(pool, random);
  }
  return [...out, ...pool];
}
