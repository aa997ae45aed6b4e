/**
 * A Server-Sent Events reader over fetch, enough for the tests: it keeps
 * every frame (events and comments) in arrival order and lets a test wait
 * for the next one of a kind. `close` aborts the request as a browser tab
 * closing would.
 */
import type { LiveMessage } from '../../../../server/table/table.ts';

export interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

export class SseClient {
  readonly frames: SseFrame[] = [];
  #cursor = 0;
  #wake: (() => void) | undefined;
  #done = false;
  readonly #abort = new AbortController();

  private constructor(readonly response: Response) {}

  static async open(url: string, cookie: string | undefined, lastEventId?: string, path = '/api/events'): Promise<SseClient> {
    const abort = new AbortController();
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (cookie) headers.cookie = cookie;
    if (lastEventId) headers['last-event-id'] = lastEventId;
    const response = await fetch(`${url}${path}`, { headers, signal: abort.signal });
    const client = new SseClient(response);
    client.#abort.signal.addEventListener('abort', () => abort.abort());
    if (response.ok) void client.#read();
    return client;
  }

  /** The next frame after the last one taken that is an `event:` of this kind (or a comment when kind is ':'). */
  async next(kind: string, timeoutMs = 3000): Promise<SseFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.#cursor < this.frames.length) {
        const f = this.frames[this.#cursor++]!;
        if (kind === ':' ? f.comment !== undefined : f.event === kind) return f;
      }
      if (this.#done) throw new Error(`the stream ended before a "${kind}" frame`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no "${kind}" frame within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** The next `n` live messages (`event: table`), parsed. */
  async messages(n: number, timeoutMs = 3000): Promise<(LiveMessage & { sseId: string | undefined })[]> {
    const out = [];
    for (let k = 0; k < n; k++) {
      const f = await this.next('table', timeoutMs);
      out.push({ ...(JSON.parse(f.data!) as LiveMessage), sseId: f.id });
    }
    return out;
  }

  /** Live messages received and not yet taken, without waiting. */
  pending(): SseFrame[] {
    return this.frames.slice(this.#cursor).filter((f) => f.event === 'table');
  }

  close(): void {
    this.#abort.abort();
  }

  async #read(): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of this.response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          this.#frame(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
        }
      }
    } catch {
      // aborted by close(), or the server went away
    } finally {
      this.#done = true;
      this.#wake?.();
    }
  }

  #frame(block: string): void {
    const frame: SseFrame = {};
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) frame.comment = line.slice(1).trim();
      else if (line.startsWith('id: ')) frame.id = line.slice(4);
      else if (line.startsWith('event: ')) frame.event = line.slice(7);
      else if (line.startsWith('data: ')) frame.data = (frame.data === undefined ? '' : `${frame.data}\n`) + line.slice(6);
    }
    if (Object.keys(frame).length > 0) this.frames.push(frame);
    this.#wake?.();
  }
}
