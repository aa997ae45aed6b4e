import { expect } from 'chai';
import { tableView } from '../../shoe/table-view.ts';
import { Harness, ROWS } from './table-harness.ts';

// docs/rules.md#dispute-ruled-alert
describe('active alerts: a ruled dispute leaves them', () => {
  const disputeAlerts = (t: Harness) =>
    tableView(t.state)
      .alerts.filter((a) => a.kind === 'dispute')
      .map((a) => a.coup);

  it('shows the dispute while it waits for the chef, and not once he has ruled that the cards stand', () => {
    const t = new Harness().burn();
    t.coup(ROWS.r37, ROWS.r32);
    t.do({ type: 'dispute', coup: 1, announced: 'Rouge perd et couleur' });
    expect(disputeAlerts(t)).to.deep.equal([1]);
    t.do({ type: 'resolve', coup: 1, ruling: 'cards', reason: 'the rows read 37 and 32' }, 'chef1');
    expect(disputeAlerts(t)).to.deep.equal([]);
    // kept for the audit: in the shoe's alerts, and on the coup with its ruling
    expect(t.state.alerts.last(30).some((a) => a.kind === 'dispute' && a.coup === 1)).to.equal(true);
    const coup = tableView(t.state).recent.find((c) => c.coup === 1)!;
    expect(coup.dispute).to.include({ announced: 'Rouge perd et couleur' });
    expect(coup.resolution).to.include({ ruling: 'cards', by: 'chef1' });
  });

  it('drops an annulled dispute too, keeps one still open, and still shows as many alerts as the limit allows', () => {
    const t = new Harness().burn();
    t.coup(ROWS.r37, ROWS.r32);
    t.do({ type: 'dispute', coup: 1, announced: 'Rouge perd et couleur' });
    t.do({ type: 'resolve', coup: 1, ruling: 'annul', reason: 'cards misplaced' }, 'chef1');
    t.open();
    t.coup(ROWS.r37, ROWS.r32);
    t.do({ type: 'dispute', coup: 2, announced: 'Rouge perd et couleur' });
    expect(disputeAlerts(t)).to.deep.equal([2]);
    const all = t.state.alerts.last(100).filter((a) => !(a.kind === 'dispute' && a.coup === 1));
    expect(tableView(t.state, 1).alerts).to.deep.equal(all.slice(-1));
    expect(tableView(t.state, 100).alerts).to.deep.equal(all);
  });
});
