/**
 * House-rule settings (SPEC §1–§5). They vary between casinos, so they are part
 * of a table's configuration and of every shoe log's first line.
 */
export interface Rules {
  /** Cards voided after each shuffle: "Messieurs les cinq cartes". */
  burn: number;
  /** Smallest stake accepted on a chance, in cents. */
  min: number;
  /** Largest stake that plays on a chance, in cents; the excess is returned. */
  max: number;
  /** Insurance premium as a fraction of the stake that plays (Venice: 1 %). */
  insurance: number;
  /** Prison levels before a 31 après forces a partager (Venice: 3). */
  maxPrisonLevel: number;
  /** Coups with an exposed card that suspend the shoe (Venice: the third). */
  exposedCoupLimit: number;
  /** Venice's tradition: prisons returned in full when the shoe ends "senza resto". */
  endOfShoeRelease: boolean;
}

export const VENICE_RULES: Readonly<Rules> = Object.freeze({
  burn: 5,
  min: 500,
  max: 500_000,
  insurance: 0.01,
  maxPrisonLevel: 3,
  exposedCoupLimit: 3,
  endOfShoeRelease: true,
});

/**
 * Insurance premium on a stake (SPEC §3): the rate applied to the part that
 * plays (at most the maximum), rounded up to the cent. Integer arithmetic in
 * basis points, so 0.07 × 100 is 7 and never 8.
 */
export function insurancePremium(amount: number, rules: Rules): number {
  const plays = Math.min(amount, rules.max);
  const basisPoints = Math.round(rules.insurance * 10_000);
  return Math.floor((plays * basisPoints + 9_999) / 10_000);
}
