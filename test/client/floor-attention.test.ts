/**
 * Which tables the floor's summary strip names, and in what order: the most
 * serious first, a table by its worst matter, a quiet table not at all
 * (client/floor-attention.ts).
 */
import { expect } from 'chai';
import { floorAttention } from '../../client/floor-attention.ts';
import type { FloorTable } from '../../server/http/contract.ts';

const QUIET_VIEW = { disputes: [], alerts: [], pendingCalls: 0, awaiting: null, coup: null, recent: [] };

function row(table: string, over: { view?: object; stale?: boolean; link?: object } = {}): FloorTable {
  return {
    table,
    stale: over.stale ?? false,
    reportedAt: '2026-11-20T20:00:00.000Z',
    reported: { link: { connected: true, alerts: 0, ...over.link }, central: null, shoe: `${table}-shoe`, lastEventAt: null },
    shoe: `${table}-shoe`,
    previous: null,
    view: { ...QUIET_VIEW, ...over.view },
  } as unknown as FloorTable;
}

const AWAITING = { pendingCalls: 1, awaiting: { coup: 4, status: 'awaiting-confirm' } };

describe('the tables the floor summary names', () => {
  it('names none when every table is quiet', () => {
    expect(floorAttention([row('T1'), row('T2')])).to.deep.equal([]);
  });

  it('names the serious first, then the warnings, then the routine, in floor order within each', () => {
    const tables = floorAttention([
      row('T1', { view: AWAITING }),
      row('T2', { link: { alerts: 2 } }),
      row('T3', { view: { disputes: [{ coup: 1 }] } }),
      row('T4'),
      row('T5', { link: { connected: false, alerts: 1 } }),
    ]);
    expect(tables.map((x) => [x.table, x.severity])).to.deep.equal([
      ['T3', 'serious'],
      ['T5', 'serious'],
      ['T2', 'warning'],
      ['T1', 'routine'],
    ]);
  });

  it('ranks a table by its worst matter and says that first', () => {
    const [t1] = floorAttention([row('T1', { view: { ...AWAITING, alerts: [{ kind: 'silent', message: 'no frame for 15 s' }] } })]);
    expect(t1!.severity).to.equal('serious');
    expect(t1!.items.map((a) => a.kind)).to.deep.equal(['alert', 'awaiting']);
  });

  it('names a table whose report is stale, without the line alerts that report no longer vouches for', () => {
    const [t1] = floorAttention([row('T1', { stale: true, link: { alerts: 3 } })]);
    expect(t1!.severity).to.equal('serious');
    expect(t1!.items.map((a) => a.kind)).to.deep.equal(['stale']);
  });
});

describe('the alerts of a table the floor still shows', () => {
  const NOW = Date.parse('2026-11-20T20:30:00.000Z');
  const at = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000).toISOString();
  const restarted = { kind: 'fault', code: 'RESTART', message: 'table server restarted', at: at(1) };
  const outOfTurn = { kind: 'out-of-turn', message: 'card 41 drawn out of turn', at: at(0.5) };
  const silent = { kind: 'fault', code: 'SILENT', message: 'no word from the shuffler for 15 s', at: at(3) };

  it('keeps a serious alert when a lesser one comes after it, and names the table by the worst', () => {
    const [t1] = floorAttention([row('T1', { view: { alerts: [restarted, outOfTurn] } })], NOW);
    const alerts = t1!.items.flatMap((a) => (a.kind === 'alert' ? [a.alert.kind] : []));
    expect(alerts).to.have.members(['fault', 'out-of-turn']);
    expect(t1!.severity).to.equal('serious');
  });

  it('lets a shuffler’s silence go once the shuffler has spoken since, and keeps it while it has not', () => {
    const spoke = floorAttention([row('T5', { view: { alerts: [silent] }, link: { lastFrameAt: at(1) } })], NOW);
    expect(spoke).to.deep.equal([]);
    const still = floorAttention([row('T5', { view: { alerts: [silent] }, link: { lastFrameAt: at(4) } })], NOW);
    expect(still.map((x) => [x.table, x.severity])).to.deep.equal([['T5', 'serious']]);
  });

  it('lets an alert go ten minutes of play after it was raised, but not a silence the shuffler has not broken', () => {
    const played = (over: object) => ({ ...row('T1', over), lastEventAt: at(0) });
    expect(floorAttention([played({ view: { alerts: [{ ...restarted, at: at(11) }] } })], NOW)).to.deep.equal([]);
    expect(floorAttention([played({ view: { alerts: [{ ...restarted, at: at(9) }] } })], NOW)).to.have.length(1);
    expect(floorAttention([played({ view: { alerts: [{ ...silent, at: at(60) }] }, link: { lastFrameAt: at(61) } })], NOW)).to.have.length(1);
  });

  it('keeps what last happened at a table idle since, whatever the floor’s clock says', () => {
    const idle = { ...row('T1', { view: { alerts: [{ ...restarted, at: at(120) }] } }), lastEventAt: at(118) };
    expect(floorAttention([idle], NOW)).to.have.length(1);
  });
});

describe('what else the floor summary names', () => {
  const NOW = Date.parse('2026-11-20T20:30:00.000Z');
  const at = new Date(NOW - 60_000).toISOString();

  it('names a table whose end is held for a call, as a warning (it was only inside the card)', () => {
    const held = { reason: 'suspended', by: 'chef', note: 'marked card', waitsFor: [7] };
    const [t2] = floorAttention([row('T2', { view: { held } })], NOW);
    expect(t2!.severity).to.equal('warning');
    expect(t2!.items.map((a) => a.kind)).to.deep.equal(['held']);
  });

  it('lets an alert about a coup go two coups later (an annulment stayed ten coups)', () => {
    const annulled = { kind: 'annulled', coup: 12, message: 'coup 12 annulled', at };
    expect(floorAttention([row('T3', { view: { alerts: [annulled], coup: { coup: 13 } } })], NOW)).to.have.length(1);
    expect(floorAttention([row('T3', { view: { alerts: [annulled], coup: { coup: 14 } } })], NOW)).to.deep.equal([]);
  });
});

describe('a held end behind a dispute', () => {
  it('is among the table’s items after the dispute, for the strip to say both', () => {
    const held = { reason: 'suspended', by: 'chef', note: 'marked card', waitsFor: [19] };
    const [t2] = floorAttention([row('T2', { view: { held, disputes: [{ coup: 19 }] } })]);
    expect(t2!.items.map((a) => a.kind)).to.deep.equal(['disputes', 'held']);
  });
});
