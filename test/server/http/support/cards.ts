/**
 * Cards for the HTTP tests, with the call they make (docs/rules.md#the-call).
 */

/** Five burn cards ("Messieurs les cinq cartes"). */
export const BURN = ['AH', '2H', '3H', '4H', '5H'];

/** Noir K♥ Q♥ 10♥ 5♣ = 35, Rouge K♠ Q♠ 9♠ 3♣ = 32: Rouge wins, first card red → "Rouge gagne et couleur". */
export const ROUGE_ET_COULEUR = { noir: ['KH', 'QH', 'TH', '5C'], rouge: ['KS', 'QS', '9S', '3C'], call: 'Rouge gagne et couleur' };

/** Noir K♣ Q♣ 2♣ 9♣ = 31, Rouge K♦ Q♦ 7♦ 8♦ = 35: Noir wins, first card black → "Rouge perd, la couleur gagne". */
export const ROUGE_PERD_COULEUR_GAGNE = { noir: ['KC', 'QC', '2C', '9C'], rouge: ['KD', 'QD', '7D', '8D'], call: 'Rouge perd, la couleur gagne' };

/** Noir K♥ Q♥ A♥ J♥ = 31, Rouge K♠ Q♠ A♠ J♠ = 31: "Un après", free stakes go to prison. */
export const UN_APRES = { noir: ['KH', 'QH', 'AH', 'JH'], rouge: ['KS', 'QS', 'AS', 'JS'], call: 'Un après' };

export const coupCards = (c: { noir: string[]; rouge: string[] }) => [...c.noir, ...c.rouge];
