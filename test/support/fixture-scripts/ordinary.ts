/**
 * An ordinary shoe dealt to its last card: the four calls of the rules text,
 * a "Deux après" whose stakes stay on the layout, one insured stake, one stake
 * over the maximum and one withdrawn. (A bet under the minimum is refused, so
 * it never reaches the log.)
 */
import { bet, ShoeBuilder, withdraw } from '../shoe-builder.ts';

export default () =>
  new ShoeBuilder({ shoe: 'T1-ordinary', start: '2026-11-20T20:00:00.000Z', seed: 11 })
    // 37/32, ten of hearts first: "Rouge gagne et couleur".
    .coup({
      noir: 37,
      rouge: 32,
      first: 'TH',
      bets: [
        bet('s1', 'rouge', 5000),
        bet('s2', 'noir', 20000, { insured: true }),
        bet('s3', 'couleur', 7500),
        bet('s4', 'inverse', 2500),
        bet('s1', 'rouge', 5000),
      ],
    })
    // 32/32: "Deux après".
    .coup({ noir: 32, rouge: 32, bets: [bet('s1', 'rouge', 10000), bet('s3', 'couleur', 7500)] })
    // 35/31, black first: "Rouge gagne, la couleur perd". s1 and s3 stay on the layout.
    .coup({ noir: 35, rouge: 31, first: 'black', bets: [bet('s4', 'inverse', 600000)] })
    // 31/37, black first: "Rouge perd, la couleur gagne".
    .coup({
      noir: 31,
      rouge: 37,
      first: 'black',
      bets: [bet('s1', 'rouge', 10000), bet('s2', 'noir', 20000), bet('s5', 'noir', 5000), bet('s3', 'couleur', 7500), withdraw('s5', 'noir')],
    })
    // 32/38, red first: "Rouge perd et couleur".
    .coup({
      noir: 32,
      rouge: 38,
      first: 'red',
      bets: [bet('s1', 'rouge', 10000), bet('s2', 'noir', 20000), bet('s3', 'couleur', 7500), bet('s4', 'inverse', 50000)],
    })
    .rest();
