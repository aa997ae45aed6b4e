/**
 * Which tables the floor's summary strip names, and in what order: the most
 * serious first, a table by its worst matter, a quiet table not at all
 * (client/floor-attention.ts).
 */
import { expect } from 'chai';
import { floorAttention, severityOf } from '../../client/floor-attention.ts';
import type { FloorTable } from '../../server/http/contract.ts';
import { floorRulings } from '../../server/floor/floor-rulings.ts';
import { tableView } from '../../shoe/table-view.ts';
import { Harness, ROWS } from '../shoe/table-harness.ts';

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

  it('says when the oldest open dispute was made', () => {
    const disputed = (coup: number, at: string) => ({ coup, dispute: { announced: 'Rouge gagne', by: 'tailleur', at } });
    const [t3] = floorAttention([row('T3', { view: { disputes: [disputed(4, '2026-11-20T20:10:00.000Z'), disputed(2, '2026-11-20T20:02:00.000Z')] } })]);
    expect(t3!.items[0]).to.deep.equal({ kind: 'disputes', n: 2, since: '2026-11-20T20:02:00.000Z' });
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

  it('lets an alert about a coup go two coups later, once it has been on the floor two minutes (an annulment stayed ten coups)', () => {
    const annulled = { kind: 'annulled', coup: 12, message: 'coup 12 annulled', at: new Date(NOW - 150_000).toISOString() };
    expect(floorAttention([row('T3', { view: { alerts: [annulled], coup: { coup: 13 } } })], NOW)).to.have.length(1);
    expect(floorAttention([row('T3', { view: { alerts: [annulled], coup: { coup: 14 } } })], NOW)).to.deep.equal([]);
  });

  it('keeps an alert about a coup two minutes however fast the coups go (a dispute was gone 12 s after its ruling)', () => {
    const dispute = { kind: 'dispute', coup: 12, message: 'coup 12: announced "Rouge gagne"', at };
    expect(floorAttention([row('T3', { view: { alerts: [dispute], coup: { coup: 15 } } })], NOW)).to.have.length(1);
  });
});

describe('a held end behind a dispute', () => {
  it('is among the table’s items after the dispute, for the strip to say both', () => {
    const held = { reason: 'suspended', by: 'chef', note: 'marked card', waitsFor: [19] };
    const [t2] = floorAttention([row('T2', { view: { held, disputes: [{ coup: 19 }] } })]);
    expect(t2!.items.map((a) => a.kind)).to.deep.equal(['disputes', 'held']);
  });
});

describe('the alerts of the shoe before, across the new shoe', () => {
  const NOW = Date.parse('2026-11-20T20:30:00.000Z');
  const at = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000).toISOString();
  const cut = { kind: 'annulled', code: 'CUT_SHORT', coup: 29, params: { coup: 29, how: 'empty' }, message: 'coup 29 cut short', at: at(0.2) };
  const previous = (alerts: object[], how = 'empty', cause?: object) => ({ shoe: 'S-old', how, ...(cause && { cause }), carried: { lastCoup: 29, alerts } });
  /** The new shoe, `coup` its coup in play (null while it burns), its last event now. */
  const next = (coup: number | null, p: object) => ({
    ...row('T2', { view: { coup: coup === null ? null : { coup } } }),
    lastEventAt: at(0),
    previous: p,
  });
  const carried = (r: FloorTable) => floorAttention([r], NOW).flatMap((x) => x.items.flatMap((a) => (a.kind === 'alert' ? [[a.alert.code, a.before]] : [])));

  it('keeps the coup the last card cut short while the new shoe burns and deals its first coup, naming the old shoe', () => {
    expect(carried(next(null, previous([cut])) as FloorTable)).to.deep.equal([['CUT_SHORT', 'S-old']]);
    expect(carried(next(1, previous([cut])) as FloorTable)).to.deep.equal([['CUT_SHORT', 'S-old']]);
  });

  it('lets it go two coups later counted across the shoes (the new shoe’s second coup), or after ten minutes of play', () => {
    expect(carried(next(2, previous([{ ...cut, at: at(2.5) }])) as FloorTable)).to.deep.equal([]);
    // not before it has been on the floor two minutes
    expect(carried(next(2, previous([cut])) as FloorTable)).to.deep.equal([['CUT_SHORT', 'S-old']]);
    expect(carried(next(1, previous([{ ...cut, at: at(11) }])) as FloorTable)).to.deep.equal([]);
  });

  it('counts an older coup’s alert from that coup, and lets a new shoe’s alert of the same kind replace it', () => {
    const outOfTurn = { kind: 'out-of-turn', coup: 28, message: 'card 295 out of turn', at: at(2.5) };
    expect(carried(next(null, previous([outOfTurn])) as FloorTable)).to.deep.equal([[undefined, 'S-old']]);
    expect(carried(next(1, previous([outOfTurn])) as FloorTable)).to.deep.equal([]);
    const own = { ...outOfTurn, coup: 1, message: 'card 12 out of turn' };
    const r = { ...next(1, previous([outOfTurn])), view: { ...QUIET_VIEW, coup: { coup: 1 }, alerts: [own] } } as unknown as FloorTable;
    expect(floorAttention([r], NOW)[0]!.items).to.deep.equal([{ kind: 'alert', alert: own }]);
  });

  it('shows a serious alert of the shoe before as a warning once the new shoe has begun, and its own as serious', () => {
    const restart = { kind: 'fault', code: 'RESTART', message: 'table server restarted; resumes after card 40', at: at(1) };
    const [carriedOne] = floorAttention([next(null, previous([restart])) as FloorTable], NOW);
    expect(carriedOne!.items.map((a) => [a.kind, severityOf(a)])).to.deep.equal([['alert', 'warning']]);
    const ownRow = { ...next(1, previous([])), view: { ...QUIET_VIEW, coup: { coup: 1 }, alerts: [restart] } } as unknown as FloorTable;
    const [own] = floorAttention([ownRow], NOW);
    expect(own!.items.map((a) => [a.kind, severityOf(a)])).to.deep.equal([['alert', 'serious']]);
  });

  it('shows a restart the table has dealt on from for two minutes as a warning (red eleven minutes of play, outsider pass 22, G6)', () => {
    const restart = (minutesAgo: number) => ({
      kind: 'fault',
      code: 'RESTART',
      message: 'table server restarted; resumes after card 40',
      index: 41,
      at: at(minutesAgo),
    });
    const severity = (minutesAgo: number, events: number) => {
      const r = { ...row('T2', { view: { alerts: [restart(minutesAgo)], events } }), lastEventAt: at(0) } as unknown as FloorTable;
      return floorAttention([r], NOW)[0]!.severity;
    };
    expect(severity(3, 60), 'dealt on for three minutes').to.equal('warning');
    expect(severity(1, 60), 'a minute ago').to.equal('serious');
    expect(severity(3, 42), 'nothing recorded since').to.equal('serious');
  });

  it('does not say twice the fault a suspension of the shoe before is already said by', () => {
    const fault = { kind: 'fault', code: 'RELOAD', message: 'shuffler reloaded', at: at(0.3) };
    const r = next(null, previous([fault, cut], 'suspended', { kind: 'fault', code: 'RELOAD', message: 'shuffler reloaded' })) as FloorTable;
    expect(floorAttention([r], NOW)[0]!.items.map((a) => a.kind)).to.deep.equal(['previous', 'alert']);
  });
});

describe('a suspension withdrawn, on the floor (outsider pass 20, F7)', () => {
  const NOW = Date.parse('2026-11-20T20:30:00.000Z');
  const at = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000).toISOString();
  const unheld = (minutesAgo: number) => ({
    kind: 'unheld',
    coup: 12,
    message: 'suspension asked by chef withdrawn by chef',
    params: { by: 'chef', asked: 'chef', reason: 'marked card' },
    at: at(minutesAgo),
  });
  const played = (coup: number, minutesAgo: number) => ({ ...row('T4', { view: { alerts: [unheld(minutesAgo)], coup: { coup } } }), lastEventAt: at(0) });

  it('stays as a warning once the held band has gone, with who asked and who withdrew it', () => {
    const [t4] = floorAttention([played(13, 1)], NOW);
    expect(t4!.severity).to.equal('warning');
    expect(t4!.items.map((a) => a.kind)).to.deep.equal(['withdrawn']);
    const item = t4!.items[0]!;
    expect(item.kind === 'withdrawn' && item.alert.params).to.deep.equal({ by: 'chef', asked: 'chef', reason: 'marked card' });
  });

  it('goes two coups later once two minutes on the floor, or after ten minutes of play', () => {
    expect(floorAttention([played(14, 2.5)], NOW)).to.deep.equal([]);
    expect(floorAttention([played(14, 1)], NOW)).to.have.length(1);
    expect(floorAttention([played(13, 11)], NOW)).to.deep.equal([]);
  });
});

describe('a shuffler silence that ended, on the floor (outsider pass 20, F8)', () => {
  const NOW = Date.parse('2026-11-20T20:30:00.000Z');
  const at = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000).toISOString();
  const silent = { kind: 'fault', code: 'SILENT', message: 'no word from the shuffler for 15 s', at: at(3) };
  const lastSilence = { from: new Date(Date.parse(at(3)) - 15_000).toISOString(), to: at(2.5) };

  it('says it as a warning once the shuffler spoke again, the silence itself gone', () => {
    const [t5] = floorAttention([row('T5', { view: { alerts: [silent] }, link: { lastFrameAt: at(0), lastSilence } })], NOW);
    expect(t5!.severity).to.equal('warning');
    expect(t5!.items).to.deep.equal([{ kind: 'silence-ended', ...lastSilence }]);
  });

  it('keeps the silence serious while it lasts, and says the one before beside it', () => {
    const again = { ...silent, at: at(0.5) };
    const [t5] = floorAttention([row('T5', { view: { alerts: [silent, again] }, link: { lastFrameAt: at(1), lastSilence } })], NOW);
    expect(t5!.severity).to.equal('serious');
    expect(t5!.items.map((a) => a.kind)).to.deep.equal(['alert', 'silence-ended']);
  });

  // the table reports only its last silence: a new one replaced the one before within a minute, and one went when its
  // shoe ended (outside floor pass 50, F2)
  it('says each silence the floor heard in ten minutes, newest first, whatever shoe it fell in, at most three', () => {
    const spell = (minutesAgo: number, s: number) => ({ from: new Date(Date.parse(at(minutesAgo)) - s * 1000).toISOString(), to: at(minutesAgo) });
    const heard = [spell(1, 34), spell(2, 33), spell(3, 27), spell(4, 20)];
    const r = {
      ...row('T3', { link: { lastFrameAt: at(0), lastSilence: heard[0] } }),
      silences: heard,
      previous: { shoe: 'S-old', how: 'empty', at: at(1.5) },
    } as unknown as FloorTable;
    const [t3] = floorAttention([r], NOW);
    expect(t3!.items).to.deep.equal(heard.slice(0, 3).map((x) => ({ kind: 'silence-ended', ...x })));
    const later = floorAttention([r], NOW + 8.5 * 60_000)[0]!.items;
    expect(later, 'the oldest gone ten minutes after its end').to.deep.equal([{ kind: 'silence-ended', ...heard[0] }]);
  });

  it('says a silence the record and the floor both hold once', () => {
    const over = { kind: 'fault', code: 'SILENCE_OVER', message: 'the shuffler spoke again after 30 s silent', params: { s: 30 }, at: at(2.5) };
    const heard = { from: new Date(Date.parse(at(2.5)) - 31_000).toISOString(), to: new Date(Date.parse(at(2.5)) - 400).toISOString() };
    const r = { ...row('T5', { view: { alerts: [over] }, link: { lastFrameAt: at(0), lastSilence: heard } }), silences: [heard] } as unknown as FloorTable;
    expect(floorAttention([r], NOW)[0]!.items).to.have.length(1);
  });

  it('lets it go ten minutes after the silence ended', () => {
    const old = { from: at(11), to: at(10.1) };
    expect(floorAttention([row('T5', { link: { lastFrameAt: at(0), lastSilence: old } })], NOW)).to.deep.equal([]);
  });

  it('does not say a silence over that ended before the shoe before this one ended (it led the strip two shoes later)', () => {
    const r = { ...row('T5', { link: { lastFrameAt: at(0), lastSilence } }), previous: { shoe: 'S-old', how: 'empty', at: at(1) } } as unknown as FloorTable;
    expect(floorAttention([r], NOW)).to.deep.equal([]);
    const after = { ...r, previous: { shoe: 'S-old', how: 'empty', at: at(4) } } as unknown as FloorTable;
    expect(floorAttention([after], NOW)[0]!.items.map((a) => a.kind)).to.deep.equal(['silence-ended']);
  });

  it('lets a carried alert about no coup go once it has been on the floor two minutes', () => {
    const restart = { kind: 'fault', code: 'RESTART', message: 'table server restarted; resumes after card 40' };
    const r = (minutesAgo: number) =>
      ({
        ...row('T5', { view: { coup: { coup: 1 } } }),
        lastEventAt: at(0),
        previous: { shoe: 'S-old', how: 'empty', carried: { lastCoup: 20, alerts: [{ ...restart, at: at(minutesAgo) }] } },
      }) as unknown as FloorTable;
    expect(floorAttention([r(1)], NOW)[0]!.items.map((a) => a.kind)).to.deep.equal(['alert']);
    expect(floorAttention([r(3)], NOW)).to.deep.equal([]);
  });

  // a new shoe begun some five minutes after the silence took it from the floor (outside floor pass 44, F2)
  it('keeps a silence over of the shoe before as a spell over, ten minutes from its end, into the new shoe', () => {
    const over = { kind: 'fault', code: 'SILENCE_OVER', message: 'the shuffler spoke again after 41 s silent', params: { s: 41 } };
    const r = (minutesAgo: number) =>
      ({
        ...row('T5', { view: { coup: { coup: 3 } } }),
        lastEventAt: at(0),
        previous: { shoe: 'S-old', how: 'empty', carried: { lastCoup: 20, alerts: [{ ...over, at: at(minutesAgo) }] } },
      }) as unknown as FloorTable;
    expect(floorAttention([r(6)], NOW)[0]!.items, 'six minutes on, three coups into the new shoe').to.deep.equal([
      { kind: 'silence-ended', from: new Date(Date.parse(at(6)) - 41_000).toISOString(), to: at(6) },
    ]);
    expect(floorAttention([r(10)], NOW), 'ten minutes on').to.deep.equal([]);
  });

  it('says a silence over that the shoe recorded once, from the record, as a warning: a spell over, how long and until when (outside floor pass 43, F3)', () => {
    const over = { kind: 'fault', code: 'SILENCE_OVER', message: 'the shuffler spoke again after 30 s silent', params: { s: 30 }, at: at(2.5) };
    const [t5] = floorAttention([row('T5', { view: { alerts: [silent, over] }, link: { lastFrameAt: at(0), lastSilence } })], NOW);
    expect(t5!.severity).to.equal('warning');
    expect(t5!.items).to.deep.equal([{ kind: 'silence-ended', from: new Date(Date.parse(at(2.5)) - 30_000).toISOString(), to: at(2.5) }]);
  });

  it('keeps a silence over that the shoe recorded ten minutes of the floor’s clock, however many coups on (outside floor pass 43, F3)', () => {
    const over = (minutesAgo: number) => ({
      kind: 'fault',
      code: 'SILENCE_OVER',
      message: 'the shuffler spoke again after 35 s silent',
      params: { s: 35 },
      at: at(minutesAgo),
    });
    const r = (minutesAgo: number) =>
      ({ ...row('T5', { view: { coup: { coup: 9 }, alerts: [over(minutesAgo)] } }), lastEventAt: at(0) }) as unknown as FloorTable;
    expect(floorAttention([r(5)], NOW)[0]!.items, 'five minutes on').to.deep.equal([
      { kind: 'silence-ended', from: new Date(Date.parse(at(5)) - 35_000).toISOString(), to: at(5) },
    ]);
    expect(
      floorAttention([r(9.9)], NOW)[0]!.items.map((a) => a.kind),
      'just under ten minutes on',
    ).to.deep.equal(['silence-ended']);
    expect(floorAttention([r(10)], NOW), 'ten minutes on').to.deep.equal([]);
  });
});

describe('a table whose record stopped reaching the central store, on the floor (outsider pass 30)', () => {
  const SINCE = Date.parse('2026-11-20T20:00:00.000Z');
  const behind = (n: number, over: object = {}) =>
    ({
      ...row('T1', { view: {} }),
      reported: { link: { connected: true, alerts: 0 }, central: { state: 'behind', behind: n }, shoe: 'T1-shoe', lastEventAt: null },
      behindSince: new Date(SINCE).toISOString(),
      ...over,
    }) as unknown as FloorTable;
  const items = (r: FloorTable, now: number) => floorAttention([r], now)[0]?.items ?? [];

  it('says nothing for the moment after each card, then how far behind since when, serious after 30 s', () => {
    expect(items(behind(1), SINCE + 4_000), 'behind 4 s').to.deep.equal([]);
    const [item] = items(behind(38), SINCE + 6_000);
    expect(item).to.deep.equal({ kind: 'behind', n: 38, since: '2026-11-20T20:00:00.000Z', serious: false });
    expect(severityOf(item!)).to.equal('warning');
    const [later] = items(behind(186), SINCE + 132_000);
    expect(later).to.include({ kind: 'behind', n: 186, serious: true });
    expect(severityOf(later!)).to.equal('serious');
  });

  it('says nothing of it once in sync, or while the report is stale (which says more)', () => {
    const inSync = behind(0, {
      reported: { link: { connected: true, alerts: 0 }, central: { state: 'in-sync', behind: 0 }, shoe: 'T1-shoe', lastEventAt: null },
    });
    expect(items(inSync, SINCE + 60_000)).to.deep.equal([]);
    expect(items(behind(38, { stale: true }), SINCE + 60_000).map((a) => a.kind)).to.deep.equal(['stale']);
  });
});

describe('a table whose record was behind and caught up, on the floor (outsider pass 32)', () => {
  const FROM = '2026-11-20T20:00:00.000Z';
  const TO = Date.parse('2026-11-20T20:02:05.000Z');
  const caughtUp = (over: object = {}) =>
    ({
      ...row('T1', { view: {} }),
      reported: { link: { connected: true, alerts: 0 }, central: { state: 'in-sync', behind: 0 }, shoe: 'T1-shoe', lastEventAt: null },
      lastBehind: { from: FROM, to: new Date(TO).toISOString() },
      ...over,
    }) as unknown as FloorTable;
  const items = (r: FloorTable, now: number) => floorAttention([r], now)[0]?.items ?? [];

  it('says how long it was behind and until when, as a warning, for ten minutes', () => {
    const [item] = items(caughtUp(), TO + 60_000);
    expect(item).to.deep.equal({ kind: 'behind-ended', from: FROM, to: '2026-11-20T20:02:05.000Z' });
    expect(severityOf(item!)).to.equal('warning');
    expect(items(caughtUp(), TO + 599_000), 'just under ten minutes on').to.have.length(1);
    expect(items(caughtUp(), TO + 600_000), 'ten minutes on').to.deep.equal([]);
  });

  it('says nothing of a moment behind after a card, nor of the spell while behind again (said as behind)', () => {
    expect(items(caughtUp({ lastBehind: { from: FROM, to: '2026-11-20T20:00:03.000Z' } }), TO), 'behind 3 s').to.deep.equal([]);
    const again = caughtUp({
      reported: { link: { connected: true, alerts: 0 }, central: { state: 'behind', behind: 40 }, shoe: 'T1-shoe', lastEventAt: null },
      behindSince: new Date(TO + 10_000).toISOString(),
    });
    expect(items(again, TO + 30_000).map((a) => a.kind)).to.deep.equal(['behind']);
  });

  // "Behind 21 s until 10:55:16" went when a "Behind 6 s" followed half a minute later (outside floor pass 45, F2)
  it('keeps each spell behind of the last ten minutes, the newest first', () => {
    const first = { from: '2026-11-20T19:59:00.000Z', to: '2026-11-20T19:59:21.000Z' };
    expect(items(caughtUp({ earlierBehind: [first] }), TO + 60_000)).to.deep.equal([
      { kind: 'behind-ended', from: FROM, to: '2026-11-20T20:02:05.000Z' },
      { kind: 'behind-ended', ...first },
    ]);
  });

  // a stalled link is both: "Behind 120 s until …" went under "+1 more" behind "No reports 31 s until …" (outsider pass 38)
  it('says the record caught up before the reports came back, when both spells ended', () => {
    const both = caughtUp({ reportedAt: new Date(TO).toISOString(), lastStale: { from: FROM, to: new Date(TO - 60_000).toISOString() } });
    expect(items(both, TO + 30_000).map((a) => a.kind)).to.deep.equal(['behind-ended', 'stale-ended']);
  });

  // "Behind 22 s, until 13:55:22" named on the strip while a newer "No reports 32 s" was under "+1 more" (outside floor pass 46, F5)
  it('says the newest spell first, whichever its kind', () => {
    const later = { from: new Date(TO + 20_000).toISOString(), to: new Date(TO + 52_000).toISOString() };
    const both = caughtUp({ reportedAt: new Date(TO + 52_000).toISOString(), lastStale: later });
    expect(items(both, TO + 90_000)).to.deep.equal([
      { kind: 'stale-ended', ...later },
      { kind: 'behind-ended', from: FROM, to: '2026-11-20T20:02:05.000Z' },
    ]);
  });
});

describe('a table whose reports stopped and came back, on the floor (outsider pass 28)', () => {
  const BACK = Date.parse('2026-11-20T20:02:35.000Z');
  const back = (over: object = {}) =>
    ({
      ...row('T2'),
      reportedAt: new Date(BACK).toISOString(),
      lastStale: { from: '2026-11-20T20:00:00.000Z', to: new Date(BACK).toISOString() },
      ...over,
    }) as FloorTable;
  const items = (r: FloorTable, now: number) => floorAttention([r], now)[0]?.items ?? [];

  it('says how long it was stale and until when, as a warning, for ten minutes', () => {
    const [item] = items(back(), BACK + 60_000);
    expect(item).to.deep.equal({ kind: 'stale-ended', from: '2026-11-20T20:00:00.000Z', to: '2026-11-20T20:02:35.000Z' });
    expect(severityOf(item!)).to.equal('warning');
    expect(items(back(), BACK + 599_000), 'just under ten minutes on').to.have.length(1);
    expect(items(back(), BACK + 600_000), 'ten minutes on').to.deep.equal([]);
  });

  // the strip named a table's past "No reports 23 s" first, another table's warning going on now second (outside floor pass 47)
  it('names a table with a warning going on now before a table whose only matter is a spell over', () => {
    const past = back({ table: 'T1' });
    const now = row('T3', { link: { alerts: 1 } });
    const order = floorAttention([past, now], BACK + 60_000);
    expect(order.map((t) => [t.table, t.severity, t.items[0]!.kind])).to.deep.equal([
      ['T3', 'warning', 'line'],
      ['T1', 'warning', 'stale-ended'],
    ]);
    // within a table too: the line's alerts before its spell over
    const both = floorAttention([{ ...past, reported: now.reported } as FloorTable], BACK + 60_000)[0]!;
    expect(both.items.map((a) => a.kind)).to.deep.equal(['line', 'stale-ended']);
  });

  // kept ten minutes as a spell over is (outside floor pass 48, F1), once play resumed it crowds out nothing going on now
  it('says the shoe before’s suspension after what is going on now once the new shoe has settled a coup', () => {
    const suspended = { shoe: 'T1-old', how: 'suspended', note: 'marked cards suspected', by: 'chef', at: new Date(BACK - 60_000).toISOString() };
    const settled = { recent: [{ coup: 1, standing: 'payable' }] };
    const resumed = { ...row('T1', { view: settled }), previous: suspended } as unknown as FloorTable;
    const now = row('T3', { link: { alerts: 1 } });
    expect(floorAttention([resumed, now], BACK + 60_000).map((t) => [t.table, t.items[0]!.kind])).to.deep.equal([
      ['T3', 'line'],
      ['T1', 'previous'],
    ]);
    // its first coup not settled yet: a matter going on now, in floor order among the others
    const first = { ...row('T1'), previous: suspended } as unknown as FloorTable;
    expect(floorAttention([first, now], BACK + 60_000).map((t) => [t.table, t.items[0]!.kind])).to.deep.equal([
      ['T1', 'previous'],
      ['T3', 'line'],
    ]);
    expect(
      items(resumed, BACK + 539_000).map((a) => a.kind),
      'nine minutes after the end',
    ).to.deep.equal(['previous']);
    expect(items(resumed, BACK + 541_000), 'ten minutes after the end').to.deep.equal([]);
  });

  // 390.00 owed back to players piled up over four shoes with only a gold money row to say it (outside floor pass 48, F2)
  it('names the stakes an ended shoe left to hand back, not marked, once the new shoe has settled a coup', () => {
    const money = { handBack: [{ shoe: 'T2-old', amount: 19_000, stakes: 3 }], handBackTotal: { amount: 19_000, stakes: 3 } };
    const settled = { recent: [{ coup: 1, standing: 'payable' }] };
    const owing = { ...row('T2', { view: settled }), money } as unknown as FloorTable;
    const [item] = items(owing, BACK);
    expect(item).to.deep.equal({ kind: 'hand-back', amount: 19_000, stakes: 3 });
    expect(severityOf(item!)).to.equal('warning');
    // while the new shoe has settled nothing, the payeur is still handing them back: nothing to say yet
    expect(items({ ...row('T2'), money } as unknown as FloorTable, BACK)).to.deep.equal([]);
    const marked = { handBack: [], handBackTotal: { amount: 0, stakes: 0 } };
    expect(items({ ...owing, money: marked } as unknown as FloorTable, BACK)).to.deep.equal([]);
  });

  // a newer spell replaced the one before, which the floor had said for ten minutes (outside floor pass 44, F1)
  it('keeps each spell of the last ten minutes, the newest first, each for ten minutes from its end', () => {
    const first = { from: '2026-11-20T19:58:00.000Z', to: '2026-11-20T19:58:41.000Z' };
    const twice = back({ earlierStale: [first] });
    expect(items(twice, BACK + 60_000)).to.deep.equal([
      { kind: 'stale-ended', from: '2026-11-20T20:00:00.000Z', to: '2026-11-20T20:02:35.000Z' },
      { kind: 'stale-ended', ...first },
    ]);
    const firstEnds = Date.parse(first.to) + 600_000;
    expect(items(twice, firstEnds), 'the first one ten minutes after its end').to.have.length(1);
    // stale again now: the spell now is said first, and those over still after it, as a page open before the outage
    // showed them (a page opened during it said "No alerts.", outside floor pass 49, F1)
    expect(items({ ...twice, stale: true } as FloorTable, BACK + 60_000).map((a) => a.kind)).to.deep.equal(['stale', 'stale-ended', 'stale-ended']);
  });

  it('puts the spell before the ordinary end of the shoe before, a coup cut short by the shuffler running out (outsider pass 39, F1)', () => {
    const cutEmpty = {
      kind: 'annulled',
      code: 'CUT_SHORT',
      coup: 30,
      params: { coup: 30, how: 'empty' },
      message: 'coup 30 cut short',
      at: new Date(BACK + 30_000).toISOString(),
    };
    const [t2] = floorAttention([back({ view: { ...QUIET_VIEW, alerts: [cutEmpty] } })], BACK + 60_000);
    expect(t2!.items.map((a) => a.kind)).to.deep.equal(['stale-ended', 'alert']);
    expect(t2!.severity).to.equal('warning');
    expect(severityOf(t2!.items[1]!)).to.equal('routine');
    const byChef = { ...cutEmpty, code: undefined, params: { coup: 30 }, message: 'Coup 30 annulled by the chef de table: card fell' };
    expect(severityOf(floorAttention([row('T2', { view: { alerts: [byChef] } })], BACK)[0]!.items[0]!), 'an annulment by the chef').to.equal('warning');
  });

  it("puts the spell before the shuffler's silence over, said by the shoe or by the line (outsider pass 41, F2)", () => {
    const spoke = new Date(BACK + 20_000).toISOString();
    const silenceOver = { kind: 'fault', code: 'SILENCE_OVER', message: 'the shuffler spoke again after 35 s silent', at: spoke };
    const recorded = floorAttention([back({ view: { ...QUIET_VIEW, alerts: [silenceOver] } })], BACK + 60_000)[0]!;
    expect(recorded.items.map((a) => a.kind)).to.deep.equal(['stale-ended', 'alert']);
    const between = back({
      reported: { link: { connected: true, alerts: 0, lastSilence: { from: new Date(BACK - 15_000).toISOString(), to: spoke } }, central: null },
    });
    expect(floorAttention([between], BACK + 60_000)[0]!.items.map((a) => a.kind)).to.deep.equal(['stale-ended', 'silence-ended']);
  });

  // the spell before was hidden while a new one lasted, so a page opened during an outage said "No alerts." of a table an
  // open page showed two spells of (outside floor pass 49, F1): now it says it is stale again first, the spell before after
  it('says it is stale again first, then the spell before, while a new one lasts', () => {
    const [now, before] = items(back({ stale: true }), BACK + 60_000);
    expect([now?.kind, before?.kind]).to.deep.equal(['stale', 'stale-ended']);
    expect([severityOf(now!), severityOf(before!)]).to.deep.equal(['serious', 'warning']);
  });
});

describe('a dispute the chef has ruled, on the floor (outsider passes 22 and 24)', () => {
  const AT = Date.parse('2026-11-22T10:00:00.000Z'); // the harness's clock
  /** A table whose coup 1 was disputed and ruled, then `more` coups dealt; its row as the floor reads it. */
  const ruledTable = (ruling: 'cards' | 'annul', more: number): FloorTable => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    t.coup(ROWS.r37, ROWS.r32);
    t.do({ type: 'dispute', coup: 1, announced: 'Rouge perd et couleur' }, 'tailleur');
    t.do({ type: 'resolve', coup: 1, ruling, reason: 'read again on the layout' }, 'chef');
    // the coups after it from rows in turn, so no card comes a seventh time
    const next = [
      [ROWS.b36, ROWS.r38],
      [ROWS.b32, ROWS.b35],
      [ROWS.b37, ROWS.r31],
      [ROWS.b31, ROWS.b40],
    ] as const;
    for (let k = 0; k < more; k++) {
      t.open();
      const [noir, rouge] = next[k % next.length]!;
      t.coup(noir, rouge);
      t.do({ type: 'confirm', coup: k + 2 });
    }
    return { ...row('T7', { view: tableView(t.state) }), ruled: floorRulings(t.state), lastEventAt: new Date(AT).toISOString() } as unknown as FloorTable;
  };
  const ruled = (r: FloorTable, now: number) => floorAttention([r], now)[0]?.items.filter((a) => a.kind === 'ruled') ?? [];

  it('says how the chef ruled it, from the table’s own view, once its alert has left the view', () => {
    const r = ruledTable('cards', 0);
    expect(
      r.view!.alerts.filter((a) => a.kind === 'dispute'),
      'the view drops the ruled dispute’s alert',
    ).to.deep.equal([]);
    const [item] = ruled(r, AT + 5_000);
    expect(item).to.deep.equal({
      kind: 'ruled',
      ruled: { coup: 1, announced: 'Rouge perd et couleur', ruling: 'cards', reason: 'read again on the layout', by: 'chef', at: '2026-11-22T10:00:00.000Z' },
    });
    expect(severityOf(item!)).to.equal('warning');
    expect(ruled(ruledTable('annul', 0), AT + 5_000).map((a) => a.kind === 'ruled' && a.ruled.ruling)).to.deep.equal(['annul']);
  });

  // it went after two coups and two minutes while a 25 s blip of the table stayed ten (outside floor pass 50, F3)
  it('keeps it ten minutes, however many coups go', () => {
    expect(ruled(ruledTable('cards', 3), AT + 30_000), 'three coups on, 30 s later').to.have.length(1);
    expect(ruled(ruledTable('cards', 3), AT + 150_000), 'three coups on, 150 s later').to.have.length(1);
    expect(ruled(ruledTable('cards', 3), AT + 599_000), 'three coups on, 599 s later').to.have.length(1);
    expect(ruled(ruledTable('cards', 3), AT + 600_000), 'three coups on, ten minutes later').to.deep.equal([]);
    expect(ruled(ruledTable('cards', 1), AT + 600_000), 'one coup on, ten minutes later').to.deep.equal([]);
  });

  it('keeps it two minutes past the view’s last six coups (a quick table dealt them in under two minutes, outsider pass 28)', () => {
    const r = ruledTable('cards', 6);
    expect(
      r.view!.recent.some((c) => c.coup === 1),
      'coup 1 is out of the view’s last coups',
    ).to.equal(false);
    expect(ruled(r, AT + 60_000), 'six coups on, 60 s later').to.have.length(1);
    expect(ruled(r, AT + 150_000), 'six coups on, 150 s later').to.have.length(1);
    expect(ruled(r, AT + 600_000), 'six coups on, ten minutes later').to.deep.equal([]);
  });

  it('keeps it ten minutes of the table reporting, the time its card was stale not counted (outsider pass 29)', () => {
    const iso = (ms: number) => new Date(AT + ms).toISOString();
    const frozen = { ...ruledTable('cards', 3), stale: true, reportedAt: iso(5_000) };
    expect(ruled(frozen, AT + 200_000), 'stale since 5 s after the ruling, 200 s later').to.have.length(1);
    const back = { ...ruledTable('cards', 3), reportedAt: iso(161_000), lastStale: { from: iso(5_000), to: iso(160_000) } };
    expect(ruled(back, AT + 170_000), 'back after 155 s stale, 170 s after the ruling').to.have.length(1);
    expect(ruled(back, AT + 745_000), '590 s of it shown').to.have.length(1);
    expect(ruled(back, AT + 760_000), '605 s of it shown').to.deep.equal([]);
    expect(ruled({ ...back, lastStale: { from: iso(-200_000), to: iso(-100_000) } }, AT + 600_000), 'a spell before the ruling does not count').to.deep.equal(
      [],
    );
  });

  it('keeps it into the next shoe, naming the shoe it was ruled in, ten minutes from the ruling', () => {
    const old = ruledTable('cards', 0);
    const next = (view: object, now: number) =>
      ruled(
        {
          ...row('T7', { view }),
          ruled: [],
          lastEventAt: new Date(now).toISOString(),
          previous: { shoe: 'shoe-before-0001', how: 'empty', ruled: { lastCoup: 1, rulings: old.ruled! } },
        } as unknown as FloorTable,
        now,
      );
    const [item] = next({ coup: null }, AT + 30_000);
    expect(item, 'the new shoe burning, 30 s later').to.deep.include({ kind: 'ruled' });
    expect(item!.kind === 'ruled' && item!.ruled).to.include({ coup: 1, ruling: 'cards', before: 'shoe-before-0001' });
    expect(next({ coup: { coup: 1 } }, AT + 150_000), 'the new shoe’s first coup, 150 s later').to.have.length(1);
    expect(next({ coup: { coup: 2 } }, AT + 150_000), 'its second coup, 150 s later').to.have.length(1);
    expect(next({ coup: { coup: 9 } }, AT + 600_000), 'its ninth coup, ten minutes later').to.deep.equal([]);
  });
});
