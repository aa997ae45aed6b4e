/**
 * Writing Server-Sent Events (TOOLCHAIN-NOTES "Live push"): headers flushed
 * at once, no compression or proxy buffering, `id:`/`event:`/`data:` frames,
 * and `: ping` comments to keep idle connections open. A client that stops
 * reading is dropped rather than buffered without end: it reconnects with
 * Last-Event-ID and misses nothing.
 */
import type { Response } from 'express';

/** Bytes queued for one client before it is cut off. */
const MAX_QUEUED_BYTES = 4 * 1024 * 1024;
/** How long the browser waits before reconnecting. */
const RETRY_MS = 2000;

export class SseStream {
  #open = true;

  constructor(private readonly res: Response) {
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    res.once('close', () => (this.#open = false));
    this.#write(`retry: ${RETRY_MS}\n\n`);
  }

  get open(): boolean {
    return this.#open;
  }

  event(kind: string, data: unknown, id?: string): void {
    this.#write(`${id === undefined ? '' : `id: ${id}\n`}event: ${kind}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  comment(text: string): void {
    this.#write(`: ${text}\n\n`);
  }

  end(): void {
    if (this.#open) this.res.end();
    this.#open = false;
  }

  #write(frame: string): void {
    if (!this.#open) return;
    this.res.write(frame);
    if (this.res.writableLength > MAX_QUEUED_BYTES) this.res.destroy();
  }
}
