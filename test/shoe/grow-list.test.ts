/**
 * The alerts' list: grows by one without copying, reads like an array, and a
 * replay refusing tens of thousands of events keeps every refusal.
 */
import { expect } from 'chai';
import { GrowList } from '../../shoe/grow-list.ts';
import { replayShoe } from '../../shoe/replay.ts';
import { parseShoeLog } from '../../shoe/shoe-log.ts';

describe('GrowList', () => {
  it('keeps every version: a push never changes the list it grew from', () => {
    const a = GrowList.from([1, 2, 3]);
    const b = a.push(4);
    const c = a.push(5);
    expect(a.toArray()).to.deep.equal([1, 2, 3]);
    expect(b.toArray()).to.deep.equal([1, 2, 3, 4]);
    expect(c.toArray()).to.deep.equal([1, 2, 3, 5]);
    expect([b.length, c.length]).to.deep.equal([4, 4]);
  });

  it('reads the newest items, any item, and serialises as an array', () => {
    const list = GrowList.from(['a', 'b', 'c', 'd']);
    expect(list.last(2)).to.deep.equal(['c', 'd']);
    expect(list.last(10)).to.deep.equal(['a', 'b', 'c', 'd']);
    expect([list.at(0), list.at(-1), list.at(-4), list.at(4), list.at(-5)]).to.deep.equal(['a', 'd', 'a', undefined, undefined]);
    expect(JSON.stringify({ list })).to.equal('{"list":["a","b","c","d"]}');
    expect([...list]).to.deep.equal(['a', 'b', 'c', 'd']);
    expect(GrowList.empty<string>().toArray()).to.deep.equal([]);
  });
});

describe('replay of a log the rules refuse line after line', () => {
  it('reports each of 32,000 refused "open" lines once, at its index', () => {
    const text = '{"type":"open"}\n'.repeat(32_000);
    const { alerts } = replayShoe(parseShoeLog(text));
    expect(alerts).to.have.length(32_000);
    expect(alerts.every((a, k) => a.kind === 'rule-violation' && a.index === k && /SHOE_NOT_STARTED/.test(a.message))).to.equal(true);
  });
});
