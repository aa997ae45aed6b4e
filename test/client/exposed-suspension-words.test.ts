/**
 * The rules suspend a shoe at the third coup with an exposed card
 * (docs/rules.md), whatever the number of exposed cards: an outsider read
 * "one exposed card too many" where coup 1 had had two (pass 10).
 */
import { expect } from 'chai';
import { alertText } from '../../client/server-text.ts';
import { inLanguage } from './support/in-language.ts';

const SUSPENDED = {
  kind: 'suspended',
  message: 'coup 4 is the 3rd with an exposed card: the shoe is suspended and reshuffled',
  params: { coup: 4, n: 3 },
  coup: 4,
};

describe('the words of a shoe suspended by its exposed coups', () => {
  it('counts coups with an exposed card, not cards, in English and Italian', () => {
    expect(inLanguage('en', () => alertText(SUSPENDED))).to.equal('Coup 4 is coup number 3 with an exposed card: the shoe is suspended and reshuffled');
    expect(inLanguage('it', () => alertText(SUSPENDED))).to.equal('Il colpo 4 è il 3° con una carta scoperta: il sabot è sospeso e rimescolato');
  });
});
