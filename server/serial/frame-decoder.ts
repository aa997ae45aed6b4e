/**
 * Finds TQ/1 frames (docs/serial-protocol.md#framing) in a serial byte stream.
 * A plain decoder: hand it each chunk as it comes (`decode`), take the frames
 * it completes. The link keeps one for its whole life; a reopened port only
 * drops the frame the loss cut short (`reset`).
 *
 * A frame runs from `$` to `\r\n`; bytes outside frames are garbage, skipped
 * and counted. A `$` inside a frame ends the frame before it as bad (its end
 * was lost) and starts a new one, so one lost `\r\n` costs one frame, not two.
 * Bad frames are returned as `{ ok: false }` items, never thrown: nothing
 * this decoder meets can make it throw.
 */
import { decodeFrame, FrameError, type Frame } from './frame.ts';

export type ParsedFrame = { ok: true; frame: Frame; raw: string } | { ok: false; error: FrameError; raw: string };

export interface FrameDecoderOptions {
  /** Longest frame kept, in bytes, `$` and `\r\n` included. A longer line is dropped as a bad frame. Defaults to `256`. */
  maxLineLength?: number;
}

export interface FrameDecoderCounters {
  /** Frames decoded. */
  frames: number;
  /** Lines between `$` and `\r\n` (or cut short) that are not frames. */
  badFrames: number;
  /** Bytes outside any frame: noise between frames and the tail of over-long lines. */
  garbageBytes: number;
}

const DOLLAR = 0x24;
const CR = 0x0d;
const LF = 0x0a;

export class FrameDecoder {
  readonly maxLineLength: number;
  readonly counters: FrameDecoderCounters = { frames: 0, badFrames: 0, garbageBytes: 0 };
  private readonly line: Buffer;
  private length = 0;
  private inFrame = false;
  private out: ParsedFrame[] = [];

  constructor({ maxLineLength = 256 }: FrameDecoderOptions = {}) {
    if (!Number.isInteger(maxLineLength) || maxLineLength < 8) {
      throw new RangeError(`maxLineLength must be a whole number ≥ 8, got ${maxLineLength}`);
    }
    this.maxLineLength = maxLineLength;
    this.line = Buffer.alloc(maxLineLength);
  }

  /** The frames (good and bad) that this chunk completes, in order. A string is read as latin1. */
  decode(chunk: Uint8Array | string): ParsedFrame[] {
    this.out = [];
    try {
      this.scan(typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    } catch (e) {
      // Defensive only: scan() has no throwing path, but a bug must not kill the link.
      this.bad(new FrameError('SYNTAX', `decoder fault: ${e instanceof Error ? e.message : String(e)}`), '');
    }
    return this.out;
  }

  /** The end of the stream: a frame still open is reported as cut short. */
  end(): ParsedFrame[] {
    this.out = [];
    if (this.inFrame) this.finishBad('the stream ended inside a frame');
    return this.out;
  }

  /** A new stream (a reopened port): a frame still open is dropped and counted as bad, not reported. */
  reset(): void {
    if (this.inFrame) this.counters.badFrames++;
    this.inFrame = false;
    this.length = 0;
  }

  private scan(bytes: Buffer): void {
    let i = 0;
    const n = bytes.length;
    while (i < n) {
      if (!this.inFrame) {
        const start = bytes.indexOf(DOLLAR, i);
        const end = start < 0 ? n : start;
        this.counters.garbageBytes += end - i;
        if (start < 0) return;
        this.inFrame = true;
        this.line[0] = DOLLAR;
        this.length = 1;
        i = start + 1;
        continue;
      }
      const b = bytes[i]!;
      if (b === DOLLAR) {
        this.finishBad('a new frame began before this one ended');
        continue; // the `$` is read again as the start of the next frame
      }
      this.line[this.length++] = b;
      i++;
      if (b === LF) {
        this.finishLine();
      } else if (this.length >= this.maxLineLength) {
        this.finishBad(`longer than maxLineLength ${this.maxLineLength}`);
      }
    }
  }

  private finishLine(): void {
    const raw = this.line.toString('latin1', 0, this.length);
    this.inFrame = false;
    if (this.length < 2 || this.line[this.length - 2] !== CR) {
      this.bad(new FrameError('SYNTAX', `${JSON.stringify(raw)} ends with LF instead of CR LF`), raw);
      return;
    }
    try {
      const frame = decodeFrame(raw);
      this.counters.frames++;
      this.out.push({ ok: true, frame, raw });
    } catch (e) {
      const error = e instanceof FrameError ? e : new FrameError('SYNTAX', e instanceof Error ? e.message : String(e));
      this.bad(error, raw);
    }
  }

  private finishBad(why: string): void {
    const raw = this.line.toString('latin1', 0, this.length);
    this.inFrame = false;
    this.bad(new FrameError('SYNTAX', `${JSON.stringify(raw.slice(0, 80))}: ${why}`), raw);
  }

  private bad(error: FrameError, raw: string): void {
    this.counters.badFrames++;
    this.out.push({ ok: false, error, raw });
  }
}
