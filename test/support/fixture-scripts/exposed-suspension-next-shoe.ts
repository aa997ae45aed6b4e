/**
 * The shoe after the suspension: it starts with s4's stake still in prison on
 * Inverse, which the first coup releases, alongside a fresh stake of s4 there.
 */
import { bet, ShoeBuilder } from '../shoe-builder.ts';

export default () =>
  new ShoeBuilder({
    shoe: 'T1-exposed-next',
    start: '2026-11-21T21:00:00.000Z',
    seed: 52,
    prison: [{ player: 's4', chance: 'inverse', amount: 25000, level: 1 }],
  })
    // 33/37, red first: "Rouge perd et couleur" — Noir and Inverse win.
    .coup({ noir: 33, rouge: 37, first: 'red', bets: [bet('s4', 'inverse', 10000)] })
    .rest();
