/**
 * A 31 après meets three stakes: an insured one (push, premium kept), one left
 * in prison and released by the next win, one split with the bank (partager).
 */
import { bet, leave, partager, ShoeBuilder } from '../shoe-builder.ts';

export default () =>
  new ShoeBuilder({ shoe: 'T1-apres31', start: '2026-11-20T21:00:00.000Z', seed: 21 })
    .coup({
      noir: 31,
      rouge: 31,
      bets: [bet('s1', 'couleur', 10000, { insured: true }), bet('s2', 'noir', 20000), bet('s3', 'inverse', 12345)],
      choices: [leave('s2', 'noir'), partager('s3', 'inverse')],
    })
    // 34/38, black first: "Rouge perd, la couleur gagne" — Noir and Couleur win.
    .coup({ noir: 34, rouge: 38, first: 'black' })
    .rest();
