import { expect } from 'chai';
import { fixtureShoe, FixtureShoeError, shuffledShoe } from '../../../server/simulator/shuffled-shoe.ts';
import { mulberry32, seedFrom } from '../../../server/simulator/seeded-random.ts';
import { parseFixtureCards, FixtureReadError } from '../../../server/simulator/fixture-cards.ts';
import { ALL_CARDS } from '../../../shoe/card.ts';

describe('the simulated shoe', () => {
  it('replays the same numbers from the same seed, and others from another', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const xs = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).to.deep.equal(xs);
    expect(Array.from({ length: 5 }, c)).not.to.deep.equal(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).to.equal(true);
    expect(seedFrom('abc')).to.equal(seedFrom('abc')).and.not.equal(seedFrom('abd'));
  });

  // docs/rules.md#cards-and-shoe
  it('holds six decks: 312 cards, each of the 52 exactly six times', () => {
    const shoe = shuffledShoe('count');
    expect(shoe).to.have.length(312);
    for (const card of ALL_CARDS)
      expect(
        shoe.filter((c) => c.card === card),
        card,
      ).to.have.length(6);
  });

  it('is shuffled: the same from one seed, different from another', () => {
    const a = shuffledShoe(7).map((c) => c.card);
    expect(shuffledShoe(7).map((c) => c.card)).to.deep.equal(a);
    expect(shuffledShoe(8).map((c) => c.card)).not.to.deep.equal(a);
    expect(a.slice(0, 13)).not.to.deep.equal(ALL_CARDS.slice(0, 13));
  });

  it('takes a fixture card by card, normalising 10H and keeping exposed flags', () => {
    expect(
      fixtureShoe([
        { seq: 1, card: '10H' },
        { card: 'qs', exposed: true },
      ]),
    ).to.deep.equal([
      { card: 'TH', exposed: false },
      { card: 'QS', exposed: true },
    ]);
  });

  it('refuses a fixture with a bad card or out-of-order seq', () => {
    expect(() => fixtureShoe([{ card: 'ZZ' }])).to.throw(FixtureShoeError, /fixture card 1/);
    expect(() =>
      fixtureShoe([
        { seq: 1, card: 'AH' },
        { seq: 3, card: 'AH' },
      ]),
    ).to.throw(FixtureShoeError, /seq 3/);
  });

  it('reads the card lines of a shoe log and ignores the others', () => {
    const text = [
      '{"type":"shoe","table":"T1","shoe":"s1","cards":312,"rules":{}}',
      '{"type":"card","seq":1,"card":"QH"}',
      '{"type":"open"}',
      '{"type":"card","seq":2,"card":"10S","exposed":true}',
      '{"type":"void","seq":2,"reason":"floor"}',
      '',
    ].join('\n');
    expect(parseFixtureCards(text)).to.deep.equal([
      { seq: 1, card: 'QH', exposed: false },
      { seq: 2, card: '10S', exposed: true },
    ]);
    expect(() => parseFixtureCards('{"type":"card","card":"QH"}', 'f.jsonl')).to.throw(FixtureReadError, /f.jsonl:1/);
    expect(() => parseFixtureCards('not json', 'f.jsonl')).to.throw(FixtureReadError, /not JSON/);
  });
});
