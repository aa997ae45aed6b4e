/**
 * The call of a coup (docs/rules.md#the-call): which row wins, Couleur or Inverse,
 * and the French phrase the tailleur announces.
 */
import type { Colour } from './card.ts';

export type CoupResult = 'noir' | 'rouge' | 'apres' | 'apres31';
export type CouleurResult = 'couleur' | 'inverse';

/** Announcement of a row total by its units only: 31 "Un" … 40 "Quarante". */
const UNITS = ['Un', 'Deux', 'Trois', 'Quatre', 'Cinq', 'Six', 'Sept', 'Huit', 'Neuf', 'Quarante'] as const;

export function announceTotal(total: number): string {
  const word = UNITS[total - 31];
  if (word === undefined) throw new RangeError(`a completed row totals 31 to 40, not ${total}`);
  return word;
}

/** The lower total wins; equal totals are an après, and 31–31 is the "31 après". */
export function coupResult(noir: number, rouge: number): CoupResult {
  if (noir === rouge) return noir === 31 ? 'apres31' : 'apres';
  return noir < rouge ? 'noir' : 'rouge';
}

/**
 * Couleur wins when the first card of the Noir row has the colour of the
 * winning row (black for Noir, red for Rouge); otherwise Inverse. No winner on
 * an après.
 */
export function couleurResult(result: CoupResult, firstNoirCard: Colour): CouleurResult | null {
  if (result === 'noir') return firstNoirCard === 'black' ? 'couleur' : 'inverse';
  if (result === 'rouge') return firstNoirCard === 'red' ? 'couleur' : 'inverse';
  return null;
}

/** The call, always giving the fate of Rouge and of Couleur (docs/rules.md#the-call). */
export function callPhrase(noir: number, rouge: number, firstNoirCard: Colour): string {
  const result = coupResult(noir, rouge);
  switch (result) {
    case 'apres':
    case 'apres31':
      return `${announceTotal(rouge)} après`;
    case 'rouge':
      return couleurResult(result, firstNoirCard) === 'couleur' ? 'Rouge gagne et couleur' : 'Rouge gagne, la couleur perd';
    case 'noir':
      return couleurResult(result, firstNoirCard) === 'couleur' ? 'Rouge perd, la couleur gagne' : 'Rouge perd et couleur';
    default: {
      const never: never = result;
      throw new Error(`unknown result ${String(never)}`);
    }
  }
}

/** Compares an announced call with the computed one, ignoring case and spacing. */
export function sameCall(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
  return norm(a) === norm(b);
}

/** Which chances win on a decided coup: the row and Couleur/Inverse. */
export function winningChances(result: CoupResult, couleur: CouleurResult | null): ReadonlySet<string> {
  if (result === 'apres' || result === 'apres31' || couleur === null) return new Set();
  return new Set([result, couleur]);
}
