/**
 * All six king of spades come out in coup 1; a seventh appears in coup 2's
 * Noir row. It is foreign: recorded, raised, never counted — and counting it
 * would have turned the coup from Noir to Rouge.
 */
import { bet, ShoeBuilder } from '../shoe-builder.ts';

export default () =>
  new ShoeBuilder({ shoe: 'T1-foreign', start: '2026-11-22T20:00:00.000Z', seed: 71 })
    // 40/31, black first: "Rouge gagne, la couleur perd".
    .coup({ noir: ['KS', 'KS', 'KS', 'KS'], rouge: ['KS', 'KS', '9H', '2D'], bets: [bet('s1', 'rouge', 10000)] })
    // 31/33, red first: "Rouge perd et couleur"; a seventh KS (seq 15) after the 5H.
    .coup({
      noir: ['5H', '9C', '9D', '8S'],
      rouge: ['TD', 'TC', '4H', '9S'],
      foreign: { before: 1, card: 'KS' },
      bets: [bet('s1', 'noir', 10000), bet('s2', 'rouge', 10000)],
    })
    .rest();
