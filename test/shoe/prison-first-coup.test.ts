/**
 * The coup that first sent a prison stake to prison, read from the card its
 * name keeps (shoe/prison-first-coup.ts): a stake deepened at the next 31 après
 * moves its `coup` there, and the payeur took that for where it went in.
 */
import { expect } from 'chai';
import { firstImprisoned, withFirstCoup } from '../../shoe/prison-first-coup.ts';
import { Harness, ROWS } from './table-harness.ts';

describe('the coup a prison stake first went in at', () => {
  it('is the coup of the card its name keeps, after it is deepened by the next 31 après', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 10_000);
    t.play(ROWS.r31, ROWS.b31); // coup 1: 31 après, s1's Rouge to prison
    t.do({ type: 'choice', player: 's1', chance: 'rouge', action: 'leave' });
    t.open();
    t.play(ROWS.b31, ROWS.r31); // coup 2: 31 après again, the stake deepened
    const [p] = t.state.prison;
    expect(p!.coup).to.equal(2);
    expect(firstImprisoned(t.state, p!)).to.equal(1);
    expect(withFirstCoup(t.state, p!).firstCoup).to.equal(1);
  });

  it('says nothing more of a stake still at the coup it went in at, and none of a stake carried from the shoe before', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 10_000);
    t.play(ROWS.r31, ROWS.b31);
    const [p] = t.state.prison;
    expect(withFirstCoup(t.state, p!)).to.not.have.property('firstCoup');
    expect(firstImprisoned(t.state, { ...p!, id: 'carried1-s1-rouge' })).to.equal(undefined);
  });
});
