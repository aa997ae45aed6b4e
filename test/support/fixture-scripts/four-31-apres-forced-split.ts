/**
 * Four 31 après in a row: a stake goes to prison levels 1, 2, 3 and is split
 * by force at the fourth, while a stake placed at the fourth goes to level 1.
 */
import { bet, ShoeBuilder } from '../shoe-builder.ts';

export default () =>
  new ShoeBuilder({ shoe: 'T1-four-31', start: '2026-11-20T23:00:00.000Z', seed: 41 })
    .coup({ noir: 31, rouge: 31, bets: [bet('s1', 'rouge', 10001)] })
    .coup({ noir: 31, rouge: 31 })
    .coup({ noir: 31, rouge: 31 })
    .coup({ noir: 31, rouge: 31, bets: [bet('s2', 'noir', 20000)] })
    // 36/39, red first: "Rouge perd et couleur" — Noir and Inverse win.
    .coup({ noir: 36, rouge: 39, first: 'red' })
    .rest();
