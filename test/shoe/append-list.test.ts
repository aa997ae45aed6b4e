import { expect } from 'chai';
import { AppendList } from '../../shoe/append-list.ts';

describe('the append-only list holding the cards drawn', () => {
  it('keeps every earlier version unchanged when it grows (a snapshot stays a snapshot)', () => {
    const versions = [AppendList.empty<number>()];
    for (let i = 0; i < 100; i++) versions.push(versions.at(-1)!.push(i));
    const forked = versions[40]!.push(-1);
    versions.forEach((v, n) => expect(v.toArray()).to.deep.equal(Array.from({ length: n }, (_, i) => i)));
    expect(forked.toArray()).to.deep.equal([...Array.from({ length: 40 }, (_, i) => i), -1]);
  });

  it('reads like an array: at (negative too), find, filter, map, iteration and JSON', () => {
    const list = AppendList.from([1, 2, 3, 4, 5]);
    expect([list.length, list.at(0), list.at(-1), list.at(5), list.at(-6)]).to.deep.equal([5, 1, 5, undefined, undefined]);
    expect(list.find((x) => x > 2)).to.equal(3);
    expect(list.filter((x) => x % 2 === 0)).to.deep.equal([2, 4]);
    expect(list.map((x, i) => x * 10 + i)).to.deep.equal([10, 21, 32, 43, 54]);
    expect([...list]).to.deep.equal([1, 2, 3, 4, 5]);
    expect(JSON.stringify({ list })).to.equal('{"list":[1,2,3,4,5]}');
  });
});
