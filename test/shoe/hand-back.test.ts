/**
 * The hand-back rule, pure (shoe/hand-back.ts, docs/shoe-log.md#handed-back):
 * an ended shoe's entry is listed until a `handed-back` event of the shoe in
 * play names it; the event changes nothing of the game.
 */
import { expect } from 'chai';
import { check } from '../../shoe/check.ts';
import { evolve } from '../../shoe/evolve.ts';
import { type HandBack, pendingHandBacks } from '../../shoe/hand-back.ts';
import { replayShoe } from '../../shoe/replay.ts';
import { VENICE_RULES } from '../../shoe/rules.ts';

const entry: HandBack = { shoe: 'T1-old', how: 'suspended', coup: 3, rows: [{ player: 's1', chance: 'rouge', amount: 10_000 }] };
const started = replayShoe([{ type: 'shoe', table: 'T1', shoe: 'T1-new', cards: 312, rules: VENICE_RULES }]).state;

describe('stakes to hand back (the rule)', () => {
  it('lists an ended shoe until a handed-back event names it', () => {
    expect(pendingHandBacks([entry, null], started.handedBack)).to.deep.equal([entry]);
    const marked = evolve(started, { type: 'handed-back', shoe: 'T1-old', rows: entry.rows, by: 'payeur' });
    expect(pendingHandBacks([entry], marked.handedBack)).to.deep.equal([]);
    expect(marked.phase).to.equal(started.phase);
    expect(marked.burnLeft).to.equal(started.burnLeft);
  });

  it('refuses a second mark of the same shoe, and a mark naming the shoe itself', () => {
    const marked = evolve(started, { type: 'handed-back', shoe: 'T1-old' });
    expect(() => check(marked, { type: 'handed-back', shoe: 'T1-old' }))
      .to.throw()
      .with.property('code', 'ALREADY_HANDED_BACK');
    expect(() => check(started, { type: 'handed-back', shoe: 'T1-new' }))
      .to.throw()
      .with.property('code', 'INVALID_EVENT');
    expect(() => check(started, { type: 'handed-back', shoe: 'T1-old' })).to.not.throw();
  });
});
