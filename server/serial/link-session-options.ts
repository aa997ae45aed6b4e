/**
 * What a shuffler link session (link-session.ts) is opened with — its sink,
 * its port and the timings of docs/serial-protocol.md — and the counters it
 * shows with the link status.
 */
import type { Logger } from 'pino';
import type { CardIntakeCounters } from './card-intake.ts';
import type { CardSink } from './card-sink.ts';
import type { FrameDecoderCounters } from './frame-decoder.ts';
import type { LinePort } from './line-port.ts';

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

export interface LinkCounters extends FrameDecoderCounters, CardIntakeCounters {
  acks: number;
  resends: number;
}
