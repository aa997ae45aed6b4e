import { expect } from 'chai';
import sinon from 'sinon';
import { decodeFrame, FrameError } from '../../../server/serial/frame.ts';
import { ShufflerSimulator } from '../../../server/simulator/shuffler-simulator.ts';
import type { ShufflerSimulatorOptions } from '../../../server/simulator/simulator-options.ts';
import { shuffledShoe } from '../../../server/simulator/shuffled-shoe.ts';
import { mockLinePerTest, settle } from '../serial/mock-line.ts';
import { hostSends, simulatorLines, simulatorWrote } from './sim-line.ts';

const THREE = [{ card: 'AH' }, { card: '10D' }, { card: 'KS' }];

// docs/serial-protocol.md (shuffler side)
describe('the shuffler simulator', () => {
  let sim: ShufflerSimulator | null = null;
  const line = mockLinePerTest(() => {
    sim?.stop();
    sim = null;
  });

  function start(options: Partial<ShufflerSimulatorOptions> = {}): ShufflerSimulator {
    sim = new ShufflerSimulator({ port: line.port, heartbeatMs: 0, ...options });
    sim.start();
    return sim;
  }

  const lines = async (): Promise<string[]> => {
    await settle();
    return simulatorLines(line.port);
  };

  it('greets with HELLO,TQSIM,1.0 and announces a 312-card SHOE', async () => {
    start({ seed: 5 });
    expect(await lines()).to.deep.equal(['HELLO,TQSIM,1.0', 'SHOE,SIM-5,312']);
  });

  it('deals the seeded shoe in order, one card per deal()', async () => {
    const s = start({ seed: 5 });
    const shoe = shuffledShoe(5);
    s.deal();
    s.deal();
    expect((await lines()).slice(2)).to.deep.equal([`CARD,1,${shoe[0]!.card}`, `CARD,2,${shoe[1]!.card}`]);
    expect(s.remaining).to.equal(310);
  });

  it('deals a fixture card by card, with its exposed flags, then sends EMPTY', async () => {
    const s = start({ cards: [{ card: 'AH' }, { card: '10D', exposed: true }] });
    expect(s.deal() && s.deal()).to.equal(true);
    expect(s.deal(), 'nothing is left').to.equal(false);
    expect((await lines()).slice(1)).to.deep.equal(['SHOE,SIM-1,2', 'CARD,1,AH', 'CARD,2,TD,E', 'EMPTY,2']);
  });

  it('keeps at most `window` cards unacknowledged and deals again after an ACK', async () => {
    const s = start({ window: 2 });
    expect([s.deal(), s.deal(), s.deal()]).to.deep.equal([true, true, false]);
    expect(s.state).to.equal('WAITING');
    hostSends(line.port, { kind: 'ACK', seq: 1 });
    await settle();
    expect(s.deal()).to.equal(true);
    expect(s.dealt).to.equal(3);
  });

  it('resends an unacknowledged card every second until it is acknowledged', async () => {
    const c = line.fakeTime();
    const s = start({ cards: THREE });
    s.deal();
    s.deal();
    hostSends(line.port, { kind: 'ACK', seq: 1 });
    await settle();
    await c.tickAsync(999);
    expect((await lines()).filter((l) => l.startsWith('CARD'))).to.deep.equal(['CARD,1,AH', 'CARD,2,TD']);
    await c.tickAsync(300);
    expect((await lines()).filter((l) => l.startsWith('CARD'))).to.deep.equal(['CARD,1,AH', 'CARD,2,TD', 'CARD,2,TD']);
    hostSends(line.port, { kind: 'ACK', seq: 2 });
    await settle();
    await c.tickAsync(5000);
    expect((await lines()).filter((l) => l.startsWith('CARD'))).to.have.length(3);
  });

  it('honours RESEND from a card on, sending only cards already dealt', async () => {
    const s = start({ cards: [...THREE, { card: 'QC' }] });
    s.deal();
    s.deal();
    s.deal();
    hostSends(line.port, { kind: 'RESEND', from: 2 });
    await settle();
    expect((await lines()).slice(2)).to.deep.equal(['CARD,1,AH', 'CARD,2,TD', 'CARD,3,KS', 'CARD,2,TD', 'CARD,3,KS']);
  });

  it('sends EMPTY again on a RESEND past the last card, since EMPTY is never acknowledged', async () => {
    const s = start({ cards: THREE });
    s.deal();
    s.deal();
    s.deal();
    hostSends(line.port, { kind: 'RESEND', from: 4 });
    await settle();
    expect((await lines()).filter((l) => l.startsWith('EMPTY'))).to.deep.equal(['EMPTY,3', 'EMPTY,3']);
  });

  it('answers STAT? with its state and the cards remaining, and beats STAT every 5 s', async () => {
    const c = line.fakeTime();
    const s = start({ cards: THREE, heartbeatMs: 5000 });
    s.deal();
    hostSends(line.port, { kind: 'STAT?' });
    await settle();
    expect((await lines()).filter((l) => l.startsWith('STAT'))).to.deep.equal(['STAT,DEALING,2']);
    hostSends(line.port, { kind: 'ACK', seq: 1 });
    await settle();
    await c.tickAsync(10_000);
    expect((await lines()).filter((l) => l.startsWith('STAT'))).to.deep.equal(['STAT,DEALING,2', 'STAT,DEALING,2', 'STAT,DEALING,2']);
  });

  it('deals by itself every paceMs', async () => {
    const c = line.fakeTime();
    const s = start({ paceMs: 100, window: 100 });
    await c.tickAsync(1000);
    expect(s.dealt).to.equal(10);
  });

  describe('faults', () => {
    it('badChecksum@2 spoils the checksum of card 2 and nothing else; its resend is clean', async () => {
      const s = start({ cards: THREE, faults: ['badChecksum@2'] });
      s.deal();
      s.deal();
      hostSends(line.port, { kind: 'RESEND', from: 2 });
      await settle();
      const { items } = await simulatorWrote(line.port);
      const bad = items.filter((i) => !i.ok);
      expect(bad).to.have.length(1);
      expect(bad[0]!.raw).to.match(/^\$TQ,CARD,2,TD\*/);
      expect(() => decodeFrame(bad[0]!.raw))
        .to.throw(FrameError)
        .with.property('code', 'CHECKSUM');
      expect((await lines()).slice(2)).to.deep.equal(['CARD,1,AH', 'CARD,2,TD']);
    });

    it('drop@2 never sends card 2 the first time', async () => {
      const s = start({ cards: THREE, faults: 'drop@2' });
      s.deal();
      s.deal();
      s.deal();
      expect((await lines()).slice(2)).to.deep.equal(['CARD,1,AH', 'CARD,3,KS', 'EMPTY,3']);
      expect(s.counters.faults.drop).to.equal(1);
    });

    it('duplicate@1 sends card 1 twice', async () => {
      start({ cards: THREE, faults: ['duplicate@1'] }).deal();
      expect((await lines()).slice(2)).to.deep.equal(['CARD,1,AH', 'CARD,1,AH']);
    });

    it('exposed@2 marks card 2 seen face up, and the dealt record says so', async () => {
      const s = start({ cards: THREE, faults: ['exposed@2'] });
      s.deal();
      s.deal();
      expect((await lines()).slice(2)).to.deep.equal(['CARD,1,AH', 'CARD,2,TD,E']);
      expect(s.dealtCards()).to.deep.equal([
        { seq: 1, card: 'AH', exposed: false },
        { seq: 2, card: 'TD', exposed: true },
      ]);
    });

    it('jam@2 reports ERR,JAM,Card jam, then deals card 2', async () => {
      const s = start({ cards: THREE, faults: ['jam@2'] });
      s.deal();
      s.deal();
      expect((await lines()).slice(2)).to.deep.equal(['CARD,1,AH', 'ERR,JAM,Card jam', 'CARD,2,TD']);
    });

    it('garbage@2 writes noise before card 2, which the host skips', async () => {
      const s = start({ cards: THREE, faults: ['garbage@2'] });
      s.deal();
      s.deal();
      await settle();
      const { frames, counters } = await simulatorWrote(line.port);
      expect(frames.map((f) => f.kind)).to.deep.equal(['HELLO', 'SHOE', 'CARD', 'CARD']);
      expect(counters.garbageBytes + counters.badFrames).to.be.greaterThan(0);
    });

    it('split writes a frame in several small writes that join back to it', async () => {
      const write = sinon.spy(line.port, 'write');
      const s = start({ cards: THREE, faults: ['split@1'] });
      const before = write.callCount;
      s.deal();
      expect(write.callCount - before).to.be.greaterThan(2);
      expect((await lines()).slice(2)).to.deep.equal(['CARD,1,AH']);
    });

    it('cut@2:500 kills the line both ways for 500 ms, then the unacknowledged card is resent', async () => {
      const c = line.fakeTime();
      const s = start({ cards: THREE, faults: ['cut@2:500'], resendMs: 1000 });
      s.deal();
      hostSends(line.port, { kind: 'ACK', seq: 1 });
      await settle();
      s.deal();
      hostSends(line.port, { kind: 'ACK', seq: 2 }); // lost in the cut
      await settle();
      expect((await lines()).slice(2)).to.deep.equal(['CARD,1,AH']);
      expect(s.acked).to.equal(1);
      await c.tickAsync(1100);
      expect((await lines()).slice(2)).to.deep.equal(['CARD,1,AH', 'CARD,2,TD']);
    });

    it('injects faults on demand: the next card is dropped, a jam is reported at once', async () => {
      const s = start({ cards: THREE });
      s.inject({ kind: 'drop' });
      s.inject({ kind: 'jam' });
      s.deal();
      s.deal();
      expect((await lines()).slice(2)).to.deep.equal(['ERR,JAM,Card jam', 'CARD,2,TD']);
    });

    it('replays the same bytes from the same seed and fault list', async () => {
      const faults = ['badChecksum:0.2', 'garbage:0.2', 'drop:0.1', 'duplicate:0.1', 'split:0.3', 'exposed:0.1', 'jam:0.05'];
      const a = start({ seed: 'replay', faults, window: 100 });
      for (let i = 0; i < 60; i++) a.deal();
      a.stop();
      await settle();
      const first = Buffer.from(line.port.port!.recording);
      await line.reopen();
      const b = start({ seed: 'replay', faults, window: 100 });
      for (let i = 0; i < 60; i++) b.deal();
      await settle();
      expect(line.port.port!.recording.equals(first)).to.equal(true);
      const { cut, ...used } = b.counters.faults;
      expect(cut).to.equal(0);
      expect(
        Object.values(used).every((n) => n > 0),
        JSON.stringify(used),
      ).to.equal(true);
    });
  });
});
