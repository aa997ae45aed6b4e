/**
 * What a table tells the surveillance room of its shuffler line
 * (server/table/link-summary.ts). A line that fell silent once and spoke
 * again showed "1 shuffler alarm" beside "connected" on every table of the
 * floor demo for as long as it ran: the table counted the alerts it keeps for
 * the tailleur's screen, which never shrink.
 */
import { expect } from 'chai';
import { readReportedStatus } from '../../../server/floor/floor-table.ts';
import { LinkBoard } from '../../../server/table/link-board.ts';
import { LINK_ALERT_CURRENT_MS, linkSummary } from '../../../server/table/link-summary.ts';
import type { LinkStatus } from '../../../server/table/table.ts';

const NOW = Date.parse('2026-11-26T20:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const silent = (at: string) => ({ kind: 'silent', message: 'no frame from the shuffler for 15 s', at, params: { s: 15 }, recorded: true });
const refused = (at: string) => ({ kind: 'card-refused', code: 'OTHER_SHOE', message: 'card 3 of another shoe', at });

describe('the shuffler line as the floor is told it', () => {
  it('does not count a silence the shoe recorded once the line speaks again: the floor shows it from the record', () => {
    const link: LinkStatus = { connected: true, state: 'DEALING', alerts: [silent(ago(60_000))] };
    const s = linkSummary(link, NOW);
    expect(s.alerts).to.equal(0);
    expect(s).not.to.have.property('last');
  });

  it('lets a silence go once the shuffler has spoken since, recorded or not', () => {
    const startUp = { ...silent(ago(60_000)), recorded: false };
    expect(linkSummary({ connected: true, state: 'READY', lastFrameAt: ago(30_000), alerts: [startUp] }, NOW).alerts).to.equal(0);
    // still silent: the alert stays
    expect(linkSummary({ connected: true, lastFrameAt: ago(90_000), alerts: [startUp] }, NOW).alerts).to.equal(1);
  });

  it('counts a line alert while it is current, and says which is the newest', () => {
    const link: LinkStatus = { connected: true, alerts: [refused(ago(120_000)), { ...refused(ago(30_000)), code: 'SEQ_MISMATCH', message: 'card 9 differs' }] };
    const s = linkSummary(link, NOW);
    expect(s.alerts).to.equal(2);
    expect(s.last).to.deep.equal({ kind: 'card-refused', code: 'SEQ_MISMATCH', message: 'card 9 differs', at: ago(30_000) });
  });

  it('lets a line alert go once it is no longer current, the line being up', () => {
    const link: LinkStatus = { connected: true, alerts: [refused(ago(LINK_ALERT_CURRENT_MS + 1000))] };
    expect(linkSummary(link, NOW).alerts).to.equal(0);
    expect(linkSummary(link, NOW - 2000).alerts).to.equal(1);
  });

  it('keeps the alert that says why the line is down for as long as it is down', () => {
    const lost = { kind: 'port-lost', message: 'shuffler port lost', at: ago(3 * LINK_ALERT_CURRENT_MS) };
    const s = linkSummary({ connected: false, alerts: [refused(ago(4 * LINK_ALERT_CURRENT_MS)), lost] }, NOW);
    expect(s.alerts).to.equal(1);
    expect(s.last?.kind).to.equal('port-lost');
    expect(linkSummary({ connected: true, alerts: [lost] }, NOW).alerts).to.equal(0);
  });

  it('does not say an old start-up silence when the line went down with a silence the shoe recorded', () => {
    // seen on the floor: "no word for 15 s (14:30:09)" for a shuffler stopped at 14:33 (outsider pass 15)
    const startUp = { ...silent(ago(3 * LINK_ALERT_CURRENT_MS)), recorded: false };
    const s = linkSummary({ connected: false, alerts: [startUp, silent(ago(20_000))] }, NOW);
    expect(s.alerts).to.equal(0);
    expect(s).not.to.have.property('last');
  });
});

describe('the shuffler’s last silence, told after it ended (outsider pass 20, F8)', () => {
  const at = (s: number) => new Date(NOW + s * 1000).toISOString();
  const quiet = { kind: 'silent' as const, message: 'no frame from the shuffler for 15 s', params: { s: 15 } };

  it('runs from the shuffler’s last frame before the silence to its first frame after', () => {
    const board = new LinkBoard((e) => {
      throw e;
    });
    board.heard(at(0));
    board.alert(quiet, at(15), true);
    board.alert({ ...quiet, message: 'no frame from the shuffler for 30 s', params: { s: 30 } }, at(30), true);
    expect(board.status).not.to.have.property('lastSilence');
    board.heard(at(35));
    expect(board.status.lastSilence).to.deep.equal({ from: at(0), to: at(35) });
    // the frames after it do not move it
    board.update({ state: 'DEALING' }, at(36));
    expect(board.status.lastSilence).to.deep.equal({ from: at(0), to: at(35) });
  });

  it('is not kept when the shuffler had not spoken since the server started', () => {
    const board = new LinkBoard((e) => {
      throw e;
    });
    board.alert(quiet, at(15));
    board.heard(at(20));
    expect(board.status).not.to.have.property('lastSilence');
    // its next silence, once it has spoken, is
    board.alert(quiet, at(40), true);
    board.heard(at(41));
    expect(board.status.lastSilence).to.deep.equal({ from: at(20), to: at(41) });
  });

  it('is in the status the table reports to the floor, and read back there', () => {
    const link: LinkStatus = { connected: true, lastFrameAt: at(36), alerts: [silent(at(15))], lastSilence: { from: at(0), to: at(35) } };
    const reported = JSON.parse(JSON.stringify({ link: linkSummary(link, NOW + 40_000), central: null, shoe: 'S1', lastEventAt: null }));
    expect(readReportedStatus(reported).link?.lastSilence).to.deep.equal({ from: at(0), to: at(35) });
  });
});
