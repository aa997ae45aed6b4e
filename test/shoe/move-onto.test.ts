/**
 * Where a prison stake may not be moved now (shoe/move-onto.ts): onto a chance
 * where the seat's stake of the same level still waits for its own choice. The
 * rule refuses it; the view says it on the row, so the payeur's menu does not
 * offer what the rule would refuse after "yes" (outside crew pass 49).
 */
import { expect } from 'chai';
import { tableView } from '../../shoe/table-view.ts';
import { Harness, ROWS } from './table-harness.ts';

describe('a prison stake moved onto a chance whose stake still waits for its choice', () => {
  const twoInPrison = () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 10_000).bet('s1', 'noir', 5_000).bet('s2', 'couleur', 5_000);
    t.play(ROWS.r31, ROWS.b31); // a 31 après: s1's Rouge and Noir, s2's Couleur to prison, each choice open
    return t;
  };
  const rowOf = (t: Harness, player: string, chance: string) => tableView(t.state).prison.find((p) => p.player === player && p.chance === chance)!;

  it('is refused by the rule, and named on each row of the view while that choice is open', () => {
    const t = twoInPrison();
    expect(rowOf(t, 's1', 'rouge').cannotMoveTo).to.deep.equal(['noir']);
    expect(rowOf(t, 's1', 'noir').cannotMoveTo).to.deep.equal(['rouge']);
    expect(rowOf(t, 's2', 'couleur')).to.not.have.property('cannotMoveTo');
    expect(t.refused({ type: 'choice', player: 's1', chance: 'rouge', action: 'move', to: 'noir' })).to.equal('MOVE_ONTO_OPEN_CHOICE');
  });

  it('is allowed, and no longer named, once the stake there has had its choice', () => {
    const t = twoInPrison();
    t.do({ type: 'choice', player: 's1', chance: 'noir', action: 'leave' });
    expect(rowOf(t, 's1', 'rouge')).to.not.have.property('cannotMoveTo');
    t.do({ type: 'choice', player: 's1', chance: 'rouge', action: 'move', to: 'noir' });
    // merged with the stake already there, as a move onto a seat's stake of the same level is (docs/rules.md#prison-choice)
    expect(
      tableView(t.state)
        .prison.filter((p) => p.player === 's1')
        .map((p) => [p.chance, p.amount]),
    ).to.deep.equal([['noir', 15_000]]);
  });
});
