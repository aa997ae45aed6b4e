/**
 * A card shuffler on the TQ/1 link (docs/serial-protocol.md), played in software for demos,
 * tests and benchmarks. On start it sends `HELLO,TQSIM,1.0` and
 * `SHOE,<serial>,<cards>`, then deals one CARD per `deal()` (or every
 * `paceMs`), keeps at most `window` cards unacknowledged (dealing waits when
 * full), resends an unacknowledged card every `resendMs`, honours
 * `RESEND,<from>` and `STAT?`, sends a STAT heartbeat every `heartbeatMs` and
 * `EMPTY,<last>` when no cards remain (again with each heartbeat, and on a
 * RESEND past the last card, since EMPTY is never acknowledged).
 * Faults (see fault-plan.ts) are injected by option or on demand; what goes
 * on the line, faults applied, is the transmitter's (transmitter.ts).
 */
import { EventEmitter } from 'node:events';
import { pino, type Logger } from 'pino';
import { FrameDecoder, type ParsedFrame } from '../serial/frame-decoder.ts';
import type { LinePort } from '../serial/line-port.ts';
import { DEFAULT_CUT_MS, FaultPlan, type Fault, parseFaults } from './fault-plan.ts';
import { FaultyLine } from './faulty-line.ts';
import { Transmitter } from './transmitter.ts';
import { fixtureShoe, shuffledShoe, type ShoeCard } from './shuffled-shoe.ts';
import type { ShufflerSimulatorOptions, SimulatorCounters, SimulatorState } from './simulator-options.ts';

export class ShufflerSimulator extends EventEmitter {
  readonly shoe: readonly ShoeCard[];
  private readonly cards: ShoeCard[];
  private readonly port: LinePort;
  private readonly tx: Transmitter;
  private readonly plan: FaultPlan;
  private readonly log: Logger;
  private readonly o: { serial: string; model: string; firmware: string; resendMs: number; window: number; heartbeatMs: number; paceMs?: number };
  private readonly decoder = new FrameDecoder();
  private readonly timers: ReturnType<typeof setInterval>[] = [];
  private dealtCount = 0;
  private ackedUpTo = 0;
  private running = false;

  constructor(options: ShufflerSimulatorOptions) {
    super();
    const seed = options.seed ?? 1;
    this.port = options.port;
    this.cards = options.cards ? fixtureShoe(options.cards) : shuffledShoe(seed, options.decks);
    this.shoe = this.cards;
    const faults = options.faults ?? [];
    const rules = typeof faults === 'string' ? parseFaults(faults) : faults.flatMap((f) => (typeof f === 'string' ? parseFaults(f) : [f]));
    this.plan = new FaultPlan(rules, seed);
    const line = new FaultyLine(options.port, (e) => this.log.warn({ err: e }, 'write to the host failed'));
    this.tx = new Transmitter(line, this.plan, (frame, applied) => this.emit('sent', frame, applied));
    this.log = options.logger ?? pino({ level: process.env.TQ_LOG_LEVEL ?? 'silent' });
    this.o = {
      serial: options.shoeSerial ?? `SIM-${seed}`,
      model: options.model ?? 'TQSIM',
      firmware: options.firmware ?? '1.0',
      resendMs: options.resendMs ?? 1000,
      window: options.window ?? 8,
      heartbeatMs: options.heartbeatMs ?? 5000,
      paceMs: options.paceMs,
    };
    if (options.resumeFrom) {
      this.dealtCount = Math.max(0, Math.min(options.resumeFrom.dealt, this.cards.length));
      this.ackedUpTo = Math.max(0, Math.min(options.resumeFrom.acked, this.dealtCount));
    }
  }

  get counters(): SimulatorCounters {
    return this.tx.counters;
  }
  get dealt(): number {
    return this.dealtCount;
  }
  get acked(): number {
    return this.ackedUpTo;
  }
  get remaining(): number {
    return this.cards.length - this.dealtCount;
  }
  get state(): SimulatorState {
    if (!this.running && this.dealtCount === 0) return 'READY';
    if (this.remaining === 0) return 'EMPTY';
    if (this.dealtCount - this.ackedUpTo >= this.o.window) return 'WAITING';
    return this.dealtCount === 0 ? 'READY' : 'DEALING';
  }

  /** Cards dealt so far, as the host must store them. */
  dealtCards(): { seq: number; card: string; exposed: boolean }[] {
    return this.cards.slice(0, this.dealtCount).map((c, i) => ({ seq: i + 1, card: c.card, exposed: c.exposed }));
  }

  /** Sends HELLO and SHOE and starts the timers. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.port.on('data', this.onData);
    this.tx.frame({ kind: 'HELLO', model: this.o.model, firmware: this.o.firmware });
    this.tx.frame({ kind: 'SHOE', serial: this.o.serial, cards: this.cards.length });
    this.every(Math.max(5, Math.floor(this.o.resendMs / 4)), () => this.resendOverdue());
    if (this.o.heartbeatMs > 0) this.every(this.o.heartbeatMs, () => this.heartbeat());
    if (this.o.paceMs !== undefined) this.every(this.o.paceMs, () => this.deal());
    this.emit('started');
  }

  /** Stops the timers and stops listening; the port stays open. */
  stop(): void {
    this.running = false;
    for (const t of this.timers.splice(0)) clearInterval(t);
    this.port.removeListener('data', this.onData);
  }

  /** Faults to act at their next chance; `jam` and `cut` act at once. */
  inject(fault: Fault): void {
    if (fault.kind === 'jam') return this.tx.jam();
    if (fault.kind === 'cut') return this.cut(fault.ms ?? DEFAULT_CUT_MS);
    this.tx.queue(fault);
  }

  /** Deals the next card; false when the shoe is empty, the window is full or the simulator is stopped. */
  deal(): boolean {
    if (!this.running || this.remaining === 0 || this.state === 'WAITING') return false;
    const seq = this.dealtCount + 1;
    const card = this.cards[seq - 1]!;
    const faults = this.plan.dealFaults(seq);
    if (faults.cutMs !== null) this.cut(faults.cutMs);
    if (faults.jam) this.tx.jam();
    if (faults.exposed || this.tx.take('exposed')) {
      if (!card.exposed) this.counters.faults.exposed++;
      card.exposed = true;
    }
    this.dealtCount = seq;
    this.emit('dealt', { seq, card: card.card, exposed: card.exposed });
    this.tx.card(seq, this.cards[seq - 1]!, true);
    if (this.remaining === 0) this.tx.frame({ kind: 'EMPTY', lastSeq: this.dealtCount });
    return true;
  }

  /**
   * A simulator restarted with the seed of the shoe the host has stored picks
   * that shoe up where the host stopped (the host asks `RESEND` from its next
   * card at start, and again when the shuffler announces the shoe it has
   * recorded), instead of dealing again cards the host already has.
   */
  resumeAt(lastStored: number): boolean {
    // Only when the host is ahead of everything this simulator dealt: a host filling a gap never asks past the cards dealt.
    if (lastStored <= this.dealtCount || this.ackedUpTo < this.dealtCount || lastStored >= this.cards.length) return false;
    this.dealtCount = this.ackedUpTo = lastStored;
    this.log.info(`resuming the shoe after card ${lastStored}, the last the host stored`);
    return true;
  }

  /** Resolves when every card is dealt and acknowledged. */
  whenComplete(): Promise<void> {
    if (this.remaining === 0 && this.ackedUpTo === this.cards.length) return Promise.resolve();
    return new Promise((resolve) => this.once('complete', resolve));
  }

  private readonly onData = (chunk: Buffer): void => {
    if (this.tx.isCut) return; // the line is dead both ways
    for (const item of this.decoder.decode(chunk)) this.onHostFrame(item);
  };

  private onHostFrame(item: ParsedFrame): void {
    if (!item.ok) return void this.log.warn({ raw: item.raw }, `bad frame from the host: ${item.error.message}`);
    const frame = item.frame;
    this.emit('received', frame);
    switch (frame.kind) {
      case 'ACK':
        return this.onAck(frame.seq);
      case 'RESEND':
        return this.onResend(frame.from);
      case 'STAT?':
        return this.tx.frame({ kind: 'STAT', state: this.state, remaining: this.remaining });
      case 'HELLO':
      case 'SHOE':
      case 'CARD':
      case 'EMPTY':
      case 'ERR':
      case 'STAT':
        return void this.log.warn({ frame }, 'a shuffler frame came from the host side; ignored');
      default: {
        const never: never = frame;
        throw new Error(`unhandled frame ${JSON.stringify(never)}`);
      }
    }
  }

  private onAck(seq: number): void {
    if (seq > this.dealtCount) return void this.log.warn(`ACK ${seq} for a card not dealt (dealt ${this.dealtCount})`);
    if (seq <= this.ackedUpTo) return;
    // The host stores strictly in order, so ACK n covers every card up to n.
    this.ackedUpTo = seq;
    this.emit('acked', seq);
    if (this.ackedUpTo === this.cards.length) this.emit('complete');
  }

  private onResend(from: number): void {
    if (from > this.dealtCount) {
      if (this.remaining === 0) this.tx.frame({ kind: 'EMPTY', lastSeq: this.dealtCount });
      return;
    }
    for (let seq = from; seq <= this.dealtCount; seq++) this.tx.card(seq, this.cards[seq - 1]!, false);
  }

  private resendOverdue(): void {
    const now = Date.now();
    for (let seq = this.ackedUpTo + 1; seq <= this.dealtCount; seq++) {
      if (now - this.tx.lastSentAt(seq) >= this.o.resendMs) this.tx.card(seq, this.cards[seq - 1]!, false);
    }
  }

  private heartbeat(): void {
    this.tx.frame({ kind: 'STAT', state: this.state, remaining: this.remaining });
    if (this.remaining === 0) this.tx.frame({ kind: 'EMPTY', lastSeq: this.dealtCount });
  }

  private cut(ms: number): void {
    this.tx.cut(ms);
    this.log.info(`line cut for ${ms} ms`);
  }

  private every(ms: number, task: () => void): void {
    const timer = setInterval(task, ms);
    timer.unref?.();
    this.timers.push(timer);
  }
}
