/**
 * The shuffler runs dry two cards into a coup, just after two 31 après: the
 * coup is annulled (stakes and premium back) and both prison stakes are
 * returned at full value (Venice, "senza resto").
 */
import { bet, ShoeBuilder } from '../shoe-builder.ts';

export default () =>
  new ShoeBuilder({ shoe: 'T1-runs-out', start: '2026-11-21T22:00:00.000Z', seed: 61 })
    .rest()
    .coup({ noir: 31, rouge: 31, bets: [bet('s1', 'rouge', 10000)] })
    .coup({ noir: 31, rouge: 31, bets: [bet('s2', 'noir', 30000)] })
    .cutShort({ cards: ['7C', '8D'], bets: [bet('s3', 'couleur', 5000, { insured: true }), bet('s1', 'rouge', 20000)] });
