/**
 * A prison stake's origin, read back from its name (shoe/prison-id.ts,
 * docs/rules.md#prison-stake-id): the one reading the view, the CSV and the
 * screens share.
 */
import { expect } from 'chai';
import { carriedStakeId, prisonStakeId, sentAtCard, stakeOrigin } from '../../shoe/prison-id.ts';

describe('a prison stake’s origin, from its name', () => {
  it('reads the card of the 31 après that sent it to prison', () => {
    expect(stakeOrigin(prisonStakeId(222, 's1', 'rouge'))).to.deep.equal({ card: 222 });
    expect(sentAtCard('222-s1-rouge')).to.equal(222);
  });

  it('reads its place on the first line when it was carried from the shoe before, which is no card of this shoe', () => {
    expect(stakeOrigin(carriedStakeId(1, 's1', 'rouge'))).to.deep.equal({ carried: 2 });
    expect(sentAtCard('carried2-s1-rouge')).to.equal(undefined);
  });

  it('reads nothing from an old record’s stake without a name, or a name of another form', () => {
    expect(stakeOrigin(undefined)).to.equal(null);
    expect(stakeOrigin('x-s1-rouge')).to.equal(null);
    expect(stakeOrigin('12a-s1-rouge')).to.equal(null);
    expect(sentAtCard(undefined)).to.equal(undefined);
  });
});
