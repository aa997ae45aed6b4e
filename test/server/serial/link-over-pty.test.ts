import { expect } from 'chai';
import type { SerialPort } from 'serialport';
import { LinkSession } from '../../../server/serial/link-session.ts';
import { MemoryCardSink } from '../../../server/serial/memory-card-sink.ts';
import type { PtyPair } from '../../../server/serial/pty-pair.ts';
import { openSerial, serialConfig } from '../../../server/serial/serial-config.ts';
import { ShufflerSimulator } from '../../../server/simulator/shuffler-simulator.ts';
import { until } from '../../support/until.ts';
import { ptyPairOrSkip } from '../../support/pty.ts';

const EVERY_FAULT = [
  'badChecksum:0.05',
  'garbage:0.05',
  'drop:0.03',
  'duplicate:0.03',
  'split:0.2',
  'exposed:0.03',
  'exposed@7',
  'jam@100',
  'jam:0.01',
  'cut@200:400',
  'drop@312',
];

describe('the shuffler link end to end over a real serial line (PTY pair)', function () {
  this.timeout(30_000);
  let pair: PtyPair | null = null;
  const closers: (() => Promise<unknown>)[] = [];

  before(async function () {
    pair = await ptyPairOrSkip(this);
  });

  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  after(async () => pair?.close());

  async function open(path: string): Promise<SerialPort> {
    const port = (await openSerial(serialConfig({ path }, {}))) as SerialPort;
    closers.push(() => new Promise((r) => (port.isOpen ? port.close(r) : r(null))));
    return port;
  }

  it('stores a full 312-card shoe dealt through every fault: none lost, none twice, in order, exposed kept, EMPTY seen', async () => {
    const shufflerPort = await open(pair!.shufflerPath);
    const sink = new MemoryCardSink();
    const session = new LinkSession({
      sink,
      openPort: () => open(pair!.hostPath),
      gapResendMs: 200,
      silenceMs: 5000,
    });
    await session.start();
    closers.push(() => session.close());
    const sim = new ShufflerSimulator({
      port: shufflerPort,
      seed: 'end-to-end',
      paceMs: 3,
      resendMs: 150,
      heartbeatMs: 500,
      faults: EVERY_FAULT,
    });
    closers.push(async () => sim.stop());
    sim.start();

    await until(() => sink.empties.length > 0, 'the shoe is received to EMPTY', 30_000);
    await sim.whenComplete();

    const dealt = sim.dealtCards();
    expect(dealt).to.have.length(312);
    expect(sink.cards).to.deep.equal(dealt);
    expect(sink.empties).to.deep.equal([312]);
    expect(sink.shoes).to.deep.equal([{ serial: 'SIM-end-to-end', cards: 312 }]);
    expect(dealt.filter((c) => c.exposed).length).to.be.greaterThan(1);
    expect(dealt[6]!.exposed).to.equal(true);

    // Every fault really happened, and the host saw its effects.
    const { cut, ...faults } = sim.counters.faults;
    expect(cut).to.be.at.least(1);
    for (const [kind, n] of Object.entries(faults)) expect(n, kind).to.be.greaterThan(0);
    const c = session.counters;
    expect(c.badFrames, 'bad frames').to.be.greaterThan(0);
    expect(c.garbageBytes, 'garbage bytes').to.be.greaterThan(0);
    expect(c.duplicates, 'duplicates').to.be.greaterThan(0);
    expect(c.resends, 'resends').to.be.greaterThan(0);
    expect(c.stored).to.equal(312);
    expect(sink.alertsOf('shuffler-error').map((a) => a.code)).to.include('JAM');
    expect(sink.alertsOf('gap').length).to.be.greaterThan(0);
    expect(sink.alertsOf('bad-frame').length).to.equal(c.badFrames);
    expect(sink.alertsOf('card-refused')).to.deep.equal([]);
  });

  it('recovers when the host port is lost mid-shoe: reopens, asks RESEND, and the shoe completes intact', async () => {
    const shufflerPort = await open(pair!.shufflerPath);
    const sink = new MemoryCardSink();
    let hostPort: SerialPort | null = null;
    const session = new LinkSession({
      sink,
      openPort: async () => (hostPort = await open(pair!.hostPath)),
      gapResendMs: 200,
      reopenMinMs: 20,
    });
    await session.start();
    closers.push(() => session.close());
    const sim = new ShufflerSimulator({
      port: shufflerPort,
      seed: 'port-lost',
      cards: Array.from({ length: 60 }, (_, i) => ({ card: ['AH', 'KS', '7D', 'TC'][i % 4]! })),
      paceMs: 3,
      resendMs: 150,
    });
    closers.push(async () => sim.stop());
    sim.start();

    await until(() => sink.cards.length >= 20, '20 cards are stored', 30_000);
    const lost = hostPort!;
    lost.close();
    await until(() => sink.alertsOf('port-reopened').length === 1, 'the port is reopened', 30_000);
    expect(sink.alertsOf('port-lost')).to.have.length(1);
    await until(() => sink.empties.length > 0, 'the shoe is received to EMPTY', 30_000);
    expect(sink.cards).to.deep.equal(sim.dealtCards());
    expect(sink.cards).to.have.length(60);
  });
});
