/**
 * On an après a free stake stands and a prison stake stays in prison: both
 * settle as `push` rows, told apart by their level (client/outcome-label.ts).
 * An outsider saw a seat's free and imprisoned stakes on one chance both read
 * "stands". The rows are the real rules' (shoe/settlement.ts).
 */
import { expect } from 'chai';
import { outcomeLabel } from '../../client/outcome-label.ts';
import { Harness, ROWS } from '../shoe/table-harness.ts';
import { inLanguage } from './support/in-language.ts';

describe('a settlement row’s outcome in words', () => {
  it('says a prison stake on an après stays in prison at its level, a free stake beside it stands', () => {
    const t = new Harness().burn().open().bet('s3', 'couleur', 20_000);
    expect(t.play(ROWS.r31, ROWS.b31).result).to.equal('apres31');
    t.open().bet('s3', 'couleur', 10_000);
    const apres = t.play(ROWS.r32, ROWS.b32);
    const rows = inLanguage('en', () => apres.settlement.filter((r) => r.player === 's3').map((r) => [r.amount, r.outcome, r.level, outcomeLabel(r)]));
    expect(rows).to.have.deep.members([
      [10_000, 'push', 0, 'stands'],
      [20_000, 'push', 1, 'stays in prison (level 1)'],
    ]);
    expect(inLanguage('it', () => apres.settlement.map(outcomeLabel))).to.have.members(['resta', 'resta in prigione (livello 1)']);
  });
});
