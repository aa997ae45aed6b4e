import { expect } from 'chai';
import { reportOf } from '../../shoe/replay-report.ts';
import { Harness, ROWS } from './table-harness.ts';

/** Two 31 après in a row: s1's 100000 imprisoned at the first goes to level 2, the 30000 bet again enters at level 1. */
function twoStakesInPrison(): Harness {
  const t = new Harness().burn().open().bet('s1', 'rouge', 100_000);
  t.play(ROWS.r31, ROWS.b31);
  t.open().bet('s1', 'rouge', 30_000);
  t.play(ROWS.r31, ROWS.b31);
  return t;
}

// docs/rules.md#prison-stake-id
describe('prison stakes by name', () => {
  it('names each stake after the card that imprisoned it, its seat and chance, and keeps the name when it is deepened', () => {
    const t = twoStakesInPrison();
    const ids = t.state.prison.map((p) => [p.id, p.amount, p.level, p.choosable]);
    expect(ids).to.deep.equal([
      ['21-s1-rouge', 30_000, 1, true],
      ['13-s1-rouge', 100_000, 2, true],
    ]);
  });

  it('refuses a choice that does not name its stake when the seat has two there', () => {
    const t = twoStakesInPrison();
    expect(t.refused({ type: 'choice', player: 's1', chance: 'rouge', action: 'partager' })).to.equal('STAKE_NOT_NAMED');
  });

  it('splits only the stake named: partager on the 30000 leaves the 100000 at level 2', () => {
    const t = twoStakesInPrison();
    t.do({ type: 'choice', player: 's1', chance: 'rouge', action: 'partager', stake: '21-s1-rouge' });
    expect(t.state.prison.map((p) => [p.id, p.amount, p.level])).to.deep.equal([['13-s1-rouge', 100_000, 2]]);
    const rows = t.rowsOf(2, 's1').map((r) => [r.outcome, r.amount, r.returned, r.collected, r.level]);
    expect(rows).to.deep.equal([
      ['partager', 30_000, 15_000, 15_000, 0],
      ['prison', 100_000, 0, 0, 2],
    ]);
    expect(t.log.at(-1)).to.include({ type: 'choice', stake: '21-s1-rouge' });
  });

  it('moves only the stake named', () => {
    const t = twoStakesInPrison();
    t.do({ type: 'choice', player: 's1', chance: 'rouge', action: 'move', to: 'noir', stake: '13-s1-rouge' });
    expect(t.state.prison.map((p) => [p.id, p.chance, p.amount, p.level])).to.deep.equal([
      ['21-s1-rouge', 'rouge', 30_000, 1],
      ['13-s1-rouge', 'noir', 100_000, 2],
    ]);
  });

  it('refuses a name that is not that seat’s stake on that chance', () => {
    const t = twoStakesInPrison();
    expect(t.refused({ type: 'choice', player: 's1', chance: 'rouge', action: 'leave', stake: '99-s1-rouge' })).to.equal('NO_PRISON_STAKE');
    expect(t.refused({ type: 'choice', player: 's2', chance: 'rouge', action: 'leave', stake: '21-s1-rouge' })).to.equal('NO_PRISON_STAKE');
  });

  it('still takes a choice without a name when the seat has one stake there (old logs)', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    t.play(ROWS.r31, ROWS.b31);
    t.do({ type: 'choice', player: 's1', chance: 'rouge', action: 'partager' });
    expect(t.state.prison).to.deep.equal([]);
  });

  it('names carried stakes by their place on the first line', () => {
    const t = new Harness({}, [{ player: 's2', chance: 'noir', amount: 5000, level: 1 }]);
    expect(t.state.prison.map((p) => p.id)).to.deep.equal(['carried1-s2-noir']);
  });

  it('lists the ids in the replay report’s prison', () => {
    const t = twoStakesInPrison();
    expect(reportOf(t.state).prison.map((p) => p.id)).to.deep.equal(['21-s1-rouge', '13-s1-rouge']);
  });
});

// docs/rules.md#prison-choice: no money moves on a call that may still be annulled.
describe('prison choices wait for the call', () => {
  it('refuses a choice before the call is confirmed, and takes it after', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    t.coup(ROWS.r31, ROWS.b31);
    expect(t.refused({ type: 'choice', player: 's1', chance: 'rouge', action: 'partager' })).to.equal('CHOICE_BEFORE_CONFIRM');
    t.do({ type: 'confirm', coup: 1 });
    t.do({ type: 'choice', player: 's1', chance: 'rouge', action: 'partager' });
    expect(t.rowsOf(1, 's1')[0]).to.include({ outcome: 'partager' });
  });

  it('refuses a choice while the call is disputed, and takes it once the chef rules the cards stand', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    t.coup(ROWS.r31, ROWS.b31);
    t.do({ type: 'dispute', coup: 1, announced: 'rouge gagne' });
    expect(t.refused({ type: 'choice', player: 's1', chance: 'rouge', action: 'leave' })).to.equal('CHOICE_BEFORE_CONFIRM');
    t.do({ type: 'resolve', coup: 1, ruling: 'cards', reason: 'the cards say 31 après' });
    t.do({ type: 'choice', player: 's1', chance: 'rouge', action: 'leave' });
    expect(t.state.prison[0]).to.include({ chosen: 'leave', choosable: false });
  });
});
