/**
 * The payeur's prison board keeps its rows in place across a choice
 * (client/prison-order.ts). An outsider chose partager on s1, then moved s5 to
 * Rouge: rows jumped, the moved stake went to the bottom as the table lists it.
 */
import { expect } from 'chai';
import { prisonOrder } from '../../client/prison-order.ts';
import type { PrisonStake } from '../../shoe/state.ts';

const stake = (player: string, chance: PrisonStake['chance'], level: number, seq = 40): PrisonStake => ({
  id: `${seq}-${player}-${chance}`,
  player,
  chance,
  amount: 10_000,
  level,
  choosable: true,
});
const ids = (rows: readonly PrisonStake[]) => rows.map((r) => r.id);

describe('the order of the prison board', () => {
  it('is by seat (s2 before s10), then level, then the stake', () => {
    const rows = [stake('s10', 'rouge', 1), stake('s2', 'noir', 2), stake('s5', 'rouge', 2), stake('s2', 'couleur', 1), stake('s1', 'rouge', 1)];
    expect(ids(prisonOrder(rows))).to.deep.equal(['40-s1-rouge', '40-s2-couleur', '40-s2-noir', '40-s5-rouge', '40-s10-rouge']);
  });

  it('keeps the rows that remain in their places across a partager and a move', () => {
    const before = [stake('s5', 'noir', 1), stake('s1', 'rouge', 1), stake('s3', 'couleur', 1), stake('s7', 'inverse', 2)];
    const shown = ids(prisonOrder(before));
    // partager on s1 takes its stake away; moving s5 to Rouge puts it last in the table's list, its id unchanged
    const s5 = before[0]!;
    const after = [stake('s3', 'couleur', 1), stake('s7', 'inverse', 2), { ...s5, chance: 'rouge' as const, choosable: false, chosen: 'move' as const }];
    expect(ids(prisonOrder(after))).to.deep.equal(shown.filter((id) => id !== '40-s1-rouge'));
  });
});
