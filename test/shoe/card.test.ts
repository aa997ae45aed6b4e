import { expect } from 'chai';
import { ALL_CARDS, cardColour, cardName, cardPoints, InvalidCardError, parseCard } from '../../shoe/card.ts';

// docs/rules.md#cards-and-shoe
describe('cards', () => {
  it('knows the 52 cards of a deck', () => {
    expect(ALL_CARDS).to.have.length(52);
    expect(new Set(ALL_CARDS).size).to.equal(52);
  });

  it('counts an ace 1, two to ten their face value, and jack, queen and king 10', () => {
    expect(['AH', '2C', '9D', 'TS', 'JH', 'QC', 'KD'].map((c) => cardPoints(parseCard(c)))).to.deep.equal([1, 2, 9, 10, 10, 10, 10]);
  });

  it('makes hearts and diamonds red, clubs and spades black', () => {
    expect(['QH', 'QD', 'QC', 'QS'].map((c) => cardColour(parseCard(c)))).to.deep.equal(['red', 'red', 'black', 'black']);
  });

  it('accepts 10H for the ten of hearts and lower case, and writes TH', () => {
    expect(parseCard('10H')).to.equal('TH');
    expect(parseCard(' qs ')).to.equal('QS');
    expect(cardName('TH')).to.equal('ten of hearts');
  });

  it('refuses what is not a card, saying how to write one', () => {
    for (const bad of ['', '1H', '11S', 'ZZ', 'QX', 'T', 'THH']) {
      expect(() => parseCard(bad), bad).to.throw(InvalidCardError, /rank/);
    }
  });
});
