/**
 * Cards seen face up in three coups (2, 3 and 6: not all consecutive; coup 2
 * has two). The shoe is suspended when coup 6 is complete, with a stake in prison.
 */
import { bet, leave, ShoeBuilder } from '../shoe-builder.ts';

export default () =>
  new ShoeBuilder({ shoe: 'T1-exposed', start: '2026-11-21T20:00:00.000Z', seed: 51 })
    // 34/37, black first: "Rouge perd, la couleur gagne".
    .coup({ noir: ['KS', 'QC', '4S', 'TD'], rouge: ['9H', 'JC', '8C', 'QD'], bets: [bet('s1', 'noir', 10000)] })
    // 32/33, red first: "Rouge perd et couleur"; QH (seq 14) and TC (seq 19) seen face up.
    .coup({ noir: ['QH', '9C', '8D', '5S'], rouge: ['6H', 'TC', 'KD', '7S'], exposed: [0, 5], bets: [bet('s2', 'inverse', 5000)] })
    // 36/33, red first: "Rouge gagne et couleur"; the third card (seq 24) seen face up.
    .coup({ noir: 36, rouge: 33, first: 'red', exposed: [2] })
    .coup({ noir: 38, rouge: 35, first: 'black' })
    .coup({ noir: 31, rouge: 31, bets: [bet('s4', 'inverse', 25000)], choices: [leave('s4', 'inverse')] })
    // 34/34: "Quatre après", its second card seen face up: the third exposed coup.
    .coup({ noir: 34, rouge: 34, exposed: [1] });
