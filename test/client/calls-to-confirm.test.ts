/**
 * A disputed call waits for the chef's ruling, not for the tailleur's
 * confirmation. An outsider playing the crew saw the floor room's table card
 * show the blue "call to confirm" pill beside the red dispute pill for the
 * same call; the tailleur's screen counted it among the calls to confirm.
 * The views are the real rules' (shoe/table-view.ts).
 */
import { expect } from 'chai';
import { callsToConfirm, callToConfirm } from '../../client/calls-to-confirm.ts';
import { tableView } from '../../shoe/table-view.ts';
import { Harness, ROWS } from '../shoe/table-harness.ts';

describe('the calls the crew’s screens show as to confirm', () => {
  it('shows a call to confirm until it is disputed, then none', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    t.coup(ROWS.r37, ROWS.r32);
    expect(callToConfirm(tableView(t.state))).to.equal(1);
    expect(callsToConfirm(tableView(t.state))).to.equal(1);
    t.do({ type: 'dispute', coup: 1, announced: 'Rouge perd' });
    const view = tableView(t.state);
    expect(view.disputes.map((d) => d.coup)).to.deep.equal([1]);
    expect(callToConfirm(view)).to.equal(null);
    expect(callsToConfirm(view)).to.equal(0);
  });

  it('still shows the other call to confirm while one is disputed', () => {
    const t = new Harness().burn().open();
    t.coup(ROWS.r37, ROWS.r32);
    t.coup(ROWS.b36, ROWS.r38);
    expect(callsToConfirm(tableView(t.state))).to.equal(2);
    t.do({ type: 'dispute', coup: 1, announced: 'Rouge perd' });
    expect(callToConfirm(tableView(t.state))).to.equal(2);
    expect(callsToConfirm(tableView(t.state))).to.equal(1);
    t.do({ type: 'dispute', coup: 2, announced: 'Rouge perd' });
    expect(callToConfirm(tableView(t.state))).to.equal(null);
    expect(callsToConfirm(tableView(t.state))).to.equal(0);
  });

  it('shows none on a table without a view', () => {
    expect(callToConfirm(null)).to.equal(null);
    expect(callsToConfirm(undefined)).to.equal(0);
  });
});
