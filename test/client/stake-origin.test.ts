/** Where a prison stake comes from, read from its name (client/stake-origin.ts, docs/rules.md#prison-stake-id). */
import { expect } from 'chai';
import { stakeOrigin } from '../../client/stake-origin.ts';

describe('a prison stake’s origin, from its name', () => {
  it('reads the card of the 31 après that sent it to prison', () => {
    expect(stakeOrigin('222-s1-rouge')).to.deep.equal({ card: '222' });
  });

  it('reads its place on the first line when it was carried from the shoe before', () => {
    expect(stakeOrigin('carried2-s1-rouge')).to.deep.equal({ carried: '2' });
  });

  it('reads nothing from an old record’s stake without a name, or a name of another form', () => {
    expect(stakeOrigin(undefined)).to.equal(null);
    expect(stakeOrigin('x-s1-rouge')).to.equal(null);
  });
});
