/**
 * A bet made over the stake the payeur saw (shoe/commands.ts `held`): refused
 * STAKE_CHANGED when that stake changed since, so one bet typed on two
 * terminals is not added twice (outside crew pass 50).
 */
import { expect } from 'chai';
import { Harness } from './table-harness.ts';

describe('a bet made over the stake the payeur saw', () => {
  const open = () => new Harness().burn().open();

  it('is placed when the stake is as seen, none or some', () => {
    const t = open();
    t.do({ type: 'bet', player: 's1', chance: 'rouge', amount: 10_000, held: 0 });
    t.do({ type: 'bet', player: 's1', chance: 'rouge', amount: 5_000, held: 10_000 });
    expect(t.state.stakes.map((s) => [s.player, s.amount])).to.deep.equal([['s1', 15_000]]);
    // the event is the bet as always, without what was seen
    expect(t.log.at(-1)).to.deep.include({ type: 'bet', player: 's1', chance: 'rouge', amount: 5_000 }).and.not.have.property('held');
  });

  it('is refused STAKE_CHANGED when the stake changed since, and changes nothing', () => {
    const t = open();
    t.do({ type: 'bet', player: 's1', chance: 'rouge', amount: 10_000, held: 0 });
    expect(t.refused({ type: 'bet', player: 's1', chance: 'rouge', amount: 10_000, held: 0 })).to.equal('STAKE_CHANGED');
    expect(t.refused({ type: 'bet', player: 's2', chance: 'noir', amount: 10_000, held: 5_000 })).to.equal('STAKE_CHANGED');
  });

  it('adds to whatever stands when nothing was said of it, as an old client’s bet did', () => {
    const t = open();
    t.do({ type: 'bet', player: 's1', chance: 'rouge', amount: 10_000 });
    t.do({ type: 'bet', player: 's1', chance: 'rouge', amount: 10_000 });
    expect(t.state.stakes[0]!.amount).to.equal(20_000);
  });
});
