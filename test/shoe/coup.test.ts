import { expect } from 'chai';
import { addPoints, EMPTY_TALLY, isComplete, nextRow, noirTotal, rougeTotal } from '../../shoe/coup.ts';
import { Harness, ROWS } from './table-harness.ts';

// docs/rules.md#dealing-the-rows
describe('dealing the rows', () => {
  it('deals into Noir until it passes 30, then into Rouge', () => {
    let t = EMPTY_TALLY;
    for (const p of [10, 10, 10]) t = addPoints(t, p);
    expect([noirTotal(t), nextRow(t)]).to.deep.equal([30, 'noir']);
    t = addPoints(t, 1);
    expect([noirTotal(t), nextRow(t), isComplete(t)]).to.deep.equal([31, 'rouge', false]);
    for (const p of [9, 9, 9, 3]) t = addPoints(t, p);
    expect([rougeTotal(t), isComplete(t)]).to.deep.equal([30, false]);
    t = addPoints(t, 10);
    expect([rougeTotal(t), isComplete(t)]).to.deep.equal([40, true]);
  });

  it('places each card of the table in the row it falls in, in draw order', () => {
    const t = new Harness().burn();
    t.cards(['9S', '9C', '9H', '3D']);
    expect(t.state.coups[0]!.noir.total).to.equal(30);
    t.card('TD');
    expect(t.state.coups[0]!.noir.total).to.equal(40);
    t.card('AH');
    const c = t.state.coups[0]!;
    expect(c.rouge.cards.map((x) => x.card)).to.deep.equal(['AH']);
    expect(t.state.cards.filter((x) => x.status === 'play').map((x) => x.row)).to.deep.equal(['noir', 'noir', 'noir', 'noir', 'noir', 'rouge']);
  });

  it('completes a coup only with its last card and then starts the next coup with the next card', () => {
    const t = new Harness().burn();
    t.cards([...ROWS.r37, ...ROWS.r32.slice(0, 3)]);
    expect(t.state.coups[0]!.status).to.equal('dealing');
    t.card(ROWS.r32[3]!);
    expect(t.state.coups[0]!.status).to.equal('awaiting-confirm');
    t.do({ type: 'confirm', coup: 1 });
    t.card('5H');
    expect(t.state.coups).to.have.length(2);
    expect(t.state.coups[1]!.noir.cards.map((c) => c.card)).to.deep.equal(['5H']);
  });
});
