import { expect } from 'chai';
import type { SerialPortMock } from 'serialport';
import { LinkSession } from '../../../server/serial/link-session.ts';
import type { LinkSessionOptions } from '../../../server/serial/link-session-options.ts';
import { MemoryCardSink } from '../../../server/serial/memory-card-sink.ts';
import { card, HeldStores, hostLines, mockLinePerTest, openMockPort, settle, shufflerSends, untilInTurns } from './mock-line.ts';

// docs/serial-protocol.md
describe('the host side of the shuffler link', () => {
  let sink: MemoryCardSink;
  let session: LinkSession | null;
  const line = mockLinePerTest(() => session?.close());

  beforeEach(() => {
    sink = new MemoryCardSink();
    session = null;
  });

  async function startSession(options: Partial<LinkSessionOptions> = {}): Promise<LinkSession> {
    session = new LinkSession({ sink, port: line.port, ...options });
    await session.start();
    return session;
  }

  /** What the host wrote, minus the STAT? it sends on start. */
  const replies = (): string[] => hostLines(line.port).filter((l) => l !== 'STAT?');

  it('refuses a repeated card number carrying another card instead of acknowledging it (a lost SHOE frame)', async () => {
    await sink.shoeReady('S1', 312);
    for (const [seq, c] of [
      [1, 'QH'],
      [2, 'KS'],
      [3, '7D'],
    ] as const)
      await sink.storeCard({ seq, card: c, exposed: false });
    await startSession();
    shufflerSends(line.port, card(2, '4C'));
    await untilInTurns(() => sink.alertsOf('card-refused').length === 1, 'the mismatch is alerted');
    expect(sink.alertsOf('card-refused')[0]).to.include({ code: 'SEQ_MISMATCH' });
    shufflerSends(line.port, card(2, 'KS'));
    await untilInTurns(() => replies().includes('ACK,2'), 'the true repeat is acknowledged again');
    expect(replies().filter((l) => l.startsWith('ACK'))).to.deep.equal(['ACK,2']);
    expect(sink.cards.map((c) => c.card)).to.deep.equal(['QH', 'KS', '7D']);
  });

  it('resumes from the last stored card as soon as it starts after a restart mid-shoe', async () => {
    await sink.shoeReady('S1', 312);
    for (let seq = 1; seq <= 7; seq++) await sink.storeCard({ seq, card: 'QH', exposed: false });
    await startSession();
    await untilInTurns(() => hostLines(line.port).length >= 2, 'the host has written its first frames');
    await settle();
    expect(hostLines(line.port)).to.deep.equal(['STAT?', 'RESEND,8']);
  });

  it("asks the shuffler its status again as soon as it announces a new shoe, so the old shoe's EMPTY is not shown through the burn", async () => {
    await startSession();
    await untilInTurns(() => hostLines(line.port).length >= 1, 'the STAT? of the start');
    shufflerSends(line.port, { kind: 'SHOE', serial: 'S2', cards: 312 });
    await untilInTurns(() => hostLines(line.port).length >= 2, 'the host has asked again');
    expect(hostLines(line.port)).to.deep.equal(['STAT?', 'STAT?']);
  });

  it('asks the shuffler its status on start and shows HELLO and STAT', async () => {
    await startSession();
    shufflerSends(line.port, { kind: 'HELLO', model: 'TQSIM', firmware: '1.0' }, { kind: 'STAT', state: 'DEALING', remaining: 300 });
    await untilInTurns(() => sink.statuses.length === 2, 'both statuses are shown');
    expect(hostLines(line.port)).to.deep.equal(['STAT?']);
    expect(sink.statuses).to.deep.equal([
      { model: 'TQSIM', firmware: '1.0' },
      { state: 'DEALING', remaining: 300 },
    ]);
  });

  it('acknowledges a card only after the sink has stored it', async () => {
    const held = new HeldStores();
    sink = new MemoryCardSink(held.persist);
    await startSession();
    shufflerSends(line.port, card(1, '10H', true));
    await untilInTurns(() => held.calls.length === 1, 'the card reaches the sink');
    await settle(50);
    expect(replies(), 'nothing may be acknowledged before the store resolves').to.deep.equal([]);
    held.calls[0]!.resolve();
    await untilInTurns(() => replies().length === 1, 'the ACK is written');
    expect(replies()).to.deep.equal(['ACK,1']);
    expect(sink.cards).to.deep.equal([{ seq: 1, card: 'TH', exposed: true }]);
  });

  it('stores cards strictly one at a time: a second card waits while the first is stored', async () => {
    const held = new HeldStores();
    sink = new MemoryCardSink(held.persist);
    await startSession();
    shufflerSends(line.port, card(1, 'QH'), card(2, 'KS'));
    await untilInTurns(() => held.calls.length === 1, 'the first card reaches the sink');
    await settle(50);
    expect(held.calls, 'the second card must wait').to.have.length(1);
    held.calls[0]!.resolve();
    await untilInTurns(() => held.calls.length === 2, 'the second card reaches the sink');
    expect(replies()).to.deep.equal(['ACK,1']);
    held.calls[1]!.resolve();
    await untilInTurns(() => replies().length === 2, 'both ACKs are written');
    expect(replies()).to.deep.equal(['ACK,1', 'ACK,2']);
    expect(sink.cards.map((c) => c.card)).to.deep.equal(['QH', 'KS']);
  });

  it('acknowledges a repeated seq again and does not store it twice', async () => {
    const s = await startSession();
    shufflerSends(line.port, card(1, 'QH'), card(2, 'KS'), card(2, 'KS'), card(1, 'QH'));
    await untilInTurns(() => replies().length === 4, 'four ACKs are written');
    expect(replies()).to.deep.equal(['ACK,1', 'ACK,2', 'ACK,2', 'ACK,1']);
    expect(sink.cards.map((c) => c.seq)).to.deep.equal([1, 2]);
    expect(s.counters).to.include({ stored: 2, duplicates: 2, acks: 4 });
  });

  it('answers a gap with one RESEND from the missing card and plays nothing after it until it is filled', async () => {
    const s = await startSession();
    shufflerSends(line.port, card(1, 'AH'), card(3, '3H'), card(4, '4H'), card(5, '5H'));
    await untilInTurns(() => s.counters.frames === 4, 'four frames are read');
    await s.idle();
    expect(sink.cards.map((c) => c.seq)).to.deep.equal([1]);
    expect(replies()).to.deep.equal(['ACK,1', 'RESEND,2']);
    expect(sink.alertsOf('gap')).to.have.length(1);
    expect(s.counters.dropped).to.equal(3);

    shufflerSends(line.port, card(2, '2H'), card(3, '3H'), card(4, '4H'), card(5, '5H'));
    await untilInTurns(() => sink.cards.length === 5, 'the gap is filled and the rest played');
    expect(sink.cards.map((c) => c.card)).to.deep.equal(['AH', '2H', '3H', '4H', '5H']);
    await untilInTurns(() => replies().length === 6, 'every card is acknowledged');
    expect(replies()).to.deep.equal(['ACK,1', 'RESEND,2', 'ACK,2', 'ACK,3', 'ACK,4', 'ACK,5']);
  });

  it('asks again for a gap not filled within a second, and stops once it is filled', async () => {
    const c = line.fakeTime();
    await startSession();
    shufflerSends(line.port, card(1), card(3));
    await untilInTurns(() => replies().length === 2, 'ACK and RESEND are written');
    await c.tickAsync(999);
    await settle();
    expect(replies()).to.deep.equal(['ACK,1', 'RESEND,2']);
    await c.tickAsync(1);
    await untilInTurns(() => replies().length === 3, 'the RESEND is repeated');
    expect(replies()[2]).to.equal('RESEND,2');
    shufflerSends(line.port, card(2));
    await untilInTurns(() => replies().length === 4, 'card 2 is acknowledged');
    await c.tickAsync(5000);
    await settle();
    expect(replies()).to.deep.equal(['ACK,1', 'RESEND,2', 'RESEND,2', 'ACK,2']);
    expect(sink.alertsOf('gap'), 'one alert per gap').to.have.length(1);
  });

  it('answers a bad checksum with a bad-frame alert and RESEND from the next expected card', async () => {
    const s = await startSession();
    shufflerSends(line.port, card(1), '$TQ,CARD,2,KS*00\r\n');
    await untilInTurns(() => replies().length === 2, 'ACK and RESEND are written');
    expect(replies()).to.deep.equal(['ACK,1', 'RESEND,2']);
    expect(sink.alertsOf('bad-frame')).to.have.length(1);
    expect(sink.alertsOf('bad-frame')[0]!.code).to.equal('CHECKSUM');
    expect(s.counters).to.include({ badFrames: 1, resends: 1 });
  });

  it('answers bad syntax the same way, and skips garbage without complaint', async () => {
    const s = await startSession();
    shufflerSends(line.port, 'line noise', card(1), '$TQ,CARD,2\r\n', Buffer.from([0, 1, 2]));
    await untilInTurns(() => replies().length === 2, 'ACK and RESEND are written');
    expect(replies()).to.deep.equal(['ACK,1', 'RESEND,2']);
    expect(sink.alertsOf('bad-frame').map((a) => a.code)).to.deep.equal(['SYNTAX']);
    expect(s.counters.garbageBytes).to.equal(10 + 3);
  });

  it('raises a shuffler-error alert for an ERR frame', async () => {
    await startSession();
    shufflerSends(line.port, { kind: 'ERR', code: 'JAM', text: 'Card jam' });
    await untilInTurns(() => sink.alerts.length === 1, 'an alert is raised');
    expect(sink.alerts[0]).to.deep.include({ kind: 'shuffler-error', code: 'JAM' });
    expect(sink.alerts[0]!.message).to.include('Card jam');
  });

  it('raises one silent alert after 15 s without a frame, and watches again once frames return', async () => {
    const c = line.fakeTime();
    await startSession();
    await c.tickAsync(10_000);
    shufflerSends(line.port, { kind: 'STAT', state: 'READY', remaining: 312 });
    await untilInTurns(() => sink.statuses.length === 1, 'the STAT is read');
    await c.tickAsync(14_999);
    expect(sink.alertsOf('silent')).to.have.length(0);
    await c.tickAsync(1);
    expect(sink.alertsOf('silent')).to.have.length(1);
    await c.tickAsync(60_000);
    expect(sink.alertsOf('silent'), 'once, until frames come again').to.have.length(1);
    shufflerSends(line.port, { kind: 'STAT', state: 'READY', remaining: 312 });
    await untilInTurns(() => sink.statuses.length === 2, 'the STAT is read');
    await c.tickAsync(15_000);
    expect(sink.alertsOf('silent')).to.have.length(2);
  });

  it('takes silenceMs from its options', async () => {
    const c = line.fakeTime();
    await startSession({ silenceMs: 3000 });
    await c.tickAsync(3000);
    expect(sink.alertsOf('silent')).to.have.length(1);
  });

  it('ends the shoe on EMPTY once every card up to its last seq is stored', async () => {
    await startSession();
    shufflerSends(line.port, card(1), card(2), { kind: 'EMPTY', lastSeq: 2 }, { kind: 'EMPTY', lastSeq: 2 });
    await untilInTurns(() => sink.empties.length === 1, 'the shoe ends');
    await session!.idle();
    expect(sink.empties, 'only once').to.deep.equal([2]);
  });

  it('answers an EMPTY that comes before its last cards with RESEND, and ends the shoe when they are in', async () => {
    await startSession();
    shufflerSends(line.port, card(1), { kind: 'EMPTY', lastSeq: 3 });
    await untilInTurns(() => replies().length === 2, 'ACK and RESEND are written');
    expect(replies()).to.deep.equal(['ACK,1', 'RESEND,2']);
    expect(sink.empties).to.deep.equal([]);
    shufflerSends(line.port, card(2), card(3));
    await untilInTurns(() => sink.empties.length === 1, 'the shoe ends');
    expect(sink.empties).to.deep.equal([3]);
    expect(sink.cards.map((c) => c.seq)).to.deep.equal([1, 2, 3]);
  });

  it('restarts the seq at 1 after a SHOE frame', async () => {
    await startSession();
    shufflerSends(line.port, { kind: 'SHOE', serial: 'A', cards: 312 }, card(1, 'AH'), card(2, '2H'), { kind: 'SHOE', serial: 'B', cards: 312 }, card(1, 'KS'));
    await untilInTurns(() => replies().length === 3, 'three ACKs are written');
    expect(sink.shoes.map((s) => s.serial)).to.deep.equal(['A', 'B']);
    expect(sink.cards).to.deep.equal([{ seq: 1, card: 'KS', exposed: false }]);
    expect(replies()).to.deep.equal(['ACK,1', 'ACK,2', 'ACK,1']);
    expect(session!.counters.duplicates).to.equal(0);
  });

  it('raises card-refused and does not acknowledge a card the sink refuses', async () => {
    const held = new HeldStores();
    sink = new MemoryCardSink(held.persist);
    await startSession();
    shufflerSends(line.port, card(1, 'QH'));
    await untilInTurns(() => held.calls.length === 1, 'the card reaches the sink');
    held.calls[0]!.reject(Object.assign(new Error('a shoe is not in play'), { code: 'SHOE_NOT_STARTED' }));
    await untilInTurns(() => sink.alertsOf('card-refused').length === 1, 'the refusal is alerted');
    await session!.idle();
    await settle(50);
    expect(replies()).to.deep.equal([]);
    expect(sink.alerts[0]).to.deep.include({ kind: 'card-refused', code: 'SHOE_NOT_STARTED' });
    expect(sink.cards).to.deep.equal([]);
  });

  it('reopens a lost port with back-off (100, 200, 400 ms …) and asks RESEND from the last stored card', async () => {
    const c = line.fakeTime();
    const opened: { at: number; ok: boolean }[] = [];
    let reopened: SerialPortMock | null = null;
    const start = Date.now();
    const openPort = async (): Promise<SerialPortMock> => {
      const ok = opened.length >= 2;
      opened.push({ at: Date.now() - start, ok });
      if (!ok) throw new Error('ENOENT: no such device');
      reopened = await openMockPort();
      return reopened;
    };
    await startSession({ openPort });
    shufflerSends(line.port, card(1), card(2));
    await untilInTurns(() => sink.cards.length === 2, 'two cards are stored');

    line.port.close();
    await untilInTurns(() => sink.alertsOf('port-lost').length === 1, 'the loss is alerted');
    await c.tickAsync(100);
    await c.tickAsync(200);
    await untilInTurns(() => opened.length === 2, 'two attempts have failed');
    expect(reopened).to.equal(null);
    await c.tickAsync(400);
    await untilInTurns(() => sink.alertsOf('port-reopened').length === 1, 'the reopening is alerted');
    expect(opened).to.deep.equal([
      { at: 100, ok: false },
      { at: 300, ok: false },
      { at: 700, ok: true },
    ]);

    const again = reopened as unknown as SerialPortMock;
    await untilInTurns(() => hostLines(again).length === 1, 'the RESEND is written on the new port');
    expect(hostLines(again)).to.deep.equal(['RESEND,3']);
    shufflerSends(again, card(3));
    await untilInTurns(() => sink.cards.length === 3, 'the link carries on');
    await session!.close();
    expect(again.isOpen, 'the session closes the port it opened').to.equal(false);
  });

  it('caps the reopen back-off at reopenMaxMs', async () => {
    const c = line.fakeTime();
    const at: number[] = [];
    const start = Date.now();
    await startSession({
      reopenMaxMs: 1000,
      openPort: async () => {
        at.push(Date.now() - start);
        throw new Error('ENOENT');
      },
    });
    line.port.close();
    await untilInTurns(() => sink.alertsOf('port-lost').length === 1, 'the loss is alerted');
    for (let i = 0; i < 7; i++) await c.tickAsync(1000);
    expect(at).to.deep.equal([100, 300, 700, 1500, 2500, 3500, 4500, 5500, 6500]);
  });

  it('stops its timers on close', async () => {
    const c = line.fakeTime();
    const s = await startSession();
    // a gap in an announced shoe (the gap timer runs): with no SHOE heard, card 2 would be refused, not asked for
    shufflerSends(line.port, { kind: 'SHOE', serial: 'S1', cards: 312 }, card(2));
    await untilInTurns(() => replies().length === 1, 'the RESEND is written');
    await s.close();
    session = null;
    await c.tickAsync(60_000);
    expect(sink.alertsOf('silent')).to.have.length(0);
    expect(replies()).to.deep.equal(['RESEND,1']);
    expect(c.countTimers()).to.equal(0);
  });
});
