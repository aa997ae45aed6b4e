/**
 * The French the tailleur speaks at the table. These are words to show, not
 * rules: which call a coup gets always comes from the server (CoupView.call).
 * The tailleur's dispute offers every call that can be announced.
 */
import type { Chance } from '../server/http/contract.ts';

export const CALLS = ['Rouge gagne et couleur', 'Rouge gagne, la couleur perd', 'Rouge perd, la couleur gagne', 'Rouge perd et couleur'] as const;

/** Announcements of a row by its units: 31 "Un" … 40 "Quarante" (for "N après"). */
export const UNITS = ['Un', 'Deux', 'Trois', 'Quatre', 'Cinq', 'Six', 'Sept', 'Huit', 'Neuf', 'Quarante'] as const;

export const apres = (unit: string) => `${unit} après`;

export const CHANCE_NAMES: Record<Chance, string> = { rouge: 'Rouge', noir: 'Noir', couleur: 'Couleur', inverse: 'Inverse' };
export const CHANCE_LIST: readonly Chance[] = ['rouge', 'noir', 'couleur', 'inverse'];

export const ANNOUNCE = {
  burn: 'Messieurs les cinq cartes',
  open: 'Messieurs faites vos jeux',
  closed: 'Les jeux sont faits, rien ne va plus',
} as const;
