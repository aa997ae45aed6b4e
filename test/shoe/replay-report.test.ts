/**
 * The replay report's player totals, for any player name a log may carry:
 * names are data, never keys of a plain object (a `__proto__` player must not
 * reach Object.prototype, and `constructor` or `toString` must not vanish).
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { replayReport } from '../../shoe/replay-report.ts';
import type { ShoeEvent } from '../../shoe/events.ts';
import { parseShoeLog } from '../../shoe/shoe-log.ts';

const ORDINARY = readFileSync(new URL('../../fixtures/ordinary.jsonl', import.meta.url), 'utf8');

/**
 * The ordinary fixture's events with seats renamed. The shoe-log reader now
 * refuses such ids, so they are renamed after reading: the engine must stay
 * safe whatever a record holds.
 */
function renamed(names: Record<string, string>): ShoeEvent[] {
  return parseShoeLog(ORDINARY).map((e) => ('player' in e && Object.hasOwn(names, e.player) ? { ...e, player: names[e.player]! } : e));
}

describe('replay report: player totals', () => {
  it('counts players named __proto__, constructor and toString like any other, leaving Object.prototype alone', () => {
    const plain = replayReport(parseShoeLog(ORDINARY)).players;
    const report = replayReport(renamed({ s1: '__proto__', s2: 'constructor', s3: 'toString' }));
    expect(({} as Record<string, unknown>).net).to.equal(undefined);
    expect(Object.getOwnPropertyNames(Object.prototype)).not.to.include('net');
    const net = (name: string) => Object.getOwnPropertyDescriptor(report.players, name)?.value;
    expect(net('__proto__')).to.deep.equal(plain.s1);
    expect(net('constructor')).to.deep.equal(plain.s2);
    expect(net('toString')).to.deep.equal(plain.s3);
    expect(Object.keys(report.players).sort()).to.deep.equal(['__proto__', 'constructor', 's4', 'toString'].sort());
  });

  it('serialises the players with the names as JSON keys', () => {
    const report = replayReport(renamed({ s1: '__proto__' }));
    const json = JSON.parse(JSON.stringify(report)) as { players: object };
    expect(Object.getOwnPropertyDescriptor(json.players, '__proto__')).not.to.equal(undefined);
  });
});
