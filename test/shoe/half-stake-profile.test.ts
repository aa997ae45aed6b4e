/** The house-rule variant without prison: a 31 après costs half the stake at once. */
import { expect } from 'chai';
import { check } from '../../shoe/check.ts';
import { RuleError } from '../../shoe/errors.ts';
import { VENICE_RULES } from '../../shoe/rules.ts';
import { parseShoeLog } from '../../shoe/shoe-log.ts';
import { INITIAL_STATE } from '../../shoe/state.ts';
import { Harness, ROWS } from './table-harness.ts';

describe('31 après under the half-stake profile (apres31: "half")', () => {
  it('takes half of every free stake at once, the bank keeping an odd cent, and imprisons nothing', () => {
    const t = new Harness({ apres31: 'half' }).burn().open().bet('s1', 'rouge', 1001).bet('s2', 'couleur', 600_000);
    const coup = t.play(ROWS.r31, ROWS.b31);
    expect(coup.settlement.map((r) => [r.player, r.outcome, r.returned, r.collected, r.net])).to.deep.equal([
      ['s1', 'partager', 500, 501, -501],
      ['s2', 'partager', 100_000 + 250_000, 250_000, -250_000],
    ]);
    expect(t.state.prison).to.deep.equal([]);
    expect(t.refused({ type: 'choice', player: 's1', chance: 'rouge', action: 'partager' })).to.equal('NO_PRISON_STAKE');
  });

  it('still lets an insured stake push, the premium kept', () => {
    const t = new Harness({ apres31: 'half' }).burn().open().bet('s1', 'rouge', 10_000, true);
    expect(t.play(ROWS.r31, ROWS.b31).settlement[0]).to.include({ outcome: 'push', premium: 100, net: -100 });
  });

  it("keeps Venice's prison when the setting is absent (logs written before it)", () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    expect(t.play(ROWS.r31, ROWS.b31).settlement[0]).to.include({ outcome: 'prison', level: 1 });
  });

  it('refuses an unknown 31 après rule on the shoe line and in a shoe log', () => {
    const shoe = { type: 'shoe' as const, table: 'T1', shoe: 's', cards: 312, rules: { ...VENICE_RULES, apres31: 'quarter' as 'half' } };
    expect(() => check(INITIAL_STATE, shoe)).to.throw(RuleError, /apres31 must be "prison" or "half"/);
    expect(() => parseShoeLog(JSON.stringify(shoe))).to.throw(/line 1: "rules.apres31" must be "prison" or "half"/);
  });
});
