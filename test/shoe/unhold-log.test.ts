/**
 * The `unhold` line of the shoe log (docs/shoe-log.md): a withdrawn suspension reads
 * back as written, replays to the same table (the shoe goes on past the call it
 * held for), and a log that withdraws what was never held is told so on replay.
 */
import { expect } from 'chai';
import { decideAtTable } from '../../shoe/decide.ts';
import type { ShoeEvent } from '../../shoe/events.ts';
import { evolve } from '../../shoe/evolve.ts';
import { replayShoe } from '../../shoe/replay.ts';
import { formatShoeLog, parseShoeLog, ShoeLogError } from '../../shoe/shoe-log.ts';
import { tableView } from '../../shoe/table-view.ts';
import { Harness, ROWS } from './table-harness.ts';

/** A shoe whose chef suspended while coup 1's call waited, withdrew it, and the tailleur confirmed and opened the bets. */
function withdrawnLog(): { log: ShoeEvent[]; live: Harness } {
  const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
  t.coup(ROWS.r37, ROWS.b36);
  for (const [command, by] of [
    [{ type: 'end', reason: 'suspended', note: 'marked cards' }, 'chef'],
    [{ type: 'unhold', note: 'the inspector came' }, 'chef'],
  ] as const) {
    const { events } = decideAtTable(t.state, command, { at: '2026-11-27T14:00:00.000Z', by }, null);
    for (const e of events) t.state = evolve(t.state, e);
    t.log.push(...events);
  }
  t.do({ type: 'confirm', coup: 1 }, 'tailleur');
  t.do({ type: 'open' }, 'tailleur');
  return { log: t.log, live: t };
}

describe('the unhold line of a shoe log', () => {
  it('reads back exactly as written, with who withdrew the suspension and why', () => {
    const { log } = withdrawnLog();
    const text = formatShoeLog(log);
    expect(text).to.contain('{"type":"unhold","note":"the inspector came"');
    expect(parseShoeLog(text)).to.deep.equal(log);
  });

  it('replays without a rule violation to the table as it was live: nothing held, the shoe going on', () => {
    const { log, live } = withdrawnLog();
    const { state, alerts } = replayShoe(parseShoeLog(formatShoeLog(log)));
    expect(alerts.filter((a) => a.kind === 'rule-violation')).to.deep.equal([]);
    expect(state.held).to.equal(null);
    expect(state.end).to.equal(null);
    expect(state.phase).to.equal('open');
    expect(state.phase).to.equal(live.state.phase);
  });

  it('drops the held band from a view replayed in two parts, as the floor replays what reaches the central store', () => {
    const { log } = withdrawnLog();
    const unhold = log.findIndex((e) => e.type === 'unhold');
    const before = replayShoe(log.slice(0, unhold)).state;
    expect(tableView(before).held).to.include({ reason: 'suspended', note: 'marked cards', by: 'chef' });
    const after = replayShoe(log.slice(unhold), before).state;
    expect(tableView(after).held).to.equal(null);
  });

  it('reports an unhold with nothing held as a rule violation on replay, and replays on', () => {
    const { log } = withdrawnLog();
    const hold = log.findIndex((e) => e.type === 'hold');
    const { alerts, state } = replayShoe(log.filter((_, i) => i !== hold));
    expect(alerts.filter((a) => a.kind === 'rule-violation').map((a) => a.code)).to.deep.equal(['NOTHING_HELD']);
    expect(state.phase).to.equal('open');
  });

  it('refuses an unhold whose note is not text, naming the line and the field', () => {
    const { log } = withdrawnLog();
    const lines = formatShoeLog(log).trimEnd().split('\n');
    const n = lines.findIndex((l) => l.includes('"unhold"'));
    lines[n] = '{"type":"unhold","note":5}';
    let error: unknown;
    try {
      parseShoeLog(lines.join('\n'));
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(ShoeLogError);
    expect((error as ShoeLogError).message).to.equal(`line ${n + 1}: "note" must be the note`);
  });
});
