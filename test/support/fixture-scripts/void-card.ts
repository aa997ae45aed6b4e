/**
 * The third card of coup 1 falls to the floor and is voided; the next card
 * takes its place. Counting it would have made Noir 37 and Rouge the winner.
 */
import { bet, ShoeBuilder } from '../shoe-builder.ts';

export default () =>
  new ShoeBuilder({ shoe: 'T1-void', start: '2026-11-22T21:00:00.000Z', seed: 81 })
    // 32/34, red first: "Rouge perd et couleur"; 5C (seq 8) voided, reason "floor".
    .coup({
      noir: ['TH', '9S', '3D', 'QC'],
      rouge: ['KH', '8C', '7D', '9H'],
      void: { before: 2, card: '5C', reason: 'floor' },
      bets: [bet('s1', 'noir', 10000), bet('s2', 'rouge', 10000)],
    })
    .rest();
