/**
 * The hand-back rule, pure (shoe/hand-back.ts, docs/shoe-log.md#handed-back):
 * an ended shoe's entry is listed until a `handed-back` event of the shoe in
 * play names it; the event changes nothing of the game.
 */
import { expect } from 'chai';
import { check } from '../../shoe/check.ts';
import { evolve } from '../../shoe/evolve.ts';
import { type HandBack, handBackOf, pendingHandBacks } from '../../shoe/hand-back.ts';
import { tableView } from '../../shoe/table-view.ts';
import { Harness, ROWS } from './table-harness.ts';
import { replayShoe } from '../../shoe/replay.ts';
import { VENICE_RULES } from '../../shoe/rules.ts';

const entry: HandBack = { shoe: 'T1-old', how: 'suspended', coup: 3, rows: [{ player: 's1', chance: 'rouge', amount: 10_000, from: 'coup' }] };
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

  it('says which rows were on the coup the end cut short and which are prison stakes released with the shoe', () => {
    const t = new Harness().burn().open().bet('s6', 'noir', 3_000);
    expect(t.play(ROWS.r31, ROWS.b31).result).to.equal('apres31');
    t.open().bet('s6', 'noir', 3_000).bet('s8', 'rouge', 2_000);
    t.card('KD'); // coup 2 is being dealt when the shoe runs out
    t.do({ type: 'end', reason: 'empty' }, 'system');
    const back = handBackOf(tableView(t.state, Number.POSITIVE_INFINITY));
    expect(back?.coup).to.equal(2);
    expect(back?.rows.map((r) => [r.player, r.chance, r.amount, r.from])).to.deep.equal([
      ['s6', 'noir', 3_000, 'coup'],
      ['s8', 'rouge', 2_000, 'coup'],
      ['s6', 'noir', 3_000, 'prison'],
    ]);
  });

  it('names an insured stake of the coup cut short with the premium to give back if it was taken', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 40_000, true).bet('s2', 'noir', 3_000);
    t.card('KD');
    t.do({ type: 'end', reason: 'suspended', note: 'marked card' }, 'chef');
    const back = handBackOf(tableView(t.state, Number.POSITIVE_INFINITY));
    expect(back?.rows).to.deep.equal([
      { player: 's1', chance: 'rouge', amount: 40_000, insured: true, premium: 400, from: 'coup' },
      { player: 's2', chance: 'noir', amount: 3_000, from: 'coup' },
    ]);
  });

  it('hands back the stakes an après left on the layout when the shoe ends before the next coup, from the layout', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1_000).bet('s2', 'noir', 2_000);
    expect(t.play(ROWS.r37, ['KC', 'JC', '7H', 'TD']).result).to.equal('apres');
    t.do({ type: 'end', reason: 'suspended', note: 'marked card' }, 'chef');
    const back = handBackOf(tableView(t.state, Number.POSITIVE_INFINITY));
    expect(back?.rows.map((r) => [r.player, r.chance, r.amount, r.from])).to.deep.equal([
      ['s1', 'rouge', 1_000, 'layout'],
      ['s2', 'noir', 2_000, 'layout'],
    ]);
  });

  it('hands back an insured stake a 31 après left standing when the shoe ends on its call, the others staying in prison', () => {
    // a held suspension taking effect on the 31 après's confirm: the insured stake was in no list (outsider pass 12)
    const t = new Harness().burn().open().bet('s1', 'rouge', 1_000).bet('s2', 'noir', 2_000, true);
    expect(t.play(ROWS.r31, ROWS.b31).result).to.equal('apres31');
    t.do({ type: 'end', reason: 'suspended', note: 'marked card' }, 'chef');
    expect(handBackOf(tableView(t.state, Number.POSITIVE_INFINITY))?.rows).to.deep.equal([{ player: 's2', chance: 'noir', amount: 2_000, from: 'layout' }]);
    expect(t.state.prison.map((p) => [p.player, p.chance, p.amount])).to.deep.equal([['s1', 'rouge', 1_000]]);
  });

  it('does not hand back an après’s stakes twice once the bets were opened again: they are the open coup’s carried stakes', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1_000);
    expect(t.play(ROWS.r37, ['KC', 'JC', '7H', 'TD']).result).to.equal('apres');
    t.open();
    t.do({ type: 'end', reason: 'suspended', note: 'marked card' }, 'chef');
    expect(handBackOf(tableView(t.state, Number.POSITIVE_INFINITY))?.rows).to.deep.equal([{ player: 's1', chance: 'rouge', amount: 1_000, from: 'layout' }]);
  });
});
