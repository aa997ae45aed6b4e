/**
 * Holm's step-down correction: the audit runs several tests on the same shoes,
 * so a fair shuffler would be flagged by one of them more often than α if each
 * were judged alone. Holm keeps the chance of any false flag at most α and is
 * never less powerful than Bonferroni.
 */

/** Holm-adjusted p-values, in the order given (each in [0, 1]). */
export function holmAdjust(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[i] = running;
  });
  return adjusted;
}
