/**
 * What a simulated shuffler puts on the line (docs/serial-protocol.md#shuffler-to-host):
 * each frame with the transmission faults its plan draws for it plus those
 * asked for on demand, counted; when each card was last sent, for resends.
 */
import type { ShufflerFrame } from '../serial/frame.ts';
import type { Fault, FaultKind, FaultPlan, SendFaults } from './fault-plan.ts';
import type { FaultyLine } from './faulty-line.ts';
import type { ShoeCard } from './shuffled-shoe.ts';
import type { SimulatorCounters } from './simulator-options.ts';

/** Faults that act at their next chance on the line; `jam` and `cut` act at once and are not queued. */
export type QueuedFault = Exclude<Fault, { kind: 'jam' } | { kind: 'cut' }>;

export class Transmitter {
  readonly counters: SimulatorCounters = {
    framesSent: 0,
    cardsSent: 0,
    resent: 0,
    faults: { badChecksum: 0, garbage: 0, drop: 0, duplicate: 0, split: 0, exposed: 0, jam: 0, cut: 0 },
  };
  private readonly lastSent: number[] = [];
  private readonly pending: QueuedFault[] = [];

  constructor(
    private readonly line: FaultyLine,
    private readonly plan: FaultPlan,
    /** Told of each frame, with the faults applied (`drop` means it never left). */
    private readonly onSent: (frame: ShufflerFrame, applied: FaultKind[]) => void,
  ) {}

  /** True while a cut lasts: the line is dead both ways. */
  get isCut(): boolean {
    return this.line.isCut;
  }

  queue(fault: QueuedFault): void {
    this.pending.push(fault);
  }

  /** Takes a queued fault of this kind, if one waits. */
  take(kind: FaultKind): boolean {
    const i = this.pending.findIndex((f) => f.kind === kind);
    if (i < 0) return false;
    this.pending.splice(i, 1);
    return true;
  }

  cut(ms: number): void {
    this.counters.faults.cut++;
    this.line.cut(ms);
  }

  jam(): void {
    this.counters.faults.jam++;
    this.frame({ kind: 'ERR', code: 'JAM', text: 'Card jam' });
  }

  /** When card `seq` was last sent (0 if never). */
  lastSentAt(seq: number): number {
    return this.lastSent[seq] ?? 0;
  }

  card(seq: number, card: ShoeCard, first: boolean): void {
    this.lastSent[seq] = Date.now();
    if (!first) this.counters.resent++;
    this.counters.cardsSent++;
    const faults = this.plan.cardFaults(seq, first);
    for (const kind of ['badChecksum', 'drop', 'duplicate'] as const) faults[kind] ||= this.take(kind);
    this.frame({ kind: 'CARD', seq, card: card.card, exposed: card.exposed }, faults);
  }

  frame(frame: ShufflerFrame, faults: SendFaults = this.plan.frameFaults()): void {
    faults.garbage ||= this.take('garbage');
    faults.split ||= this.take('split');
    const applied = (['badChecksum', 'drop', 'duplicate', 'garbage', 'split'] as const).filter((kind) => faults[kind]);
    for (const kind of applied) this.counters.faults[kind]++;
    this.onSent(frame, applied);
    this.line.send(frame, faults);
    this.counters.framesSent++;
  }
}
