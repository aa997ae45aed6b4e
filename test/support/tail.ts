/**
 * The end of a shoe that runs out exactly on a coup boundary: a search that
 * splits a multiset of card values into complete rows, two per coup, so a
 * fixture can deal "all cards to the end" with no coup cut short.
 */
import { STOP } from './rows.ts';

/** counts[v] = cards worth v points (1..10); returns rows of values, noir first, or null. */
export function splitIntoRows(counts: readonly number[], rows: number, budget = 200_000): number[][] | null {
  const c = [...counts];
  const failed = new Set<string>();
  let steps = 0;

  const left = () => c.reduce((t, k, v) => t + k * v, 0);

  function search(rowsLeft: number, noirTotal: number): number[][] | null {
    if (++steps > budget) return null;
    const pts = left();
    if (rowsLeft === 0) return pts === 0 ? [] : null;
    if (pts < (STOP + 1) * rowsLeft || pts > (STOP + 10) * rowsLeft) return null;
    const key = `${c.join(',')}|${rowsLeft}|${noirTotal === STOP + 1 ? 1 : 0}`;
    if (failed.has(key)) return null;
    for (let last = 10; last >= 1; last--) {
      if (c[last]! === 0) continue;
      c[last]!--;
      const found = pre(
        10,
        0,
        [],
        (cards) => {
          const t = cards.reduce((a, b) => a + b, 0) + last;
          // A filler coup never makes a 31 après: it would imprison stakes nobody scripted.
          if (rowsLeft % 2 === 1 && t === STOP + 1 && noirTotal === STOP + 1) return null;
          const rest = search(rowsLeft - 1, rowsLeft % 2 === 0 ? t : 0);
          return rest && [[...cards, last], ...rest];
        },
        STOP + 1 - last,
      );
      c[last]!++;
      if (found) return found;
    }
    failed.add(key);
    return null;
  }

  /** Multisets of values (non-increasing) whose sum lies in [min, 30], each tried with `then`. */
  function pre(max: number, sum: number, cards: number[], then: (cards: number[]) => number[][] | null, min: number): number[][] | null {
    if (sum >= min) {
      const r = then(cards);
      if (r) return r;
    }
    for (let v = Math.min(max, STOP - sum); v >= 1; v--) {
      if (c[v]! === 0) continue;
      c[v]!--;
      cards.push(v);
      const r = pre(v, sum + v, cards, then, min);
      cards.pop();
      c[v]!++;
      if (r) return r;
      if (steps > budget) return null;
    }
    return null;
  }

  return search(rows, 0);
}
