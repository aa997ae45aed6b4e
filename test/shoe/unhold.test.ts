/**
 * The chef de table withdraws a held suspension (docs/rules.md#held-end): a chef
 * who asked by mistake, or whose reason went away, takes the request back; the
 * call's settlement then no longer ends the shoe. Only the chef's suspension can
 * be withdrawn — an empty shuffler stays empty — and nothing once the shoe ended.
 */
import { expect } from 'chai';
import { waitingCall as atWaitingCall } from './waiting-call.ts';

const AT = '2026-11-27T14:00:00.000Z';

const waitingCall = () => atWaitingCall(AT);

describe('withdrawing a held suspension', () => {
  it('is accepted while the chef’s suspension is held: an unhold event by the chef, and nothing held any more', () => {
    const { t, atTable } = waitingCall();
    atTable({ type: 'end', reason: 'suspended', note: 'marked cards' }, 'chef');
    const events = atTable({ type: 'unhold', note: 'the inspector came' }, 'chef');
    expect(events).to.deep.equal([{ type: 'unhold', note: 'the inspector came', at: AT, by: 'chef' }]);
    expect(t.state.held).to.equal(null);
    expect(t.state.end).to.equal(null);
  });

  it('leaves an alert among the table’s alerts naming who asked it, why, and who withdrew it (outsider pass 20, F7)', () => {
    const { t, atTable } = waitingCall();
    atTable({ type: 'end', reason: 'suspended', note: 'marked cards' }, 'chef');
    atTable({ type: 'unhold', note: 'the inspector came' }, 'chef2');
    const last = t.state.alerts.last(1)[0];
    expect(last).to.deep.include({
      kind: 'unheld',
      coup: 1,
      at: AT,
      params: { by: 'chef2', note: 'the inspector came', asked: 'chef', reason: 'marked cards', askedAt: AT },
    });
    expect(last?.message).to.equal('suspension asked by chef (marked cards) withdrawn by chef2: the inspector came');
  });

  it('lets the call’s confirmation go on with the shoe: no end, and the bets open again', () => {
    const { t, atTable } = waitingCall();
    atTable({ type: 'end', reason: 'suspended', note: 'marked cards' }, 'chef');
    atTable({ type: 'unhold' }, 'chef');
    expect(atTable({ type: 'confirm', coup: 1 }, 'tailleur').map((e) => e.type)).to.deep.equal(['confirm']);
    expect(t.state.phase).to.not.equal('ended');
    atTable({ type: 'open' }, 'tailleur');
    expect(t.state.phase).to.equal('open');
  });

  it('lets the chef ask for a suspension again, which is held once more', () => {
    const { t, atTable } = waitingCall();
    atTable({ type: 'end', reason: 'suspended', note: 'marked cards' }, 'chef');
    atTable({ type: 'unhold' }, 'chef');
    expect(atTable({ type: 'end', reason: 'suspended', note: 'player upset' }, 'chef').map((e) => e.type)).to.deep.equal(['hold']);
    expect(t.state.held).to.include({ reason: 'suspended', note: 'player upset', by: 'chef' });
  });

  it('is refused with NOTHING_HELD when no suspension is held', () => {
    const { t, refusal } = waitingCall();
    expect(refusal({ type: 'unhold' })).to.equal('NOTHING_HELD');
    expect(t.state.held).to.equal(null);
  });

  it('is refused with EMPTY_HELD when the end held is the shuffler’s: the shoe is empty', () => {
    const { t, atTable, refusal } = waitingCall();
    atTable({ type: 'end', reason: 'empty' }, 'shuffler');
    expect(refusal({ type: 'unhold' })).to.equal('EMPTY_HELD');
    expect(t.state.held).to.include({ reason: 'empty' });
  });

  it('is refused with SHOE_ENDED once the held suspension took effect', () => {
    const { t, atTable, refusal } = waitingCall();
    atTable({ type: 'end', reason: 'suspended', note: 'marked cards' }, 'chef');
    atTable({ type: 'confirm', coup: 1 }, 'tailleur');
    expect(t.state.phase).to.equal('ended');
    expect(refusal({ type: 'unhold' })).to.equal('SHOE_ENDED');
  });

  it('leaves the shuffler’s EMPTY, taken behind the suspension, held in its place: the shoe still ends, as empty', () => {
    const { t, atTable } = waitingCall();
    atTable({ type: 'end', reason: 'suspended', note: 'marked cards' }, 'chef');
    expect(atTable({ type: 'end', reason: 'empty' }, 'shuffler')).to.deep.equal([]);
    const events = atTable({ type: 'unhold' }, 'chef');
    expect(events.map((e) => [e.type, e.by])).to.deep.equal([
      ['unhold', 'chef'],
      ['hold', 'shuffler'],
    ]);
    expect(t.state.held).to.include({ reason: 'empty', by: 'shuffler' });
    const [, end] = atTable({ type: 'confirm', coup: 1 }, 'tailleur');
    expect(end).to.include({ type: 'end', reason: 'empty', by: 'shuffler' });
  });

  it('still ends the shoe as the chef asked when the shuffler’s EMPTY came behind a suspension never withdrawn', () => {
    const { atTable } = waitingCall();
    atTable({ type: 'end', reason: 'suspended', note: 'marked cards' }, 'chef');
    atTable({ type: 'end', reason: 'empty' }, 'shuffler');
    const [, end] = atTable({ type: 'confirm', coup: 1 }, 'tailleur');
    expect(end).to.include({ type: 'end', reason: 'suspended', note: 'marked cards', by: 'chef' });
  });
});
