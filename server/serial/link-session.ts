/**
 * The host side of the shuffler link TQ/1 (docs/serial-protocol.md).
 *
 * - A CARD is stored through the sink and acknowledged only once stored
 *   (the shuffler keeps resending it until then). Frames are handled strictly
 *   one at a time, in arrival order.
 * - A seq already stored is acknowledged again, never stored twice.
 * - A gap asks `RESEND` from the first missing card, once per gap (asked
 *   again every `gapResendMs` while unfilled); nothing after the gap is
 *   played until it is filled — docs/rules.md#dispensing-order: cards count strictly in the
 *   shuffler's dispensing order.
 * - A bad frame is logged, alerted and answered with `RESEND`.
 * - `EMPTY` ends the shoe only once every card up to its last seq is stored.
 * - Silence, `ERR` frames, refused cards and a lost port are alerts for the tailleur.
 */
import { pino, type Logger } from 'pino';
import type { CardSink, LinkAlert } from './card-sink.ts';
import { encodeFrame, type Frame, type ShufflerFrame } from './frame.ts';
import { FrameParser, type FrameParserCounters, type ParsedFrame } from './frame-parser.ts';
import type { LinePort } from './line-port.ts';
import { PortKeeper } from './port-keeper.ts';
import { ResendAsker } from './resend-asker.ts';
import { SilenceWatch } from './silence-watch.ts';

export interface LinkSessionOptions {
  sink: CardSink;
  /** An open port (SerialPort, SerialPortMock or any duplex with write/on('data')). */
  port?: LinePort;
  /** Opens the port: at start when no `port` is given, and again after a loss. */
  openPort?: () => Promise<LinePort>;
  /** Defaults to a silent logger (set `TQ_LOG_LEVEL` to hear it). */
  logger?: Logger;
  /** No frame for this long raises a `silent` alert. Defaults to `15000`. */
  silenceMs?: number;
  /** An unfilled gap is asked for again after this long; an identical RESEND is not repeated sooner. Defaults to `1000`. */
  gapResendMs?: number;
  /** Reopen back-off, first and longest delay in ms. Default `100` and `5000`. */
  reopenMinMs?: number;
  reopenMaxMs?: number;
  /** Longest frame accepted, in bytes. Defaults to `256`. */
  maxLineLength?: number;
}

export interface LinkCounters extends FrameParserCounters {
  acks: number;
  resends: number;
  /** CARD frames for seqs already stored: acknowledged again, not stored. */
  duplicates: number;
  stored: number;
  /** CARD frames after a gap, not played. */
  dropped: number;
  refused: number;
}

export class LinkSession {
  private readonly sink: CardSink;
  private readonly log: Logger;
  private readonly keeper: PortKeeper;
  private readonly silence: SilenceWatch;
  private readonly resends: ResendAsker;
  private readonly maxLineLength: number;
  private parser: FrameParser | null = null;
  private readonly retired: FrameParserCounters = { frames: 0, badFrames: 0, garbageBytes: 0 };
  private readonly own = { acks: 0, resends: 0, duplicates: 0, stored: 0, dropped: 0, refused: 0 };
  private tail: Promise<void> = Promise.resolve();
  private closed = false;
  private lastRefusal = '';
  private pendingEmpty: number | null = null;
  private emptied = false;

  constructor(options: LinkSessionOptions) {
    this.sink = options.sink;
    this.log = options.logger ?? pino({ level: process.env.TQ_LOG_LEVEL ?? 'silent' });
    this.silence = new SilenceWatch(
      options.silenceMs ?? 15_000,
      (quiet) => this.alert({ kind: 'silent', message: `no frame from the shuffler for ${Math.round(quiet / 1000)} s` }),
      () => this.log.info('the shuffler line speaks again'),
    );
    this.resends = new ResendAsker(
      options.gapResendMs ?? 1000,
      (from) => {
        if (this.send({ kind: 'RESEND', from })) this.own.resends++;
      },
      () => this.expected(),
    );
    this.maxLineLength = options.maxLineLength ?? 256;
    this.keeper = new PortKeeper(
      { port: options.port, openPort: options.openPort, reopenMinMs: options.reopenMinMs, reopenMaxMs: options.reopenMaxMs, logger: this.log },
      {
        data: (chunk) => this.parser?.write(chunk),
        lost: (why, attempting) => this.onLost(why, attempting),
        reopened: () => this.onReopened(),
      },
    );
  }

  /**
   * Opens or attaches the port, starts the silence watch, asks the shuffler's
   * status and, when cards are already stored (a restart mid-shoe), resumes
   * from the last of them: every card the shuffler dealt meanwhile is asked
   * for at once instead of waiting for its own one-second resend.
   */
  async start(): Promise<void> {
    this.newParser();
    await this.keeper.start();
    this.silence.start();
    this.send({ kind: 'STAT?' });
    if (this.sink.lastStoredSeq() > 0) this.resends.ask(this.expected(), true);
  }

  get counters(): LinkCounters {
    const p = this.parser?.counters ?? { frames: 0, badFrames: 0, garbageBytes: 0 };
    return {
      frames: this.retired.frames + p.frames,
      badFrames: this.retired.badFrames + p.badFrames,
      garbageBytes: this.retired.garbageBytes + p.garbageBytes,
      ...this.own,
    };
  }

  /** Resolves once every frame received so far has been handled. */
  idle(): Promise<void> {
    return this.tail;
  }

  /** Stops timers and reopening, detaches from the port (closing it if the session opened it). */
  async close(): Promise<void> {
    this.closed = true;
    this.silence.stop();
    this.resends.clearGap();
    await this.keeper.close();
    this.retireParser();
  }

  private newParser(): void {
    this.retireParser();
    const parser = new FrameParser({ maxLineLength: this.maxLineLength });
    parser.on('data', (item: ParsedFrame) => this.onParsed(item));
    this.parser = parser;
  }

  private retireParser(): void {
    if (!this.parser) return;
    this.retired.frames += this.parser.counters.frames;
    this.retired.badFrames += this.parser.counters.badFrames;
    this.retired.garbageBytes += this.parser.counters.garbageBytes;
    this.parser.removeAllListeners('data');
    this.parser = null;
  }

  private onParsed(item: ParsedFrame): void {
    if (this.closed) return;
    this.silence.heard();
    this.tail = this.tail.then(() => this.handle(item)).catch((e: unknown) => this.log.error({ err: e }, 'frame handling failed'));
  }

  private async handle(item: ParsedFrame): Promise<void> {
    if (this.closed) return;
    if (!item.ok) {
      this.log.warn({ raw: item.raw, code: item.error.code }, item.error.message);
      this.alert({ kind: 'bad-frame', code: item.error.code, message: item.error.message });
      this.resends.ask(this.expected());
      return;
    }
    this.log.debug({ frame: item.frame }, 'frame');
    await this.handleFrame(item.frame);
  }

  private async handleFrame(frame: Frame): Promise<void> {
    switch (frame.kind) {
      case 'HELLO':
        this.sink.status?.({ model: frame.model, firmware: frame.firmware });
        return;
      case 'STAT':
        this.sink.status?.({ state: frame.state, remaining: frame.remaining });
        return;
      case 'ERR':
        this.alert({ kind: 'shuffler-error', code: frame.code, message: `shuffler error ${frame.code}: ${frame.text}` });
        return;
      case 'SHOE':
        return this.onShoe(frame);
      case 'CARD':
        return this.onCard(frame);
      case 'EMPTY':
        return this.onEmpty(frame.lastSeq);
      case 'ACK':
      case 'RESEND':
      case 'STAT?':
        this.log.warn({ frame }, 'a host frame came from the shuffler side (echo on the line?); ignored');
        return;
      default: {
        const never: never = frame;
        throw new Error(`unhandled frame ${JSON.stringify(never)}`);
      }
    }
  }

  private async onShoe(frame: Extract<ShufflerFrame, { kind: 'SHOE' }>): Promise<void> {
    try {
      await this.sink.shoeReady(frame.serial, frame.cards);
    } catch (e) {
      this.alert({ kind: 'shuffler-error', code: 'SHOE_REFUSED', message: `shoe ${frame.serial} refused: ${errorText(e)}` });
      return;
    }
    this.resends.reset();
    this.pendingEmpty = null;
    this.emptied = false;
    this.log.info({ serial: frame.serial, cards: frame.cards }, 'new shoe');
    // A shuffler announcing the shoe already recorded was restarted: tell it where the record stands, so it deals on from there.
    if (this.sink.lastStoredSeq() > 0) this.resends.ask(this.expected(), true);
  }

  private async onCard(frame: Extract<ShufflerFrame, { kind: 'CARD' }>): Promise<void> {
    const expected = this.expected();
    if (frame.seq < expected) {
      const stored = this.sink.storedCard?.(frame.seq);
      if (stored !== undefined && stored.card !== frame.card) {
        this.own.refused++;
        const message = `card ${frame.seq} ${frame.card} is not the card ${frame.seq} already stored (${stored.card}): not acknowledged — a new shoe whose SHOE frame was lost?`;
        this.log.error(message);
        if (message !== this.lastRefusal) this.alert({ kind: 'card-refused', code: 'SEQ_MISMATCH', message });
        this.lastRefusal = message;
        return;
      }
      this.own.duplicates++;
      this.ack(frame.seq);
      return;
    }
    if (frame.seq > expected) {
      this.own.dropped++;
      this.openGap(expected, `card ${frame.seq} came while ${expected} is missing`);
      return;
    }
    try {
      await this.sink.storeCard({ seq: frame.seq, card: frame.card, exposed: frame.exposed });
    } catch (e) {
      this.own.refused++;
      const message = `card ${frame.seq} ${frame.card} refused: ${errorText(e)}`;
      this.log.error(message);
      if (message !== this.lastRefusal) this.alert({ kind: 'card-refused', code: errorCode(e), message });
      this.lastRefusal = message;
      return;
    }
    this.own.stored++;
    this.lastRefusal = '';
    this.ack(frame.seq);
    this.resends.stored();
    if (this.pendingEmpty !== null && this.sink.lastStoredSeq() >= this.pendingEmpty) await this.endShoe(this.pendingEmpty);
  }

  private async onEmpty(lastSeq: number): Promise<void> {
    const stored = this.sink.lastStoredSeq();
    if (stored === lastSeq) return this.endShoe(lastSeq);
    if (stored < lastSeq) {
      this.pendingEmpty = lastSeq;
      this.openGap(stored + 1, `EMPTY after card ${lastSeq}, but only ${stored} stored`);
      return;
    }
    this.alert({ kind: 'shuffler-error', code: 'EMPTY_MISMATCH', message: `EMPTY after card ${lastSeq}, but ${stored} cards are stored` });
  }

  private async endShoe(lastSeq: number): Promise<void> {
    this.pendingEmpty = null;
    if (this.emptied) return;
    try {
      await this.sink.shoeEmpty(lastSeq);
      this.emptied = true;
      this.log.info({ lastSeq }, 'shoe empty');
    } catch (e) {
      this.log.error({ err: e }, 'the sink refused the end of the shoe');
    }
  }

  private expected(): number {
    return this.sink.lastStoredSeq() + 1;
  }

  private openGap(from: number, why: string): void {
    if (this.resends.openGap(from)) this.alert({ kind: 'gap', message: `gap in the cards: ${why}; asking RESEND from ${from}` });
  }

  private ack(seq: number): void {
    if (this.send({ kind: 'ACK', seq })) this.own.acks++;
  }

  private send(frame: Frame): boolean {
    return this.keeper.write(encodeFrame(frame));
  }

  private alert(alert: LinkAlert): void {
    try {
      this.sink.alert(alert);
    } catch (e) {
      this.log.error({ err: e, alert }, 'the sink failed to take an alert');
    }
  }

  private onLost(why: string, attempting: boolean): void {
    this.log.error(`shuffler port lost: ${why}`);
    this.alert({ kind: 'port-lost', message: `shuffler port lost (${why})${attempting ? '; reopening' : ''}` });
  }

  private onReopened(): void {
    this.newParser();
    const from = this.expected();
    this.alert({ kind: 'port-reopened', message: `shuffler port reopened; asking RESEND from ${from}` });
    this.resends.ask(from, true);
  }
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function errorCode(e: unknown): string | undefined {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
