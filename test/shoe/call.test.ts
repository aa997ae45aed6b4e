import { expect } from 'chai';
import { announceTotal, callPhrase, coupResult, couleurResult } from '../../shoe/call.ts';
import { Harness, ROWS } from './table-harness.ts';

// docs/rules.md#the-call
describe('the call', () => {
  it('announces a row by its units only: 31 "Un" … 39 "Neuf", 40 "Quarante"', () => {
    expect([31, 32, 33, 34, 35, 36, 37, 38, 39, 40].map(announceTotal)).to.deep.equal([
      'Un',
      'Deux',
      'Trois',
      'Quatre',
      'Cinq',
      'Six',
      'Sept',
      'Huit',
      'Neuf',
      'Quarante',
    ]);
    expect(() => announceTotal(30)).to.throw(RangeError);
  });

  it('gives the coup to the lower row', () => {
    expect(coupResult(37, 32)).to.equal('rouge');
    expect(coupResult(31, 37)).to.equal('noir');
  });

  it('calls equal totals an après, and 31–31 the 31 après', () => {
    expect(coupResult(32, 32)).to.equal('apres');
    expect(coupResult(40, 40)).to.equal('apres');
    expect(coupResult(31, 31)).to.equal('apres31');
  });

  it('makes Couleur win when the first Noir card has the colour of the winning row', () => {
    expect(couleurResult('noir', 'black')).to.equal('couleur');
    expect(couleurResult('noir', 'red')).to.equal('inverse');
    expect(couleurResult('rouge', 'red')).to.equal('couleur');
    expect(couleurResult('rouge', 'black')).to.equal('inverse');
    expect(couleurResult('apres', 'red')).to.equal(null);
  });

  describe('the worked examples of the rules text, dealt card by card', () => {
    const cases: [string, readonly string[], readonly string[], number, number, string][] = [
      ['37/32, ten of hearts first', ROWS.r37, ROWS.r32, 37, 32, 'Rouge gagne et couleur'],
      ['35/31, black first', ROWS.b35, ROWS.r31, 35, 31, 'Rouge gagne, la couleur perd'],
      ['31/37, black first', ROWS.b31, ROWS.r37, 31, 37, 'Rouge perd, la couleur gagne'],
      ['32/38, red first', ROWS.r32, ROWS.r38, 32, 38, 'Rouge perd et couleur'],
      ['32/32', ROWS.b32, ROWS.r32, 32, 32, 'Deux après'],
      ['31/31', ROWS.r31, ROWS.b31, 31, 31, 'Un après'],
    ];
    for (const [name, noir, rouge, n, r, call] of cases) {
      it(`calls ${name} "${call}"`, () => {
        const t = new Harness().burn();
        const coup = t.coup(noir, rouge);
        expect([coup.noir.total, coup.rouge.total, coup.call]).to.deep.equal([n, r, call]);
        expect(coup.noir.cards.map((c) => c.card)).to.deep.equal([...noir]);
        expect(callPhrase(n, r, coup.noir.cards[0]!.card.endsWith('H') || coup.noir.cards[0]!.card.endsWith('D') ? 'red' : 'black')).to.equal(call);
      });
    }
  });

  it("pairs Rouge with Inverse on a black first card and with Couleur on a red one (the payeur's shortcut)", () => {
    for (const [noir, rouge] of [
      [ROWS.b36, ROWS.r32],
      [ROWS.b31, ROWS.r37],
      [ROWS.r37, ROWS.r32],
      [ROWS.r32, ROWS.r38],
    ] as const) {
      const coup = new Harness().burn().coup(noir, rouge);
      const rougeWins = coup.result === 'rouge';
      const couleurWins = coup.couleur === 'couleur';
      const blackFirst = noir === ROWS.b36 || noir === ROWS.b31;
      expect(rougeWins === couleurWins, `${coup.call}`).to.equal(!blackFirst);
    }
  });
});
