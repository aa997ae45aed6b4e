/**
 * The new shoe's notice says how the shoe before it ended, with the reason it
 * was suspended (client/new-shoe-notice.ts). An outsider restarted the server
 * mid-shoe (a RESTART fault), the chef later suspended the shoe with his
 * reason, and every screen announced the next shoe as suspended because the
 * server had restarted. The views are the real rules' (shoe/table-view.ts).
 */
import { expect } from 'chai';
import { newShoeNotice } from '../../client/new-shoe-notice.ts';
import { tableView } from '../../shoe/table-view.ts';
import type { TableView } from '../../shoe/table-view.ts';
import { Harness } from '../shoe/table-harness.ts';

const RESTART = { type: 'fault', code: 'RESTART', text: 'the table server started again with this shoe in play: it resumes after card 5' } as const;

/** The next shoe's view, as the table shows it once started (a harness's shoe, under another id). */
function nextShoe(): TableView {
  return { ...tableView(new Harness().state), shoe: 'test-shoe-2' };
}

describe('the new shoe’s notice: how the shoe before it ended', () => {
  it('gives the chef’s reason for a suspension, not a fault recorded before it', () => {
    const t = new Harness().burn();
    t.do(RESTART, 'system');
    t.do({ type: 'end', reason: 'suspended', note: 'terza richiesta' }, 'chef');
    const notice = newShoeNotice(tableView(t.state), nextShoe());
    expect(notice.params).to.include({ how: 'suspended', note: 'terza richiesta' });
    expect(notice.cause).to.equal(undefined);
    expect(notice.message).to.match(/was suspended: terza richiesta$/);
  });

  it('names the shuffler’s reload as the cause when the reload suspended the shoe', () => {
    const t = new Harness().burn();
    t.do(RESTART, 'system');
    t.do({ type: 'reload', serial: 'SIM-9' }, 'system');
    const notice = newShoeNotice(tableView(t.state), nextShoe());
    expect(notice.params).to.include({ how: 'suspended' });
    expect(notice.cause).to.include({ kind: 'fault', code: 'RELOAD' });
  });

  it('says a shoe that ran out ended with no cards left, and gives no cause', () => {
    const t = new Harness().burn();
    t.do(RESTART, 'system');
    t.do({ type: 'end', reason: 'empty' }, 'system');
    const notice = newShoeNotice(tableView(t.state), nextShoe());
    expect(notice.params).to.include({ how: 'empty' });
    expect(notice.cause).to.equal(undefined);
  });
});
