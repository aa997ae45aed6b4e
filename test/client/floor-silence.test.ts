/**
 * A shuffler's silence still going on is counted to now on the floor, from
 * its last frame as the table reports it (client/floor-silence.ts
 * `silenceSoFar`): the pill said "15 s without a word" through a 44 s freeze
 * (outside floor pass 48, F4).
 */
import { expect } from 'chai';
import type { TableView } from '../../server/http/contract.ts';
import { silenceSoFar } from '../../client/floor-silence.ts';

type Alert = TableView['alerts'][number];
const AT = Date.parse('2026-11-29T17:40:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
/** Recorded 15 s after the shuffler's last frame. */
const silent: Alert = { kind: 'fault', code: 'SILENT', message: 'no frame from the shuffler for 15 s', params: { s: 15 }, at: iso(AT) } as Alert;
const lastFrame = iso(AT - 15_200);

describe('the floor: a shuffler’s silence going on', () => {
  it('counts from the shuffler’s last frame to now', () => {
    expect(silenceSoFar(silent, lastFrame, AT + 29_000).params).to.deep.equal({ s: 44 });
    expect(silenceSoFar(silent, lastFrame, AT).params).to.deep.equal({ s: 15 });
  });

  it('never says less than it was recorded with, whatever the clocks', () => {
    expect(silenceSoFar(silent, iso(AT - 3_000), AT).params).to.deep.equal({ s: 15 });
  });

  it('says the recorded seconds without a last frame before the fault: none reported, or one after it (the silence is over)', () => {
    expect(silenceSoFar(silent, undefined, AT + 60_000)).to.equal(silent);
    expect(silenceSoFar(silent, iso(AT + 1_000), AT + 60_000)).to.equal(silent);
  });

  it('leaves any other alert as it is', () => {
    const gap = { ...silent, code: 'GAP' } as Alert;
    expect(silenceSoFar(gap, lastFrame, AT + 60_000)).to.equal(gap);
  });
});
