/**
 * The host side of the shuffler link TQ/1 (docs/serial-protocol.md).
 *
 * - Frames are handled strictly one at a time, in arrival order; the cards
 *   and EMPTY go to the card intake (`card-intake.ts`): a CARD is acknowledged
 *   only once stored, a gap asks `RESEND` (`resend-asker.ts`), EMPTY waits for
 *   its last card.
 * - Only within one shoe: the shuffler's shoe (its SHOE frame) is bound to
 *   the table's (`shoe-binding.ts`); a card of another shoe is refused and
 *   never stored, an EMPTY of another shoe is ignored, and no RESEND is
 *   asked on behalf of a shoe the table is not dealing.
 * - A bad frame is logged, alerted and answered with `RESEND`.
 * - Silence, `ERR` frames, refused cards and a lost port are alerts for the tailleur.
 * - One frame decoder for the session's whole life; a reopened port only
 *   drops the frame the loss cut short.
 */
import { pino, type Logger } from 'pino';
import { CardIntake, errorText } from './card-intake.ts';
import type { CardSink, LinkAlert } from './card-sink.ts';
import { encodeFrame, type Frame, type ShufflerFrame } from './frame.ts';
import { FrameDecoder, type ParsedFrame } from './frame-decoder.ts';
import type { LinkCounters, LinkSessionOptions } from './link-session-options.ts';
import { PortKeeper } from './port-keeper.ts';
import { ResendAsker } from './resend-asker.ts';
import { ShoeBinding } from './shoe-binding.ts';
import { SilenceWatch } from './silence-watch.ts';

export class LinkSession {
  private readonly sink: CardSink;
  private readonly log: Logger;
  private readonly keeper: PortKeeper;
  private readonly silence: SilenceWatch;
  private readonly resends: ResendAsker;
  private readonly decoder: FrameDecoder;
  private readonly intake: CardIntake;
  private readonly binding: ShoeBinding;
  private readonly own = { acks: 0, resends: 0 };
  private tail: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(options: LinkSessionOptions) {
    this.sink = options.sink;
    this.log = options.logger ?? pino({ level: process.env.TQ_LOG_LEVEL ?? 'silent' });
    this.silence = new SilenceWatch(
      options.silenceMs ?? 15_000,
      (quiet) =>
        this.alert({ kind: 'silent', message: `no frame from the shuffler for ${Math.round(quiet / 1000)} s`, params: { s: Math.round(quiet / 1000) } }),
      () => this.log.info('the shuffler line speaks again'),
    );
    this.binding = new ShoeBinding(this.sink);
    this.resends = new ResendAsker(
      options.gapResendMs ?? 1000,
      (from) => {
        // A RESEND is answered from the shuffler's shoe: asked for another shoe's sake, it would replay that shoe's cards.
        if (!this.binding.feedsTable)
          return void this.log.debug({ from, binding: this.binding.state }, 'no RESEND: the shuffler is not dealing the shoe in play');
        if (this.send({ kind: 'RESEND', from })) this.own.resends++;
      },
      () => this.expected(),
    );
    this.decoder = new FrameDecoder({ maxLineLength: options.maxLineLength });
    this.intake = new CardIntake({
      sink: this.sink,
      log: this.log,
      ack: (seq) => this.ack(seq),
      openGap: (from, why) => this.openGap(from, why),
      stored: () => {
        this.binding.stored();
        this.resends.stored();
      },
      emptied: (lastSeq) => this.binding.emptied(lastSeq),
      alert: (alert) => this.alert(alert),
    });
    this.keeper = new PortKeeper(
      { port: options.port, openPort: options.openPort, reopenMinMs: options.reopenMinMs, reopenMaxMs: options.reopenMaxMs, logger: this.log },
      {
        data: (chunk) => {
          for (const item of this.decoder.decode(chunk)) this.onParsed(item);
        },
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
    await this.keeper.start();
    this.binding.resume();
    this.silence.start();
    this.send({ kind: 'STAT?' });
    if (this.sink.lastStoredSeq() > 0) this.resends.ask(this.expected(), true);
  }

  get counters(): LinkCounters {
    return { ...this.decoder.counters, ...this.intake.counters, ...this.own };
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
        this.alert({
          kind: 'shuffler-error',
          code: frame.code,
          message: `shuffler error ${frame.code}: ${frame.text}`,
          params: { code: frame.code, text: frame.text },
        });
        return;
      case 'SHOE':
        return this.onShoe(frame);
      case 'CARD': {
        const refusal = this.binding.cardRefusal(frame.seq);
        if (refusal !== null) return this.intake.otherShoe(refusal);
        return this.intake.card(frame, this.binding.tag());
      }
      case 'EMPTY':
        if (!this.binding.feedsTable) return void this.log.debug({ frame, binding: this.binding.state }, 'EMPTY of a shoe the table is not dealing: ignored');
        return this.intake.empty(frame.lastSeq);
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
      this.alert({
        kind: 'shuffler-error',
        code: 'SHOE_REFUSED',
        message: `shoe ${frame.serial} refused: ${errorText(e)}`,
        params: { serial: frame.serial, why: errorText(e) },
      });
      this.binding.refused(frame.serial);
      return;
    }
    this.resends.reset();
    this.intake.newShoe();
    this.binding.shoe(frame.serial);
    this.log.info({ serial: frame.serial, cards: frame.cards }, 'new shoe');
    // the state word every screen shows is the shuffler's own: asked again now, not left at the last heartbeat's
    // EMPTY through the new shoe's burn (outsider pass 9; docs/serial-protocol.md)
    this.send({ kind: 'STAT?' });
    // A shuffler announcing the shoe already recorded was restarted: tell it where the record stands, so it deals on from there.
    if (this.sink.lastStoredSeq() > 0) this.resends.ask(this.expected(), true);
  }

  private expected(): number {
    return this.intake.expected();
  }

  private openGap(from: number, why: string): void {
    if (this.resends.openGap(from)) this.alert({ kind: 'gap', message: `gap in the cards: ${why}; asking RESEND from ${from}`, params: { from } });
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
    this.decoder.reset();
    this.log.error(`shuffler port lost: ${why}`);
    this.alert({ kind: 'port-lost', message: `shuffler port lost (${why})${attempting ? '; reopening' : ''}`, params: { why } });
  }

  private onReopened(): void {
    const from = this.expected();
    this.alert({ kind: 'port-reopened', message: `shuffler port reopened; asking RESEND from ${from}`, params: { from } });
    this.resends.ask(from, true);
  }
}
