/**
 * The two distributions the shuffle audit's p-values need, written out because
 * they are a few lines each: the χ² upper tail (through the regularized
 * incomplete gamma function) and the standard normal tail. Pure numerics.
 */

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9: about 15 significant digits). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
    9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  const z = x - 1;
  let sum = c[0]!;
  for (let i = 1; i < 9; i++) sum += c[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

const EPS = 1e-15;
const TINY = 1e-300;

/**
 * Q(a, x) = Γ(a, x) / Γ(a), the regularized upper incomplete gamma function:
 * the series for P below a + 1, Lentz's continued fraction for Q above
 * (the usual split: each converges fast on its side).
 */
export function gammaQ(a: number, x: number): number {
  if (!(a > 0) || !(x >= 0)) throw new RangeError(`gammaQ needs a > 0 and x ≥ 0, not a=${a}, x=${x}`);
  if (x === 0) return 1;
  const front = Math.exp(-x + a * Math.log(x) - logGamma(a));
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 10_000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * EPS) break;
    }
    return Math.max(0, 1 - sum * front);
  }
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return Math.min(1, front * h);
}

/** P(χ²_df ≥ x): the p-value of a χ² statistic. */
export function chiSquareTail(x: number, df: number): number {
  return gammaQ(df / 2, Math.max(0, x) / 2);
}

/** erfc(x), through Q(½, x²) for x ≥ 0: accurate in the far tail, where 1 − erf loses every digit. */
export function erfc(x: number): number {
  if (x < 0) return 2 - erfc(-x);
  return gammaQ(0.5, x * x);
}

/** P(Z ≥ z) for a standard normal Z. */
export function normalTail(z: number): number {
  return 0.5 * erfc(z / Math.SQRT2);
}

/** Two-sided p-value of a standard normal statistic: P(|Z| ≥ |z|). */
export function normalTwoSided(z: number): number {
  return Math.min(1, erfc(Math.abs(z) / Math.SQRT2));
}
