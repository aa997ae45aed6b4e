/**
 * One banner for the table server's restarts (client/superseded-alerts.ts): each restart's "resumed after card N"
 * replaces the one before it, not yet acknowledged; other banners, and restarts of another shoe, stay.
 */
import { expect } from 'chai';
import type { NewAlert } from '../../client/live-store.ts';
import { withoutSuperseded } from '../../client/superseded-alerts.ts';

const restart = (seq: number, shoe = 's1'): NewAlert => ({
  key: `r${seq}${shoe}`,
  source: 'table',
  kind: 'fault',
  code: 'RESTART',
  message: `RESTART: resumes after card ${seq}`,
  shoe,
  params: { seq },
});
const unsealed: NewAlert = { key: 'u', source: 'table', kind: 'fault', code: 'UNSEALED', message: 'event 9 unsealed', shoe: 's1' };
const dispute: NewAlert = { key: 'd', source: 'table', kind: 'dispute', message: 'coup 2: announced "Rouge perd"', shoe: 's1', coup: 2 };

describe('banners a newer one makes old', () => {
  it('keeps only the newest restart banner of a shoe, in its place among the others', () => {
    const banners = [restart(12), dispute, restart(40), unsealed, restart(57)];
    expect(withoutSuperseded(banners).map((a) => a.key)).to.deep.equal(['d', 'u', 'r57s1']);
  });

  it('keeps a restart of another shoe beside this shoe’s', () => {
    expect(withoutSuperseded([restart(12, 'old'), restart(3)]).map((a) => a.key)).to.deep.equal(['r12old', 'r3s1']);
  });

  it('leaves banners with no restart among them as they were', () => {
    expect(withoutSuperseded([dispute, unsealed])).to.deep.equal([dispute, unsealed]);
  });
});
