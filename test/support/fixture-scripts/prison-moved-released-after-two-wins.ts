/**
 * Two 31 après in a row take two stakes to prison level 2. One is moved from
 * Rouge to Noir and needs two Noir wins to come out; the other stays on
 * Couleur and is lost when Couleur loses.
 */
import { bet, leave, move, ShoeBuilder } from '../shoe-builder.ts';

export default () =>
  new ShoeBuilder({ shoe: 'T1-prison-moved', start: '2026-11-20T22:00:00.000Z', seed: 31 })
    .coup({ noir: 31, rouge: 31, bets: [bet('s3', 'rouge', 10000), bet('s5', 'couleur', 8000)], choices: [leave('s3', 'rouge')] })
    .coup({ noir: 31, rouge: 31, choices: [move('s3', 'rouge', 'noir')] })
    // 33/35, red first: "Rouge perd et couleur" — Noir and Inverse win.
    .coup({ noir: 33, rouge: 35, first: 'red' })
    // 32/39, black first: "Rouge perd, la couleur gagne" — Noir and Couleur win.
    .coup({ noir: 32, rouge: 39, first: 'black' })
    .rest();
