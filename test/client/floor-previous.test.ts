/**
 * How long the floor says a table's previous shoe was suspended
 * (client/floor-previous.ts), on the real rules' views (shoe/table-view.ts):
 * through the new shoe's first coup and ten minutes, not for the whole shoe
 * (an outsider saw the notice crowd a table's alerts for five minutes and
 * more of a new shoe, pass 8: once play resumed it is said after what is
 * going on now, client/floor-attention.ts).
 */
import { expect } from 'chai';
import { previousToSay } from '../../client/floor-previous.ts';
import type { PreviousShoe } from '../../server/http/contract.ts';
import { tableView } from '../../shoe/table-view.ts';
import { Harness, ROWS } from '../shoe/table-harness.ts';

const SUSPENDED: PreviousShoe = { shoe: 'shoe-001', how: 'suspended', note: 'player disputes', by: 'chef', at: '2026-11-27T07:00:00.000Z' };

describe('the floor’s notice of a suspended previous shoe', () => {
  it('is said while the new shoe burns and its first coup is dealt and waits for its call', () => {
    const t = new Harness().burn();
    expect(previousToSay({ previous: SUSPENDED, view: tableView(t.state) })).to.equal(SUSPENDED);
    t.open().bet('s1', 'rouge', 1000);
    t.coup(ROWS.r37, ROWS.r32);
    expect(previousToSay({ previous: SUSPENDED, view: tableView(t.state) }), 'the first call not confirmed yet').to.equal(SUSPENDED);
  });

  it('goes once the new shoe’s first coup is settled: play has resumed', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    t.coup(ROWS.r37, ROWS.r32);
    t.do({ type: 'confirm', coup: 1 });
    expect(previousToSay({ previous: SUSPENDED, view: tableView(t.state) })).to.equal(null);
  });

  // a suspension for marked cards went from the card after two minutes, while a 41 s blip stayed ten (outside floor pass 48, F1)
  it('stays ten minutes after the suspension however quickly the first coup is settled, as a spell over does', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    t.coup(ROWS.r37, ROWS.r32);
    t.do({ type: 'confirm', coup: 1 });
    const end = Date.parse(SUSPENDED.at!);
    expect(previousToSay({ previous: SUSPENDED, view: tableView(t.state) }, end + 30_000)).to.equal(SUSPENDED);
    expect(previousToSay({ previous: SUSPENDED, view: tableView(t.state) }, end + 150_000)).to.equal(SUSPENDED);
    expect(previousToSay({ previous: SUSPENDED, view: tableView(t.state) }, end + 599_000)).to.equal(SUSPENDED);
    expect(previousToSay({ previous: SUSPENDED, view: tableView(t.state) }, end + 601_000)).to.equal(null);
  });

  it('is never said for a shoe that ran out, and not without a previous shoe', () => {
    const view = tableView(new Harness().burn().state);
    expect(previousToSay({ previous: { shoe: 'shoe-001', how: 'empty' }, view })).to.equal(null);
    expect(previousToSay({ previous: null, view })).to.equal(null);
  });
});
