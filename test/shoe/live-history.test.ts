import { expect } from 'chai';
import { tableView } from '../../shoe/table-view.ts';
import { Harness, ROWS } from './table-harness.ts';

describe('what the live view tells the crew beside the coup in play', () => {
  it('marks a settlement provisional until the call is confirmed, then payable', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    t.coup(ROWS.r37, ROWS.r32);
    expect(tableView(t.state).coup!.standing).to.equal('provisional');
    t.do({ type: 'confirm', coup: 1 });
    expect(tableView(t.state).coup!.standing).to.equal('payable');
  });

  it('marks a disputed coup as not payable until the chef rules, and annulled when he annuls it', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    t.coup(ROWS.r37, ROWS.r32);
    t.do({ type: 'dispute', coup: 1, announced: 'Rouge perd' });
    expect(tableView(t.state).coup!.standing).to.equal('disputed');
    t.do({ type: 'resolve', coup: 1, ruling: 'annul', reason: 'misdeal' });
    expect(tableView(t.state).coup!.standing).to.equal('annulled');
  });

  it('offers the chef the annulment only before the next card', () => {
    const t = new Harness().burn().open();
    t.coup(ROWS.r37, ROWS.r32);
    t.do({ type: 'dispute', coup: 1, announced: 'Rouge perd' });
    expect(tableView(t.state).disputes[0]!.rulings).to.deep.equal(['cards', 'annul']);
    t.card('KS');
    expect(tableView(t.state).disputes[0]!.rulings).to.deep.equal(['cards']);
  });

  it('counts the calls waiting, for the tailleur and for the chef', () => {
    const t = new Harness().burn().open();
    t.coup(ROWS.r37, ROWS.r32);
    t.coup(ROWS.b36, ROWS.r38);
    expect(tableView(t.state).pendingCalls).to.equal(2);
    t.do({ type: 'dispute', coup: 1, announced: 'Rouge perd' });
    expect(tableView(t.state).pendingCalls).to.equal(2);
    t.do({ type: 'confirm', coup: 2 });
    expect(tableView(t.state).pendingCalls).to.equal(1);
  });

  it("keeps each seat's result over the shoe, the unconfirmed part apart", () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000).bet('s2', 'noir', 3000);
    t.play(ROWS.r37, ROWS.r32); // Rouge wins
    t.open().bet('s1', 'noir', 500);
    t.coup(ROWS.b36, ROWS.r38); // Noir wins, not confirmed
    const { balances } = tableView(t.state);
    expect(balances).to.deep.equal([
      { player: 's1', net: 1000, provisional: 500 },
      { player: 's2', net: -3000, provisional: 0 },
    ]);
  });

  // +75,00 read as a win of this shoe, though it was the stake the shoe before had counted gone to prison (outside crew pass 51)
  it('says the part of a seat’s result that is its prison stake carried from the shoe before, come back', () => {
    const t = new Harness({}, [
      { player: 's5', chance: 'rouge', amount: 7_500, level: 1 },
      { player: 's4', chance: 'inverse', amount: 25_000, level: 1 },
    ])
      .burn()
      .open()
      .bet('s5', 'noir', 1_000);
    t.play(ROWS.r37, ROWS.r32); // Rouge wins: s5's Rouge released, s4's Inverse lost from prison, s5's Noir lost
    expect(tableView(t.state).balances).to.deep.equal([
      { player: 's4', net: 0, provisional: 0 },
      { player: 's5', net: 6_500, provisional: 0, fromShoeBefore: 7_500 },
    ]);
  });

  it('lists the last coups completed, newest first, with their settlements', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    t.play(ROWS.r37, ROWS.r32);
    t.open();
    t.play(ROWS.b36, ROWS.r38);
    t.open();
    t.card('KS'); // coup 3 is being dealt: not in the history yet
    const { recent } = tableView(t.state);
    expect(recent.map((c) => c.coup)).to.deep.equal([2, 1]);
    expect(recent[1]!.settlement[0]).to.include({ player: 's1', outcome: 'win', paid: 1000 });
  });

  it('adds up the stakes per chance and counts the prison choices waiting', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000).bet('s2', 'rouge', 2500).bet('s3', 'inverse', 700);
    expect(tableView(t.state).stakeTotals).to.deep.equal({ rouge: 3500, noir: 0, couleur: 0, inverse: 700 });
    t.play(ROWS.r31, ROWS.b31);
    expect(tableView(t.state).prisonChoices).to.equal(3); // a 31 après imprisons every chance's stakes
    t.do({ type: 'choice', player: 's1', chance: 'rouge', action: 'leave' });
    expect(tableView(t.state).prisonChoices).to.equal(2);
  });
});
