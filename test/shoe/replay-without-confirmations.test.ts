/**
 * Logs from systems that do not confirm calls: cards and bets, no `confirm`
 * line. They replay with every call unconfirmed and settled as the cards say;
 * a log that does confirm calls is still held to waiting for the confirmation.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { replayReport } from '../../shoe/replay-report.ts';
import { stateAt } from '../../shoe/replay.ts';
import { parseShoeLog } from '../../shoe/shoe-log.ts';

const FIXTURES = ['ordinary', 'apres31-insurance-prison-partager', 'prison-moved-released-after-two-wins', 'runs-out-with-prison'];
const load = (name: string) => parseShoeLog(readFileSync(new URL(`../../fixtures/${name}.jsonl`, import.meta.url), 'utf8'));

describe('replaying a log without confirmations', () => {
  for (const name of FIXTURES) {
    it(`settles every coup of ${name} as the confirmed log does, each call marked unconfirmed`, () => {
      const events = load(name);
      const confirmed = replayReport(events);
      const bare = replayReport(events.filter((e) => e.type !== 'confirm'));
      expect(bare.alerts.filter((a) => a.kind === 'rule-violation')).to.deep.equal([]);
      expect(bare.coups.map(({ unconfirmed: _, ...c }) => c)).to.deep.equal(confirmed.coups.map(({ unconfirmed: _, ...c }) => c));
      expect(bare.players).to.deep.equal(confirmed.players);
      expect(bare.release).to.deep.equal(confirmed.release);
      for (const c of bare.coups.filter((c) => c.result !== 'annulled' && c.result !== null)) expect(c.unconfirmed, `coup ${c.coup}`).to.equal(true);
      for (const c of confirmed.coups.filter((c) => c.result !== 'annulled' && c.result !== null)) expect(c.unconfirmed, `coup ${c.coup}`).to.equal(false);
    });
  }

  it('still refuses bets opened before the last call is confirmed in a log that confirms calls', () => {
    const events = load('ordinary');
    const firstConfirm = events.findIndex((e) => e.type === 'confirm');
    // Move coup 1's confirmation after the next open: that open is refused, and the bets after it.
    const nextOpen = events.findIndex((e, i) => i > firstConfirm && e.type === 'open');
    const moved = [...events.slice(0, firstConfirm), ...events.slice(firstConfirm + 1, nextOpen + 1), events[firstConfirm]!, ...events.slice(nextOpen + 1)];
    const report = replayReport(moved);
    expect(report.alerts.some((a) => a.kind === 'rule-violation' && a.message.includes('CALL_NOT_CONFIRMED'))).to.equal(true);
  });

  it('steps through the start of a confirming log with the rule of the whole log', () => {
    const events = load('ordinary');
    const firstConfirm = events.findIndex((e) => e.type === 'confirm');
    const nextOpen = events.findIndex((e, i) => i > firstConfirm && e.type === 'open');
    const moved = [...events.slice(0, firstConfirm), ...events.slice(firstConfirm + 1, nextOpen + 1), events[firstConfirm]!, ...events.slice(nextOpen + 1)];
    // The prefix up to that open holds no confirmation, but the log does: the open is still refused.
    expect(stateAt(moved, nextOpen - 1).phase).to.not.equal('open');
    expect(stateAt(moved, nextOpen - 1).alerts.some((a) => a.message.includes('CALL_NOT_CONFIRMED'))).to.equal(true);
  });
});
