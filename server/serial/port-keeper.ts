/**
 * Keeps the shuffler's serial line open (docs/serial-protocol.md#port-lost: the link must survive a
 * pulled cable or a shuffler power cycle). When the port closes or errors it
 * reports the loss, then reopens it through the caller's `openPort()` with
 * exponential back-off (100 ms doubling to 5 s by default) until it succeeds
 * or the keeper is closed.
 */
import type { Logger } from 'pino';
import { closeQuietly, writeLine, type LinePort } from './line-port.ts';

export interface PortKeeperOptions {
  /** An already open port, used first. */
  port?: LinePort;
  /** Opens the port; used when no `port` is given and to reopen after a loss. Without it a lost port stays lost. */
  openPort?: () => Promise<LinePort>;
  /** First reopen delay, in ms. Defaults to `100`. */
  reopenMinMs?: number;
  /** Longest reopen delay, in ms. Defaults to `5000`. */
  reopenMaxMs?: number;
  logger: Logger;
}

export interface PortKeeperHandlers {
  data(chunk: Buffer): void;
  /** The port closed or failed; `attempting` tells whether a reopen will be tried. */
  lost(why: string, attempting: boolean): void;
  /** A new port is open after a loss. */
  reopened(port: LinePort): void;
}

/** Delay before reopen attempt `attempt` (0-based): min × 2^attempt, capped at max. */
export function backoffDelay(attempt: number, minMs: number, maxMs: number): number {
  return Math.min(maxMs, minMs * 2 ** Math.min(attempt, 30));
}

export class PortKeeper {
  private port: LinePort | null = null;
  private closed = false;
  private reconnecting = false;
  private wake: { timer: ReturnType<typeof setTimeout>; resolve: () => void } | null = null;
  private readonly minMs: number;
  private readonly maxMs: number;

  constructor(
    private readonly options: PortKeeperOptions,
    private readonly on: PortKeeperHandlers,
  ) {
    this.minMs = options.reopenMinMs ?? 100;
    this.maxMs = options.reopenMaxMs ?? 5000;
  }

  /** Attaches the given port, or opens one; rejects if the first open fails. */
  async start(): Promise<void> {
    const port = this.options.port ?? (await this.open());
    this.attach(port);
  }

  /** Writes a line if a port is up; returns whether it was handed to the port. */
  write(line: string): boolean {
    if (!this.port) return false;
    writeLine(this.port, line, (error) => this.options.logger.warn({ err: error }, 'write to the shuffler port failed'));
    return true;
  }

  /** Stops reopening and closes the port if this keeper opened it. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.wake) {
      clearTimeout(this.wake.timer);
      this.wake.resolve();
    }
    const port = this.port;
    if (port) {
      this.detach(port);
      if (port !== this.options.port) await closeQuietly(port);
    }
  }

  private open(): Promise<LinePort> {
    if (!this.options.openPort) return Promise.reject(new Error('LinkSession needs a port or an openPort() factory'));
    return this.options.openPort();
  }

  private readonly onData = (chunk: Buffer): void => this.on.data(chunk);
  private readonly onClose = (): void => this.lose('the port closed');
  private readonly onError = (error: unknown): void => this.lose(`the port failed: ${error instanceof Error ? error.message : String(error)}`);

  private attach(port: LinePort): void {
    this.port = port;
    port.on('data', this.onData);
    port.on('close', this.onClose);
    port.on('error', this.onError);
  }

  private detach(port: LinePort): void {
    port.removeListener('data', this.onData);
    port.removeListener('close', this.onClose);
    port.removeListener('error', this.onError);
    // A dead port may still emit `error`; unheard, that would crash the process.
    port.on('error', () => {});
    if (this.port === port) this.port = null;
  }

  private lose(why: string): void {
    const port = this.port;
    if (this.closed || !port) return;
    this.detach(port);
    const attempting = this.options.openPort !== undefined;
    this.on.lost(why, attempting);
    if (attempting && !this.reconnecting) void this.reopen(port);
  }

  private async reopen(old: LinePort): Promise<void> {
    this.reconnecting = true;
    await closeQuietly(old);
    for (let attempt = 0; !this.closed; attempt++) {
      const delay = backoffDelay(attempt, this.minMs, this.maxMs);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        timer.unref?.();
        this.wake = { timer, resolve };
      });
      this.wake = null;
      if (this.closed) break;
      try {
        const port = await this.open();
        if (this.closed) {
          await closeQuietly(port);
          break;
        }
        this.reconnecting = false;
        this.attach(port);
        this.on.reopened(port);
        return;
      } catch (e) {
        this.options.logger.warn({ attempt: attempt + 1, err: e }, `reopen failed; next try in ${backoffDelay(attempt + 1, this.minMs, this.maxMs)} ms`);
      }
    }
    this.reconnecting = false;
  }
}
