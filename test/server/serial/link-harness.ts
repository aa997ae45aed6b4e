/**
 * A whole shuffler link in memory for the link's property test: a pair of
 * line ends joined together (what one end writes the other receives, a turn
 * later), the host's LinkSession on one end with a MemoryCardSink, real
 * ShufflerSimulators on the other, each a short fixture shoe under its own
 * serial, and the steps a bad evening brings (faults, storms, replays of an
 * old shoe, EMPTY, a new SHOE, the table starting or suspending a shoe, the
 * port lost and reopened). Time does not pass: the simulators' own resends
 * are asked for as steps, so a run is the same each time from its seed.
 *
 * Not modelled: cards of an earlier shuffler shoe sent after a later SHOE
 * frame. A serial line keeps its order and a reloaded shuffler holds only its
 * new shoe, and TQ/1 cards carry no serial, so no host could tell such a card
 * from the new shoe's (docs/serial-protocol.md#seq-mismatch, the TQ/2 proposal).
 */
import { EventEmitter } from 'node:events';
import { decodeFrame, encodeFrame, type Frame } from '../../../server/serial/frame.ts';
import type { LinePort } from '../../../server/serial/line-port.ts';
import { LinkSession } from '../../../server/serial/link-session.ts';
import { MemoryCardSink } from '../../../server/serial/memory-card-sink.ts';
import type { FaultKind } from '../../../server/simulator/fault-plan.ts';
import { shuffledShoe } from '../../../server/simulator/shuffled-shoe.ts';
import { ShufflerSimulator } from '../../../server/simulator/shuffler-simulator.ts';
import { parseCard } from '../../../shoe/card.ts';

/** One end of an in-memory line. */
class LineEnd extends EventEmitter implements LinePort {
  isOpen = true;
  peer: LineEnd | null = null;
  constructor(
    private readonly wire: { inFlight: number },
    private readonly onWrite?: (data: Buffer) => void,
  ) {
    super();
  }
  write(data: string | Buffer, callback?: (error: Error | null | undefined) => void): boolean {
    const bytes = Buffer.from(data);
    if (!this.isOpen) {
      callback?.(new Error('port closed'));
      return false;
    }
    this.onWrite?.(bytes);
    const peer = this.peer;
    this.wire.inFlight++;
    setImmediate(() => {
      this.wire.inFlight--;
      if (peer?.isOpen && peer.peer === this) peer.emit('data', bytes);
    });
    callback?.(null);
    return true;
  }
  close(callback?: (error?: Error | null) => void): void {
    if (this.isOpen) {
      this.isOpen = false;
      this.emit('close');
    }
    callback?.(null);
  }
}

export type Step =
  | { kind: 'pull' }
  | { kind: 'fault'; fault: Extract<FaultKind, 'drop' | 'duplicate' | 'garbage' | 'badChecksum' | 'split'> }
  | { kind: 'resend-overdue' }
  | { kind: 'resend-storm'; from: number; times: number }
  | { kind: 'empty-again' }
  | { kind: 'shoe-replay' }
  | { kind: 'new-shoe'; cards: number }
  | { kind: 'table-starts' }
  | { kind: 'suspend' }
  | { kind: 'port-lost' };

interface Shoe {
  serial: string;
  cards: string[];
  sim: ShufflerSimulator;
}

export class LinkHarness {
  readonly sink = new MemoryCardSink();
  readonly shoes: Shoe[] = [];
  /** Per stored card (index in sink.tagged): acknowledged by the ACK written right after it was stored. */
  readonly storeAcked: boolean[] = [];
  private readonly wire = { inFlight: 0 };
  private readonly shuffler = new LineEnd(this.wire);
  private host: LineEnd;
  private readonly session: LinkSession;
  private reopened = 0;

  constructor(private readonly seed: number) {
    this.host = this.hostEnd();
    this.session = new LinkSession({
      sink: this.sink,
      openPort: async () => (this.host = this.hostEnd()),
      reopenMinMs: 1,
      reopenMaxMs: 1,
      gapResendMs: 3_600_000,
      silenceMs: 3_600_000,
    });
    this.sink.alert = ((alert) => {
      this.sink.alerts.push(alert);
      if (alert.kind === 'port-reopened') this.reopened++;
    }) as MemoryCardSink['alert'];
  }

  get current(): Shoe {
    return this.shoes.at(-1)!;
  }

  async start(cards: number): Promise<void> {
    await this.session.start();
    this.load(cards);
    await this.quiet();
  }

  async close(): Promise<void> {
    for (const shoe of this.shoes) shoe.sim.stop();
    await this.session.close();
  }

  async step(step: Step): Promise<void> {
    const sim = this.current.sim;
    switch (step.kind) {
      case 'pull':
        sim.deal();
        break;
      case 'fault':
        sim.inject({ kind: step.fault });
        break;
      case 'resend-overdue': // what the shuffler's one-second timer does
        if (sim.acked < sim.dealt) this.toShuffler({ kind: 'RESEND', from: sim.acked + 1 });
        break;
      case 'resend-storm':
        for (let k = 0; k < step.times; k++) this.toShuffler({ kind: 'RESEND', from: 1 + (step.from % Math.max(1, sim.dealt)) });
        break;
      case 'empty-again': // the heartbeat's EMPTY of an emptied shoe
        if (sim.remaining === 0) this.toShuffler({ kind: 'RESEND', from: sim.dealt + 1 });
        break;
      case 'shoe-replay': {
        // the shuffler pours out its whole shoe again (what it did when asked RESEND,1 after EMPTY), whatever shoe the table is on
        for (let seq = 1; seq <= sim.dealt; seq++) this.fromShuffler({ kind: 'CARD', seq, card: parseCard(this.current.cards[seq - 1]!), exposed: false });
        if (sim.remaining === 0) this.fromShuffler({ kind: 'EMPTY', lastSeq: sim.dealt });
        break;
      }
      case 'new-shoe':
        sim.stop();
        this.load(step.cards);
        break;
      case 'table-starts':
        if (this.sink.shoeInPlay() === null) this.sink.startShoe();
        break;
      case 'suspend':
        if (this.sink.shoe && !this.sink.shoe.ended) this.sink.shoe.ended = true;
        break;
      case 'port-lost': {
        const before = this.reopened;
        this.host.close();
        for (let turn = 0; this.reopened === before; turn++) {
          if (turn > 5000) throw new Error('the port was not reopened');
          await new Promise((r) => setTimeout(r, 1));
        }
        break;
      }
      default: {
        const never: never = step;
        throw new Error(`unhandled step ${JSON.stringify(never)}`);
      }
    }
    await this.quiet();
  }

  /** Waits until nothing is on the wire and the host has handled every frame. */
  async quiet(): Promise<void> {
    for (let still = 0; still < 3; ) {
      await new Promise((r) => setImmediate(r));
      await this.session.idle();
      still = this.wire.inFlight === 0 ? still + 1 : 0;
    }
  }

  private load(cards: number): void {
    const n = this.shoes.length + 1;
    const dealt = shuffledShoe(`${this.seed}-${n}`)
      .slice(0, cards)
      .map((c) => c.card);
    const sim = new ShufflerSimulator({
      port: this.shuffler,
      seed: `${this.seed}-${n}`,
      cards: dealt.map((card) => ({ card })),
      shoeSerial: `S${n}`,
      heartbeatMs: 0,
      resendMs: 3_600_000,
    });
    this.shoes.push({ serial: `S${n}`, cards: dealt, sim });
    sim.start();
  }

  private hostEnd(): LineEnd {
    const end = new LineEnd(this.wire, (bytes) => this.hostWrote(bytes));
    end.peer = this.shuffler;
    this.shuffler.peer = end;
    return end;
  }

  /** The ACK that follows a card's store is that card's acknowledgement. */
  private hostWrote(bytes: Buffer): void {
    for (const line of bytes.toString('latin1').split('\r\n')) {
      if (line === '') continue;
      const frame = decodeFrame(line);
      const last = this.sink.tagged.length - 1;
      if (frame.kind === 'ACK' && last >= 0 && this.sink.tagged[last]!.seq === frame.seq && !this.storeAcked[last]) this.storeAcked[last] = true;
    }
  }

  /** A frame as if the host had sent it (the shuffler's own timers, a storm of RESEND). */
  private toShuffler(frame: Frame): void {
    this.shuffler.emit('data', Buffer.from(encodeFrame(frame), 'latin1'));
  }

  /** A frame on the line from the shuffler's side, written by the test. */
  private fromShuffler(frame: Frame): void {
    this.shuffler.write(encodeFrame(frame));
  }
}
