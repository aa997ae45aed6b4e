/**
 * The chef asks a held suspension again, for another reason (docs/rules.md#held-end): a second request
 * while one is held is refused naming the first, unless asked `again` on purpose — then its reason stands in
 * the first's place and both stay in the record. An outside crew's chef found no way to ask it (outside crew pass 52, F4).
 */
import { expect } from 'chai';
import { replayShoe } from '../../shoe/replay.ts';
import { formatShoeLog, parseShoeLog } from '../../shoe/shoe-log.ts';
import { waitingCall as atWaitingCall } from './waiting-call.ts';

const AT = '2026-11-30T21:00:00.000Z';

const waitingCall = () => atWaitingCall(AT);

describe('a held suspension asked again', () => {
  it('is refused with SUSPENSION_PENDING when not asked again on purpose, and the first reason stands', () => {
    const { t, atTable, refusal } = waitingCall();
    atTable({ type: 'end', reason: 'suspended', note: 'marked cards' }, 'chef');
    expect(refusal({ type: 'end', reason: 'suspended', note: 'player upset' })).to.equal('SUSPENSION_PENDING');
    expect(t.state.held).to.include({ note: 'marked cards' });
  });

  it('holds the new reason in the first’s place, as a hold marked again by the chef who asked it', () => {
    const { t, atTable } = waitingCall();
    atTable({ type: 'end', reason: 'suspended', note: 'marked cards' }, 'chef');
    const events = atTable({ type: 'end', reason: 'suspended', note: 'player upset', again: true }, 'chef2');
    expect(events).to.deep.equal([{ type: 'hold', reason: 'suspended', note: 'player upset', again: true, at: AT, by: 'chef2' }]);
    expect(t.state.held).to.deep.include({ reason: 'suspended', note: 'player upset', by: 'chef2' });
    expect(t.log.filter((e) => e.type === 'hold').map((e) => e.note)).to.deep.equal(['marked cards', 'player upset']);
  });

  it('ends the shoe with the new reason once the call is confirmed', () => {
    const { atTable } = waitingCall();
    atTable({ type: 'end', reason: 'suspended', note: 'marked cards' }, 'chef');
    atTable({ type: 'end', reason: 'suspended', note: 'player upset', again: true }, 'chef2');
    const end = atTable({ type: 'confirm', coup: 1 }, 'tailleur').find((e) => e.type === 'end');
    expect(end).to.include({ reason: 'suspended', note: 'player upset', by: 'chef2' });
  });

  it('is a plain hold when nothing is held: again asks nothing more', () => {
    const { atTable } = waitingCall();
    const [hold] = atTable({ type: 'end', reason: 'suspended', note: 'marked cards', again: true }, 'chef');
    expect(hold).to.deep.equal({ type: 'hold', reason: 'suspended', note: 'marked cards', at: AT, by: 'chef' });
  });

  it('is refused over the shuffler’s held end: an empty shoe is not the chef’s to ask again', () => {
    const { t, atTable, refusal } = waitingCall();
    atTable({ type: 'end', reason: 'empty' }, 'shuffler');
    expect(refusal({ type: 'end', reason: 'suspended', note: 'marked cards', again: true })).to.equal('SUSPENSION_PENDING');
    expect(t.state.held).to.include({ reason: 'empty' });
  });

  it('reads back from the log as written and replays to the same held reason', () => {
    const { t, atTable } = waitingCall();
    atTable({ type: 'end', reason: 'suspended', note: 'marked cards' }, 'chef');
    atTable({ type: 'end', reason: 'suspended', note: 'player upset', again: true }, 'chef2');
    const text = formatShoeLog(t.log);
    expect(text).to.contain('"again":true');
    const { state, alerts } = replayShoe(parseShoeLog(text));
    expect(state.held).to.deep.include({ note: 'player upset', by: 'chef2' });
    expect(alerts.filter((a) => a.kind === 'rule-violation')).to.deep.equal([]);
  });

  it('reports a hold marked again with nothing held as a rule violation on replay', () => {
    const { t } = waitingCall();
    const forged = [...t.log, { type: 'hold', reason: 'suspended', note: 'x', again: true } as const];
    const { alerts } = replayShoe(forged);
    expect(alerts.filter((a) => a.kind === 'rule-violation').map((a) => a.params?.code ?? a.code)).to.deep.equal(['NOTHING_HELD']);
  });
});
