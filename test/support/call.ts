/**
 * The call of a coup as the tailleur announces it (docs/rules.md#the-call), written
 * out independently of the engine so fixtures can carry a `call` it must agree with.
 */
import type { Colour } from './deck.ts';

const UNITS = ['Un', 'Deux', 'Trois', 'Quatre', 'Cinq', 'Six', 'Sept', 'Huit', 'Neuf', 'Quarante'];

/** What the tailleur announces for a complete row: its units, "Un" for 31 … "Quarante" for 40. */
export function announced(rowTotal: number): string {
  return UNITS[rowTotal - 31]!;
}

export type Winner = 'noir' | 'rouge' | 'apres' | 'apres31';

export function winner(noir: number, rouge: number): Winner {
  if (noir === rouge) return noir === 31 ? 'apres31' : 'apres';
  return noir < rouge ? 'noir' : 'rouge';
}

/** Couleur wins when the first Noir card has the winning row's colour. */
export function couleurWins(noir: number, rouge: number, first: Colour): boolean | null {
  const w = winner(noir, rouge);
  if (w === 'noir') return first === 'black';
  if (w === 'rouge') return first === 'red';
  return null;
}

export function call(noir: number, rouge: number, first: Colour): string {
  const w = winner(noir, rouge);
  if (w === 'apres' || w === 'apres31') return `${UNITS[rouge - 31]} après`;
  const couleur = couleurWins(noir, rouge, first);
  if (w === 'rouge') return couleur ? 'Rouge gagne et couleur' : 'Rouge gagne, la couleur perd';
  return couleur ? 'Rouge perd, la couleur gagne' : 'Rouge perd et couleur';
}
