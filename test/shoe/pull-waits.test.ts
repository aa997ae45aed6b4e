/**
 * What the next card waits for between coups (shoe/pull.ts `pullWaits`), the
 * one reading the demo's pull refusal and the tailleur's disabled button share.
 */
import { expect } from 'chai';
import { pullWaits } from '../../shoe/pull.ts';
import { tableView } from '../../shoe/table-view.ts';
import { Harness, ROWS } from './table-harness.ts';

describe('what the next card waits for between coups', () => {
  it('waits for nothing while burning, with the bets open, or while a coup is dealt', () => {
    const t = new Harness();
    expect(t.state.phase).to.equal('burning');
    expect(pullWaits(t.state)).to.equal(null);
    t.burn().open();
    expect(pullWaits(t.state)).to.equal(null);
    t.card(ROWS.r37[0]!);
    expect(pullWaits(t.state)).to.equal(null);
  });

  it("waits for the call to be confirmed, then for the bets to open ('faites vos jeux' before the first card)", () => {
    const t = new Harness().burn().open();
    t.coup(ROWS.r37, ROWS.r32);
    expect(pullWaits(t.state)).to.deep.equal({ code: 'CONFIRM_FIRST', coup: 1 });
    expect(tableView(t.state).pullWaits).to.deep.equal({ code: 'CONFIRM_FIRST', coup: 1 });
    t.do({ type: 'confirm', coup: 1 });
    expect(pullWaits(t.state)).to.deep.equal({ code: 'BETS_NOT_OPEN' });
    t.open();
    expect(pullWaits(t.state)).to.equal(null);
  });

  it('waits for nothing once the shoe has ended: that is another refusal (start a new shoe)', () => {
    const t = new Harness().burn();
    t.do({ type: 'end', reason: 'suspended', note: 'door' });
    expect(pullWaits(t.state)).to.equal(null);
  });
});
