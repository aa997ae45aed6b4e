/**
 * The chain check's ranges of shoes (server/central/verify-chains-sql.ts):
 * every shoe in exactly one range, in id order, so no shoe goes unchecked and
 * none is checked twice (its window would be split).
 */
import { expect } from 'chai';
import { shoeRanges } from '../../../server/central/verify-chains-sql.ts';

describe('verify --central --chains-only: ranges of shoes', () => {
  const ids = Array.from({ length: 10 }, (_, k) => `s${String(k).padStart(2, '0')}`);
  const covered = (ranges: [string, string][]) => ids.filter((id) => ranges.filter(([lo, hi]) => id >= lo && id <= hi).length === 1);

  it('covers every shoe once, whatever the number of ranges', () => {
    for (const n of [1, 2, 3, 4, 9, 10, 20]) {
      const ranges = shoeRanges(ids, n);
      expect(covered(ranges), `${n} ranges`).to.deep.equal(ids);
      expect(ranges.length).to.be.at.most(n);
    }
  });

  it('makes no range of no shoes', () => {
    expect(shoeRanges([], 4)).to.deep.equal([]);
    expect(shoeRanges(['a'], 4)).to.deep.equal([['a', 'a']]);
  });
});
